// Reading and writing updates as JSON (MasonryLayout.docc/ScenarioFiles.md).

extension LayoutUpdate {
    /// `{"appendItems": {"section": 0, "heights": [...], "spans": [...]}}`, `{"setItemHeights":
    /// {"section", "startingAt", "heights", "spans"}}`, `{"insertItems": {"section", "at",
    /// "heights", "spans"}}` (`spans` optional), `{"deleteItems": {"section", "start", "end"}}`,
    /// `{"insertSection": {"at", "section": {format v2 section}}}`, `{"deleteSection": {"at"}}`,
    /// `{"setWidth": {"width"}}`.
    package init(json value: JSONValue, at path: String) throws(LayoutError) {
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

    package func jsonText() -> String {
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
