// The engine protocol's messages: requests written as JSON lines, answers read back field by field.
import MasonryLayout

/// The version of the engine protocol this tool speaks (<doc:EngineProtocol>).
package let engineProtocolVersion = 1

/// One request of the engine protocol, written as one line of JSON.
enum EngineRequest {
    case hello(tool: String)
    case prepare(LayoutDescription)
    case apply([LayoutUpdate])
    case query(LayoutQuery)
    case frameOfItem(ItemIndexPath)
    case frameOfSupplementary(ElementKind, section: Int)
    case frameOfStamp(Int, section: Int)
    case contentSize

    /// The request as the engine reads it: one JSON object and a newline. O(the description or
    /// the updates' heights).
    var line: [UInt8] {
        let text = switch self {
        case .hello(let tool): "{\"op\":\"hello\",\"protocol\":\(engineProtocolVersion),\"tool\":\(Self.quoted(tool))}"
        case .prepare(let description): "{\"op\":\"prepare\",\"description\":\(description.jsonText())}"
        case .apply(let updates): "{\"op\":\"apply\",\"updates\":[\(updates.map { $0.jsonText() }.joined(separator: ","))]}"
        case .query(let query):
            "{\"op\":\"query\",\"rect\":\(Self.numbers(query.rect)),\"edges\":\"\(query.edges.rawValue)\",\"pinHeaders\":\(query.pinningHeaders)}"
        case .frameOfItem(let path): "{\"op\":\"frame\",\"kind\":\"item\",\"section\":\(path.section),\"item\":\(path.item)}"
        case .frameOfSupplementary(let kind, let section): "{\"op\":\"frame\",\"kind\":\"\(kind.rawValue)\",\"section\":\(section)}"
        case .frameOfStamp(let stamp, let section): "{\"op\":\"frame\",\"kind\":\"stamp\",\"section\":\(section),\"stamp\":\(stamp)}"
        case .contentSize: "{\"op\":\"contentSize\"}"
        }
        return Array(text.utf8) + [UInt8(ascii: "\n")]
    }

    /// The request in a finding's message: its name and arguments, without a description's or
    /// an update's heights (which the reproducer holds).
    var summary: String {
        switch self {
        case .hello: "hello"
        case .prepare(let description): "prepare (\(description.sections.count) sections, \(description.itemCount) items)"
        case .apply(let updates): "apply (\(updates.count) update\(updates.count == 1 ? "" : "s"): \(updates.map(Self.updateName).joined(separator: ", ")))"
        case .query(let query): "query \(Self.numbers(query.rect)) \(query.edges.rawValue)\(query.pinningHeaders ? " pinHeaders" : "")"
        case .frameOfItem(let path): "frame of item \(path.item) of section \(path.section)"
        case .frameOfSupplementary(let kind, let section): "frame of the \(kind.rawValue) of section \(section)"
        case .frameOfStamp(let stamp, let section): "frame of stamp \(stamp) of section \(section)"
        case .contentSize: "contentSize"
        }
    }

    private static func updateName(_ update: LayoutUpdate) -> String {
        String(update.jsonText().dropFirst(2).prefix { $0 != "\"" })
    }

    /// A rect as the protocol writes it, `[x,y,width,height]`, each number in Swift's shortest
    /// round-trip form (so `-0.0` keeps its sign).
    static func numbers(_ rect: Rect) -> String {
        "[\(rect.x),\(rect.y),\(rect.width),\(rect.height)]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20: quoted += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

/// What was wrong with an answer: a one-line reason, for a finding or a start error.
struct MalformedAnswer: Error, CustomStringConvertible {
    var description: String
}

/// One answer of the engine: a JSON object, read field by field with errors naming the field.
struct EngineAnswer {
    let members: [(key: String, value: JSONValue)]
    /// The answer as the engine wrote it, cut to 200 bytes, for messages.
    let excerpt: String

    /// Parses one line of the engine's output.
    init(line: [UInt8]) throws(MalformedAnswer) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw MalformedAnswer(description: "not JSON (\(error)): \(Self.excerpt(line))")
        }
        guard case .object(let members) = value else {
            throw MalformedAnswer(description: "not a JSON object: \(Self.excerpt(line))")
        }
        self.members = members
        excerpt = Self.excerpt(line)
    }

    subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The first 200 bytes of a line, for a message.
    static func excerpt(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(200), as: UTF8.self)
        return line.count > 200 ? text + "…" : text
    }

    // MARK: Fields

    /// The `error` an engine answers for a request it cannot carry out, if it did.
    var error: String? {
        if case .string(let text)? = self["error"] { text } else { nil }
    }

    func string(_ key: String) throws(MalformedAnswer) -> String {
        guard case .string(let text)? = self[key] else { throw wrongType(key, "a string") }
        return text
    }

    func integer(_ key: String) throws(MalformedAnswer) -> Int {
        guard case .number(let number)? = self[key], let integer = Int(exactly: number) else { throw wrongType(key, "an integer") }
        return integer
    }

    func boolean(_ key: String) throws(MalformedAnswer) -> Bool {
        guard case .bool(let value)? = self[key] else { throw wrongType(key, "true or false") }
        return value
    }

    /// The engine's own time for the request, when it times its work.
    func nanoseconds(required: Bool) throws(MalformedAnswer) -> Int64? {
        guard self["nanoseconds"] != nil || required else { return nil }
        guard case .number(let number)? = self["nanoseconds"], number >= 0, let value = Int64(exactly: number) else {
            throw wrongType("nanoseconds", "a whole number >= 0")
        }
        return value
    }

    /// `frame`: `[x, y, width, height]`, or null.
    func frame() throws(MalformedAnswer) -> Rect? {
        guard let value = self["frame"] else { throw wrongType("frame", "[x, y, width, height] or null") }
        if case .null = value { return nil }
        return try Self.rect(value, "frame")
    }

    /// `size`: `[width, height]`.
    func size() throws(MalformedAnswer) -> Size {
        guard case .array(let fields)? = self["size"], fields.count == 2,
              case .number(let width) = fields[0], case .number(let height) = fields[1] else {
            throw wrongType("size", "[width, height]")
        }
        return Size(width: width, height: height)
    }

    /// `elements`: `[[kind, section, item, x, y, width, height], …]`.
    func elements() throws(MalformedAnswer) -> [LayoutElement] {
        guard case .array(let list)? = self["elements"] else { throw wrongType("elements", "an array") }
        var elements: [LayoutElement] = []
        elements.reserveCapacity(list.count)
        for (index, value) in list.enumerated() {
            let path = "elements[\(index)]"
            guard case .array(let fields) = value, fields.count == 7, case .string(let kindName) = fields[0],
                  let kind = ElementKind(rawValue: kindName),
                  case .number(let section) = fields[1], let sectionIndex = Int(exactly: section),
                  case .number(let item) = fields[2], let itemIndex = Int(exactly: item) else {
                throw MalformedAnswer(description: "\(path): must be [\"header\"|\"item\"|\"footer\", section, item, x, y, width, height]")
            }
            elements.append(LayoutElement(kind: kind, section: sectionIndex, item: itemIndex,
                                          frame: try Self.rect(.array(Array(fields[3...])), path)))
        }
        return elements
    }

    private static func rect(_ value: JSONValue, _ path: String) throws(MalformedAnswer) -> Rect {
        guard case .array(let fields) = value, fields.count == 4 else {
            throw MalformedAnswer(description: "\(path): must be [x, y, width, height]")
        }
        var numbers: [Double] = []
        for field in fields {
            guard case .number(let number) = field else { throw MalformedAnswer(description: "\(path): must hold four numbers") }
            numbers.append(number)
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private func wrongType(_ key: String, _ expected: String) -> MalformedAnswer {
        guard let value = self[key] else { return MalformedAnswer(description: "\(key): missing, must be \(expected)") }
        return MalformedAnswer(description: "\(key): must be \(expected), got \(Self.describe(value))")
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "\(number)"
        case .string(let text): EngineRequest.quoted(text)
        case .array: "an array"
        case .object: "an object"
        }
    }
}
