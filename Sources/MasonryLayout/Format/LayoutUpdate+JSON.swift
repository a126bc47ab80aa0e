// Reading and writing updates as JSON (MasonryLayout.docc/ScenarioFiles.md).

extension LayoutUpdate {
    /// Heights may hold `null` (format v3: an item not measured yet), which reads as the
    /// `…Measurements` update of the same kind.
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
            try fields.refuseUnknownFields(allowing: ["section", "heights", "spans"])
            let section = try fields.integer("section"), spans = try fields.spans("spans")
            self = switch try Self.heights(fields) {
            case .numbers(let heights): .appendItems(section: section, heights: heights, spans: spans)
            case .measurements(let heights): .appendMeasurements(section: section, heights: heights, spans: spans)
            }
        case "setItemHeights":
            try fields.refuseUnknownFields(allowing: ["section", "startingAt", "heights", "spans"])
            let section = try fields.integer("section"), start = try fields.integer("startingAt"), spans = try fields.spans("spans")
            self = switch try Self.heights(fields) {
            case .numbers(let heights): .setItemHeights(section: section, startingAt: start, heights: heights, spans: spans)
            case .measurements(let heights): .setMeasurements(section: section, startingAt: start, heights: heights, spans: spans)
            }
        case "insertItems":
            try fields.refuseUnknownFields(allowing: ["section", "at", "heights", "spans"])
            let section = try fields.integer("section"), index = try fields.integer("at"), spans = try fields.spans("spans")
            self = switch try Self.heights(fields) {
            case .numbers(let heights): .insertItems(section: section, at: index, heights: heights, spans: spans)
            case .measurements(let heights): .insertMeasurements(section: section, at: index, heights: heights, spans: spans)
            }
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

    /// An update's `heights`: numbers only (format v2's updates), or with `null`s (format v3).
    private enum Heights {
        case numbers([Double])
        case measurements([Double?])
    }

    private static func heights(_ fields: JSONObjectReader) throws(LayoutError) -> Heights {
        let (numbers, nulls) = try fields.measurements("heights")
        guard let nulls else { return .numbers(numbers) }
        return .measurements(zip(numbers, nulls).map { $1 ? nil : $0 })
    }

    package func jsonText() -> String {
        let spansText = { (spans: [ItemSpan]?) in spans.map { ",\"spans\":\(SectionDescription.jsonList($0))" } ?? "" }
        let items = { (heights: [Double], spans: [ItemSpan]?) in "\"heights\":\(SectionDescription.jsonList(heights))" + spansText(spans) }
        let measurements = { (heights: [Double?], spans: [ItemSpan]?) in
            "\"heights\":\(SectionDescription.jsonList(heights.lazy.map(SectionDescription.JSONNumberOrNull.init)))" + spansText(spans)
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
        case .appendMeasurements(let section, let heights, let spans):
            return "{\"appendItems\":{\"section\":\(section),\(measurements(heights, spans))}}"
        case .setMeasurements(let section, let start, let heights, let spans):
            return "{\"setItemHeights\":{\"section\":\(section),\"startingAt\":\(start),\(measurements(heights, spans))}}"
        case .insertMeasurements(let section, let index, let heights, let spans):
            return "{\"insertItems\":{\"section\":\(section),\"at\":\(index),\(measurements(heights, spans))}}"
        }
    }
}
