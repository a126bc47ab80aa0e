/// A layout description with a sequence of updates and rect queries: what a test or a fuzzer
/// reproduces, read and written as JSON (README.md, "Scenario files").
///
/// `{"description": {format v1}, "updates": [...], "queries": [[x, y, width, height], ...],
/// "threads": [1, 2]}`; `updates`, `queries` and `threads` default to empty. The updates are not
/// checked against the description when read (a scenario may hold updates that must be refused).
public struct LayoutScenario: Hashable, Sendable {
    public var description: LayoutDescription
    public var updates: [LayoutUpdate]
    public var queries: [Rect]
    /// Thread counts to run the optimized engine with (empty: the reader's choice).
    public var threads: [Int]

    public init(description: LayoutDescription, updates: [LayoutUpdate] = [], queries: [Rect] = [], threads: [Int] = []) {
        self.description = description
        self.updates = updates
        self.queries = queries
        self.threads = threads
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
                let path = "queries[\(index)]"
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
                queries.append(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
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
        let queryTexts = queries.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" }.joined(separator: ",")
        return "{\"description\":\(description.jsonText()),\n\"updates\":[\(updateTexts)],\n\"queries\":[\(queryTexts)],\n\"threads\":[\(threads.map(String.init).joined(separator: ","))]}\n"
    }
}

extension LayoutUpdate {
    /// `{"appendItems": {"section": 0, "heights": [...]}}`, `{"setItemHeights": {"section", "startingAt",
    /// "heights"}}`, `{"insertItems": {"section", "at", "heights"}}`, `{"deleteItems": {"section",
    /// "start", "end"}}`, `{"insertSection": {"at", "section": {format v1 section}}}`,
    /// `{"deleteSection": {"at"}}`, `{"setWidth": {"width"}}`.
    init(json value: JSONValue, at path: String) throws(LayoutError) {
        guard case .object(let members) = value, members.count == 1 else {
            throw LayoutError(.wrongType, at: path, "must be an object with one field naming the update")
        }
        let (kind, body) = members[0]
        let fields = try JSONObjectReader(body, at: "\(path).\(kind)")
        switch kind {
        case "appendItems":
            self = .appendItems(section: try fields.integer("section"), heights: try fields.numbers("heights"))
            try fields.refuseUnknownFields(allowing: ["section", "heights"])
        case "setItemHeights":
            self = .setItemHeights(section: try fields.integer("section"), startingAt: try fields.integer("startingAt"),
                                   heights: try fields.numbers("heights"))
            try fields.refuseUnknownFields(allowing: ["section", "startingAt", "heights"])
        case "insertItems":
            self = .insertItems(section: try fields.integer("section"), at: try fields.integer("at"), heights: try fields.numbers("heights"))
            try fields.refuseUnknownFields(allowing: ["section", "at", "heights"])
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
        let list = { (heights: [Double]) in heights.map { "\($0)" }.joined(separator: ",") }
        switch self {
        case .appendItems(let section, let heights):
            return "{\"appendItems\":{\"section\":\(section),\"heights\":[\(list(heights))]}}"
        case .setItemHeights(let section, let start, let heights):
            return "{\"setItemHeights\":{\"section\":\(section),\"startingAt\":\(start),\"heights\":[\(list(heights))]}}"
        case .insertItems(let section, let index, let heights):
            return "{\"insertItems\":{\"section\":\(section),\"at\":\(index),\"heights\":[\(list(heights))]}}"
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
