// SVGText: the SVG writer the drawings, diagrams and charts share.
/// A small SVG (XML) writer: elements with escaped attributes and text, one per line. Package-wide:
/// the layout drawings, the failure diagrams and the benchmark charts write SVG through it.
package struct SVGText {
    package private(set) var text = ""

    package init() {}

    /// `<name attributes>`, closed later by `close(name)`.
    package mutating func open(_ name: String, _ attributes: [String: String]) {
        text += "<\(name)\(Self.attributes(attributes))>\n"
    }

    package mutating func close(_ name: String) {
        text += "</\(name)>\n"
    }

    /// A whole element: empty, or holding `text`, with a `<title>` tooltip when `title` is given.
    package mutating func element(_ name: String, _ attributes: [String: String], text content: String? = nil, title: String? = nil) {
        let inner = (title.map { "<title>\(Self.escape($0))</title>" } ?? "") + (content.map(Self.escape) ?? "")
        text += inner.isEmpty ? "<\(name)\(Self.attributes(attributes))/>\n" : "<\(name)\(Self.attributes(attributes))>\(inner)</\(name)>\n"
    }

    /// Attributes in name order, so the same drawing is the same bytes.
    private static func attributes(_ attributes: [String: String]) -> String {
        attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    /// Text as XML character data or an attribute value. O(text.count).
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
