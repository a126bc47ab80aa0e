/// Reading and writing the layout description format v1 (README.md, "Layout description format").
extension LayoutDescription {
    /// Parses and validates a format v1 JSON document. O(n) in its size.
    ///
    /// Unknown fields are refused rather than ignored, so a misspelt option cannot silently fall
    /// back to its default.
    public init(json: some Collection<UInt8>) throws(LayoutError) {
        try self.init(jsonValue: JSONParser.parse(json), at: "")
    }

    /// Reads a description from a parsed document; `path` prefixes the fields in errors.
    init(jsonValue document: JSONValue, at path: String) throws(LayoutError) {
        let root = try JSONObjectReader(document, at: path)
        let width = try root.number("width")
        let placement: Placement = try root.enumeration("placement") ?? .shortestColumn
        let tieBreak: TieBreak = try root.enumeration("tieBreak") ?? .lowestIndex
        let sectionStart: SectionStart = try root.enumeration("sectionStart") ?? .belowLongestColumn
        let rounding: ColumnWidthRounding = try root.enumeration("columnWidthRounding") ?? .none
        let sectionValues = try root.array("sections")
        var sections: [SectionDescription] = []
        sections.reserveCapacity(sectionValues.count)
        for (index, value) in sectionValues.enumerated() {
            sections.append(try SectionDescription(json: value, at: root.fieldPath("sections[\(index)]")))
        }
        try root.refuseUnknownFields(allowing: ["width", "placement", "tieBreak", "sectionStart", "columnWidthRounding", "sections"])
        do {
            try self.init(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                          columnWidthRounding: rounding, sections: sections)
        } catch {
            // Validation names fields from the description's root; nest them under `path`.
            throw LayoutError(error.kind, at: path.isEmpty ? error.path : error.path.isEmpty ? path : "\(path).\(error.path)",
                              error.message)
        }
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
        let heights = try object.numbers("itemHeights")
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

