/// A layout description with a sequence of updates and rect queries: what a test or a fuzzer
/// reproduces, read and written as JSON (README.md, "Scenario files").
///
/// `{"description": {format v2}, "updates": [...], "queries": [[x, y, width, height] or
/// {"rect": [x, y, width, height], "edges": "open", "pinHeaders": true}, ...], "threads": [1, 2]}`;
/// `updates`, `queries` and `threads` default to empty. The updates are not checked against the
/// description when read (a scenario may hold updates that must be refused).
public struct LayoutScenario: Hashable, Sendable {
    public var description: LayoutDescription
    public var updates: [LayoutUpdate]
    public var queries: [LayoutQuery]
    /// Thread counts to run the optimized engine with (empty: the reader's choice).
    public var threads: [Int]

    public init(description: LayoutDescription, updates: [LayoutUpdate] = [], queries: [LayoutQuery] = [], threads: [Int] = []) {
        self.description = description
        self.updates = updates
        self.queries = queries
        self.threads = threads
    }

    /// A scenario whose queries are all closed and unpinned, as format v1 scenarios hold them.
    public init(description: LayoutDescription, updates: [LayoutUpdate] = [], queries rects: [Rect], threads: [Int] = []) {
        self.init(description: description, updates: updates, queries: rects.map { LayoutQuery($0) }, threads: threads)
    }

    /// Reads a scenario document. O(n) in its size.
    public init(json: some Collection<UInt8>) throws(LayoutError) {
        let root = try JSONObjectReader(JSONParser.parse(json), at: "")
        guard let descriptionValue = root.optional("description") else {
            throw LayoutError(.missingField, at: "description", "is required")
        }
        description = try LayoutDescription(jsonValue: descriptionValue, at: "description")
        updates = []
        if root.optional("updates") != nil {
            for (index, value) in try root.array("updates").enumerated() {
                updates.append(try LayoutUpdate(json: value, at: "updates[\(index)]"))
            }
        }
        queries = []
        if root.optional("queries") != nil {
            for (index, value) in try root.array("queries").enumerated() {
                queries.append(try LayoutQuery(json: value, at: "queries[\(index)]"))
            }
        }
        threads = []
        if root.optional("threads") != nil {
            for (index, value) in try root.array("threads").enumerated() {
                guard case .number(let number) = value, let count = Int(exactly: number), (1...4096).contains(count) else {
                    throw LayoutError(.invalidValue, at: "threads[\(index)]", "must be an integer in 1...4096")
                }
                threads.append(count)
            }
        }
        try root.refuseUnknownFields(allowing: ["description", "updates", "queries", "threads"])
    }

    /// The scenario as JSON, numbers in Swift's shortest round-trip form (read back bit for bit).
    public func jsonText() -> String {
        let updateTexts = updates.map { "\n  \($0.jsonText())" }.joined(separator: ",")
        let queryTexts = queries.map { $0.jsonText() }.joined(separator: ",")
        return "{\"description\":\(description.jsonText()),\n\"updates\":[\(updateTexts)],\n\"queries\":[\(queryTexts)],\n\"threads\":[\(threads.map(String.init).joined(separator: ","))]}\n"
    }
}

extension LayoutQuery {
    /// `[x, y, width, height]` (closed, unpinned), or `{"rect": [x, y, width, height], "edges":
    /// "closed"|"open", "pinHeaders": bool}` with both options optional.
    init(json value: JSONValue, at path: String) throws(LayoutError) {
        guard case .object = value else {
            self.init(try Self.rect(json: value, at: path))
            return
        }
        let fields = try JSONObjectReader(value, at: path)
        self.init(try Self.rect(json: fields.required("rect"), at: fields.fieldPath("rect")),
                  edges: try fields.enumeration("edges") ?? .closed,
                  pinningHeaders: try fields.boolean("pinHeaders", default: false))
        try fields.refuseUnknownFields(allowing: ["rect", "edges", "pinHeaders"])
    }

