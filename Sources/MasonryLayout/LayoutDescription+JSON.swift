/// Reading and writing the layout description format v1 (README.md, "Layout description format").
extension LayoutDescription {
    /// Parses and validates a format v1 JSON document. O(n) in its size.
    ///
    /// Unknown fields are refused rather than ignored, so a misspelt option cannot silently fall
    /// back to its default.
    public init(json: some Collection<UInt8>) throws(LayoutError) {
        let document = try JSONParser.parse(json)
        let root = try JSONObjectReader(document, at: "")
        let width = try root.number("width")
        let placement: Placement = try root.enumeration("placement") ?? .shortestColumn
        let tieBreak: TieBreak = try root.enumeration("tieBreak") ?? .lowestIndex
        let sectionStart: SectionStart = try root.enumeration("sectionStart") ?? .belowLongestColumn
        let rounding: ColumnWidthRounding = try root.enumeration("columnWidthRounding") ?? .none
        let sectionValues = try root.array("sections")
        var sections: [SectionDescription] = []
        sections.reserveCapacity(sectionValues.count)
        for (index, value) in sectionValues.enumerated() {
            sections.append(try SectionDescription(json: value, at: "sections[\(index)]"))
        }
        try root.refuseUnknownFields(allowing: ["width", "placement", "tieBreak", "sectionStart", "columnWidthRounding", "sections"])
        try self.init(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                      columnWidthRounding: rounding, sections: sections)
    }

    /// The description as format v1 JSON, with every field written out and numbers in Swift's
    /// shortest round-trip form, so `LayoutDescription(json:)` reads back the same bits.
    public func jsonText() -> String {
        var text = "{\"width\":\(width),\"placement\":\"\(placement.rawValue)\",\"tieBreak\":\"\(tieBreak.rawValue)\","
        text += "\"sectionStart\":\"\(sectionStart.rawValue)\",\"columnWidthRounding\":\"\(columnWidthRounding.rawValue)\",\"sections\":["
        for (index, section) in sections.enumerated() {
            if index > 0 { text += "," }
            text += section.jsonText()
        }
        text += "]}"
        return text
    }
}

extension SectionDescription {
    init(json value: JSONValue, at path: String) throws(LayoutError) {
        let object = try JSONObjectReader(value, at: path)
        let columns = try object.integer("columns")
        var inset = EdgeInsets.zero
        if let insetValue = object.optional("inset") {
            let insetObject = try JSONObjectReader(insetValue, at: "\(path).inset")
            inset.top = try insetObject.number("top", default: 0)
            inset.left = try insetObject.number("left", default: 0)
            inset.bottom = try insetObject.number("bottom", default: 0)
            inset.right = try insetObject.number("right", default: 0)
            try insetObject.refuseUnknownFields(allowing: ["top", "left", "bottom", "right"])
        }
        let heightValues = try object.array("itemHeights")
        var heights: [Double] = []
        heights.reserveCapacity(heightValues.count)
        for (index, heightValue) in heightValues.enumerated() {
            guard case .number(let height) = heightValue else {
                throw LayoutError(.wrongType, at: "\(path).itemHeights[\(index)]", "must be a number, got \(heightValue.typeName)")
            }
            heights.append(height)
        }
        self.init(
            columns: columns,
            inset: inset,
            columnSpacing: try object.number("columnSpacing", default: 0),
            itemSpacing: try object.number("itemSpacing", default: 0),
            headerHeight: try object.number("headerHeight", default: 0),
            footerHeight: try object.number("footerHeight", default: 0),
            itemHeights: heights
        )
        try object.refuseUnknownFields(allowing: [
            "columns", "inset", "columnSpacing", "itemSpacing", "headerHeight", "footerHeight", "itemHeights",
        ])
    }

    func jsonText() -> String {
        var text = "{\"columns\":\(columns),\"inset\":{\"top\":\(inset.top),\"left\":\(inset.left),"
        text += "\"bottom\":\(inset.bottom),\"right\":\(inset.right)},\"columnSpacing\":\(columnSpacing),"
        text += "\"itemSpacing\":\(itemSpacing),\"headerHeight\":\(headerHeight),\"footerHeight\":\(footerHeight),\"itemHeights\":["
        for (index, height) in itemHeights.enumerated() {
            if index > 0 { text += "," }
            text += "\(height)"
        }
        text += "]}"
        return text
    }
}

/// Typed access to one JSON object's fields, with errors that name the field's path.
private struct JSONObjectReader {
    let members: [(key: String, value: JSONValue)]
    let path: String

    init(_ value: JSONValue, at path: String) throws(LayoutError) {
        guard case .object(let members) = value else {
            throw LayoutError(.wrongType, at: path, "must be an object, got \(value.typeName)")
        }
        self.members = members
        self.path = path
    }

    private func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func optional(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    private func required(_ key: String) throws(LayoutError) -> JSONValue {
        guard let value = optional(key) else {
            throw LayoutError(.missingField, at: fieldPath(key), "is required")
        }
        return value
    }

    func number(_ key: String) throws(LayoutError) -> Double {
        try number(key, value: required(key))
    }

    func number(_ key: String, default fallback: Double) throws(LayoutError) -> Double {
        guard let value = optional(key) else { return fallback }
        return try number(key, value: value)
    }

    private func number(_ key: String, value: JSONValue) throws(LayoutError) -> Double {
        guard case .number(let number) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be a number, got \(value.typeName)")
        }
        return number
    }

    /// An integral number (`2` or `2.0`); fractions, infinities and values beyond `Int` are refused.
    func integer(_ key: String) throws(LayoutError) -> Int {
        let value = try number(key)
        guard value.isFinite, value.rounded(.towardZero) == value, let integer = Int(exactly: value) else {
            throw LayoutError(.invalidValue, at: fieldPath(key), "must be an integer, got \(value)")
        }
        return integer
    }

    func array(_ key: String) throws(LayoutError) -> [JSONValue] {
        let value = try required(key)
        guard case .array(let elements) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be an array, got \(value.typeName)")
        }
        return elements
    }

    func enumeration<Value: RawRepresentable & CaseIterable>(_ key: String) throws(LayoutError) -> Value?
    where Value.RawValue == String {
        guard let value = optional(key) else { return nil }
        let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        guard case .string(let text) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be \(allowed), got \(value.typeName)")
        }
        guard let result = Value(rawValue: text) else {
            throw LayoutError(.invalidValue, at: fieldPath(key), "must be \(allowed), got \"\(text)\"")
        }
        return result
    }

    /// Refuses any field of this object that is not in `known`, the format's names at this level.
    func refuseUnknownFields(allowing known: Set<String>) throws(LayoutError) {
        for member in members where !known.contains(member.key) {
            throw LayoutError(.unknownField, at: fieldPath(member.key), "is not a field of format v1 here")
        }
    }
}
