// `LayoutDrawing`: an SVG of a layout or a window of it, optionally with a query rect and its answer.
import MasonryLayout
import MasonrySupport

/// An SVG picture of any layout, or of a window of it: items coloured by section, headers and
/// footers in grey, stamps (format v3) hatched, and optionally a query rect with what it returns.
///
/// A drawing holds only the elements inside its window (found with one rect query, so a window
/// of a 10-million-item layout costs what the window shows), and refuses to draw more than
/// `maximumElements` of them: a picture is for looking at, never a 100 MB file.
package struct LayoutDrawing: Sendable {
    /// The part of the content drawn, in layout coordinates.
    package var window: Rect
    /// Everything in the window, in query order.
    package var elements: [LayoutElement]
    package var contentSize: Size
    /// A query rect to outline, and the elements it returned (drawn emphasised).
    package var query: (rect: Rect, hits: [LayoutElement])?
    /// The frames of the stamps that meet the window (`frame(ofStamp:inSection:)`), by section.
    package var stamps: [(section: Int, frame: Rect)]

    /// Most elements one drawing holds.
    package static let maximumElements = 20_000
    /// The picture's width in pixels for a vertical layout (its height for a horizontal one).
    static let pictureSpan = 600.0

    /// Why a drawing was refused.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The elements of `engine` inside `window` (the whole content when nil), with `query`'s answer
    /// when given. O(log n + k) for k elements in the window. Throws when the window holds more
    /// than `maximumElements` elements.
    package init(_ engine: some LayoutEngine, window: Rect? = nil, query: Rect? = nil) throws(Refusal) {
        contentSize = engine.contentSize
        let window = window ?? Rect(x: 0, y: 0, width: max(contentSize.width, 1), height: max(contentSize.height, 1))
        self.window = window
        elements = engine.elements(in: window)
        guard elements.count <= Self.maximumElements else {
            throw Refusal(description: "the window holds \(elements.count) elements, more than the \(Self.maximumElements) a drawing may: "
                          + "choose a smaller window (--window)")
        }
        self.query = query.map { ($0, engine.elements(in: $0)) }
        stamps = engine.layoutDescription.sections.indices.flatMap { section in
            (engine.layoutDescription.sections[section].stamps ?? []).indices.compactMap { stamp in
                engine.frame(ofStamp: stamp, inSection: section).flatMap { $0.intersects(window) ? (section, $0) : nil }
            }
        }
    }

    /// The SVG document. O(elements in the window).
    package func svg(title: String = "") -> String {
        // The short side spans `pictureSpan` pixels; the long side at most 50 times that.
        let scale = min(Self.pictureSpan / max(min(window.width, window.height), 1e-9),
                        50 * Self.pictureSpan / max(window.width, window.height, 1e-9))
        let margin = 20.0, top = title.isEmpty ? margin : 44
        let width = window.width * scale + 2 * margin
        let height = window.height * scale + top + margin
        var svg = SVGText()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": Self.number(width), "height": Self.number(height),
                         "viewBox": "0 0 \(Self.number(width)) \(Self.number(height))", "font-family": "sans-serif", "font-size": "11"])
        svg.element("rect", ["width": "100%", "height": "100%", "fill": "white"])
        if !title.isEmpty { svg.element("text", ["x": Self.number(margin), "y": "24", "font-size": "14"], text: title) }
        svg.open("g", ["transform": "translate(\(Self.number(margin - window.x * scale)),\(Self.number(top - window.y * scale))) scale(\(scale))",
                       "stroke-width": Self.number(1 / scale)])
        svg.element("rect", ["x": Self.number(window.x), "y": Self.number(window.y), "width": Self.number(window.width),
                             "height": Self.number(window.height), "fill": "#fafafa", "stroke": "#bbb"])
        if !stamps.isEmpty {
            // Stamps are the app's own views, not elements: hatched, behind nothing the layout placed.
            svg.open("defs", [:])
            svg.open("pattern", ["id": "stamp-hatch", "patternUnits": "userSpaceOnUse", "width": Self.number(6 / scale),
                                 "height": Self.number(6 / scale), "patternTransform": "rotate(45)"])
            svg.element("line", ["x1": "0", "y1": "0", "x2": "0", "y2": Self.number(6 / scale), "stroke": "#777",
                                 "stroke-width": Self.number(1.5 / scale)])
            svg.close("pattern")
            svg.close("defs")
            for (section, frame) in stamps {
                var attributes = Self.frameAttributes(frame)
                attributes["fill"] = "url(#stamp-hatch)"
                attributes["stroke"] = "#777"
                svg.element("rect", attributes, title: "stamp of section \(section): x \(frame.x), y \(frame.y), \(frame.width) × \(frame.height)")
            }
        }
        let hits = Set((query?.hits ?? []).map(ElementKey.init))
        for element in elements {
            let emphasised = hits.contains(ElementKey(element))
            let fill = element.kind == .item ? Self.palette[element.section % Self.palette.count] : "#d9d9d9"
            var attributes = Self.frameAttributes(element.frame)
            attributes["fill"] = fill
            attributes["fill-opacity"] = query == nil || emphasised ? "1" : "0.35"
            attributes["stroke"] = emphasised ? "#000" : "#555"
            svg.element("rect", attributes, title: "\(ElementKey(element)): x \(element.frame.x), y \(element.frame.y), "
                        + "\(element.frame.width) × \(element.frame.height)")
            // Labels only where they fit: about 8 pixels of text height.
            if element.kind == .item, element.frame.height * scale >= 12, element.frame.width * scale >= 24 {
                svg.element("text", ["x": Self.number(element.frame.x + 3 / scale), "y": Self.number(element.frame.y + 11 / scale),
                                     "font-size": Self.number(10 / scale), "fill": "#222"], text: "\(element.section).\(element.item)")
            }
        }
        if let query {
            var attributes = Self.frameAttributes(query.rect)
            attributes["fill"] = "none"
            attributes["stroke"] = "#e41a1c"
            attributes["stroke-width"] = Self.number(2 / scale)
            attributes["stroke-dasharray"] = "\(Self.number(6 / scale)),\(Self.number(3 / scale))"
            svg.element("rect", attributes, title: "query: \(query.rect), \(query.hits.count) element(s)")
        }
        svg.close("g")
        svg.close("svg")
        return svg.text
    }

    /// One colour per section, in turn (ColorBrewer Set3: light enough for black labels).
    static let palette = ["#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
                          "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"]

    private static func frameAttributes(_ frame: Rect) -> [String: String] {
        // Zero-size frames stay visible as hairlines.
        ["x": number(frame.x), "y": number(frame.y), "width": number(frame.width), "height": number(frame.height)]
    }

    /// Numbers as SVG reads them, short: four decimals at most.
    package static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}

/// An element's identity: its kind, section and item.
struct ElementKey: Hashable, CustomStringConvertible {
    var kind: ElementKind
    var section: Int
    var item: Int

    init(_ element: LayoutElement) {
        kind = element.kind
        section = element.section
        item = element.item
    }

    var description: String { kind == .item ? "item \(section).\(item)" : "\(kind.rawValue) of section \(section)" }
}
