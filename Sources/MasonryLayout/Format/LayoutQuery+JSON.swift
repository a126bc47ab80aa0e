// Reading and writing a scenario's queries as JSON (MasonryLayout.docc/ScenarioFiles.md).

extension LayoutQuery {
    /// `[x, y, width, height]` (closed, unpinned), or `{"rect": [x, y, width, height], "edges":
    /// "closed"|"open", "pinHeaders": bool}` with both options optional.
    package init(json value: JSONValue, at path: String) throws(LayoutError) {
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

    /// `[x, y, width, height]`, four finite numbers, width and height >= 0 (also a scenario
    /// anchor's viewport).
    package static func rect(json value: JSONValue, at path: String) throws(LayoutError) -> Rect {
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
    package func jsonText() -> String {
        let rectText = "[\(rect.x),\(rect.y),\(rect.width),\(rect.height)]"
        guard edges != .closed || pinningHeaders else { return rectText }
        return "{\"rect\":\(rectText),\"edges\":\"\(edges.rawValue)\",\"pinHeaders\":\(pinningHeaders)}"
    }
}