    private static func rect(json value: JSONValue, at path: String) throws(LayoutError) -> Rect {
        guard case .array(let fields) = value, fields.count == 4 else {
            throw LayoutError(.wrongType, at: path, "must be an array [x, y, width, height]")
        }
        var numbers: [Double] = []
        for field in fields {
            guard case .number(let number) = field, number.isFinite else {
                throw LayoutError(.invalidValue, at: path, "must hold four finite numbers")
            }
            numbers.append(number)
        }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            throw LayoutError(.invalidValue, at: path, "width and height must be >= 0")
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The array form when the options are the defaults, so format v1 scenarios read and write unchanged.
    func jsonText() -> String {
        let rectText = "[\(rect.x),\(rect.y),\(rect.width),\(rect.height)]"
        guard edges != .closed || pinningHeaders else { return rectText }
        return "{\"rect\":\(rectText),\"edges\":\"\(edges.rawValue)\",\"pinHeaders\":\(pinningHeaders)}"
    }
}

extension LayoutUpdate {
    /// `{"appendItems": {"section": 0, "heights": [...], "spans": [...]}}`, `{"setItemHeights":
    /// {"section", "startingAt", "heights", "spans"}}`, `{"insertItems": {"section", "at",
    /// "heights", "spans"}}` (`spans` optional), `{"deleteItems": {"section", "start", "end"}}`,
    /// `{"insertSection": {"at", "section": {format v2 section}}}`, `{"deleteSection": {"at"}}`,
    /// `{"setWidth": {"width"}}`.
    init(json value: JSONValue, at path: String) throws(LayoutError) {
        guard case .object(let members) = value, members.count == 1 else {
            throw LayoutError(.wrongType, at: path, "must be an object with one field naming the update")
        }
        let (kind, body) = members[0]
        let fields = try JSONObjectReader(body, at: "\(path).\(kind)")
        switch kind {
        case "appendItems":
            self = .appendItems(section: try fields.integer("section"), heights: try fields.numbers("heights"),
                                spans: try fields.spans("spans"))
            try fields.refuseUnknownFields(allowing: ["section", "heights", "spans"])
        case "setItemHeights":
            self = .setItemHeights(section: try fields.integer("section"), startingAt: try fields.integer("startingAt"),
                                   heights: try fields.numbers("heights"), spans: try fields.spans("spans"))
            try fields.refuseUnknownFields(allowing: ["section", "startingAt", "heights", "spans"])
        case "insertItems":
            self = .insertItems(section: try fields.integer("section"), at: try fields.integer("at"), heights: try fields.numbers("heights"),
                                spans: try fields.spans("spans"))
            try fields.refuseUnknownFields(allowing: ["section", "at", "heights", "spans"])
        case "deleteItems":
            let start = try fields.integer("start"), end = try fields.integer("end")
            guard start <= end else { throw LayoutError(.invalidValue, at: fields.fieldPath("end"), "must be >= start") }
            self = .deleteItems(section: try fields.integer("section"), range: start..<end)
            try fields.refuseUnknownFields(allowing: ["section", "start", "end"])
        case "insertSection":
            guard let section = fields.optional("section") else {
                throw LayoutError(.missingField, at: fields.fieldPath("section"), "is required")
            }
            self = .insertSection(try SectionDescription(json: section, at: fields.fieldPath("section")), at: try fields.integer("at"))
            try fields.refuseUnknownFields(allowing: ["at", "section"])
        case "deleteSection":
            self = .deleteSection(at: try fields.integer("at"))
            try fields.refuseUnknownFields(allowing: ["at"])
        case "setWidth":
            self = .setWidth(try fields.number("width"))
            try fields.refuseUnknownFields(allowing: ["width"])
        default:
            throw LayoutError(.invalidValue, at: "\(path).\(kind)", "is not an update (appendItems, setItemHeights, insertItems, deleteItems, insertSection, deleteSection, setWidth)")
        }
    }

    func jsonText() -> String {
        let items = { (heights: [Double], spans: [ItemSpan]?) in
            "\"heights\":\(SectionDescription.jsonList(heights))" + (spans.map { ",\"spans\":\(SectionDescription.jsonList($0))" } ?? "")
        }
        switch self {
        case .appendItems(let section, let heights, let spans):
            return "{\"appendItems\":{\"section\":\(section),\(items(heights, spans))}}"
        case .setItemHeights(let section, let start, let heights, let spans):
            return "{\"setItemHeights\":{\"section\":\(section),\"startingAt\":\(start),\(items(heights, spans))}}"
        case .insertItems(let section, let index, let heights, let spans):
            return "{\"insertItems\":{\"section\":\(section),\"at\":\(index),\(items(heights, spans))}}"
        case .deleteItems(let section, let range):
            return "{\"deleteItems\":{\"section\":\(section),\"start\":\(range.lowerBound),\"end\":\(range.upperBound)}}"
        case .insertSection(let section, let index):
            return "{\"insertSection\":{\"at\":\(index),\"section\":\(section.jsonText())}}"
        case .deleteSection(let index):
            return "{\"deleteSection\":{\"at\":\(index)}}"
        case .setWidth(let width):
            return "{\"setWidth\":{\"width\":\(width)}}"
        }
    }
}
