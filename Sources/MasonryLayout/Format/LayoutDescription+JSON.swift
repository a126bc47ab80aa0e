// Reading and writing the layout description format v3, a superset of v2 and v1.
/// Reading and writing the layout description format v3 (<doc:LayoutFormat>), a superset of v2
/// and v1: a v2 or v1 document reads as the same description.
extension LayoutDescription {
    /// The top-level fields of the format.
    static let fieldNames: Set<String> = [
        "width", "axis", "direction", "placement", "tieBreak", "sectionStart", "columnWidthRounding", "displayScale",
        "trailingItemSpacing", "unmeasuredItems", "remeasure", "scrollOrigin", "flowTolerance", "sections",
    ]

    /// Parses and validates a format v3 (or v2, or v1) JSON document. O(n) in its size.
    ///
    /// Unknown fields are refused rather than ignored, so a misspelt option cannot silently fall
    /// back to its default.
    public init(json: some Collection<UInt8>) throws(LayoutError) {
        try self.init(jsonValue: JSONParser.parse(json), at: "")
    }

    /// Reads a description from a parsed document; `path` prefixes the fields in errors.
    package init(jsonValue document: JSONValue, at path: String) throws(LayoutError) {
        let root = try JSONObjectReader(document, at: path)
        try root.refuseUnknownFields(allowing: Self.fieldNames)
        let width = try root.number("width")
        let axis: ScrollAxis = try root.enumeration("axis") ?? .vertical
        let direction: ColumnDirection = try root.enumeration("direction") ?? .leftToRight
        let placement: Placement = try root.enumeration("placement") ?? .shortestColumn
        let tieBreak: TieBreak = try root.enumeration("tieBreak") ?? .lowestIndex
        let sectionStart: SectionStart = try root.enumeration("sectionStart") ?? .belowLongestColumn
        let rounding: ColumnWidthRounding = try root.enumeration("columnWidthRounding") ?? .none
        let displayScale = try root.number("displayScale", default: 1)
        let trailingItemSpacing: TrailingItemSpacing = try root.enumeration("trailingItemSpacing") ?? .include
        let unmeasuredItems: UnmeasuredItems = try root.enumeration("unmeasuredItems") ?? .estimated
        let remeasure: Remeasure = try root.enumeration("remeasure") ?? .reflow
        let scrollOrigin: ScrollOrigin = try root.enumeration("scrollOrigin") ?? .start
        let flowTolerance = try root.optionalNumber("flowTolerance")
        let sectionValues = try root.array("sections")
        var sections: [SectionDescription] = []
        sections.reserveCapacity(sectionValues.count)
        for (index, value) in sectionValues.enumerated() {
            sections.append(try SectionDescription(json: value, at: root.fieldPath("sections[\(index)]")))
        }
        do {
            try self.init(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                          columnWidthRounding: rounding, displayScale: displayScale, trailingItemSpacing: trailingItemSpacing,
                          axis: axis, direction: direction, unmeasuredItems: unmeasuredItems, remeasure: remeasure,
                          scrollOrigin: scrollOrigin, flowTolerance: flowTolerance, sections: sections)
        } catch {
            // Validation names fields from the description's root; nest them under `path`.
            throw LayoutError(error.kind, at: path.isEmpty ? error.path : error.path.isEmpty ? path : "\(path).\(error.path)",
                              error.message)
        }
    }

    /// The description as format v3 JSON, with every top-level field written out and numbers in
    /// Swift's shortest round-trip form, so `LayoutDescription(json:)` reads back the same bits.
    public func jsonText() -> String {
        var text = "{\"width\":\(width),\"axis\":\"\(axis.rawValue)\",\"direction\":\"\(direction.rawValue)\","
        text += "\"placement\":\"\(placement.rawValue)\",\"tieBreak\":\"\(tieBreak.rawValue)\","
        text += "\"sectionStart\":\"\(sectionStart.rawValue)\",\"columnWidthRounding\":\"\(columnWidthRounding.rawValue)\","
        text += "\"displayScale\":\(displayScale),\"trailingItemSpacing\":\"\(trailingItemSpacing.rawValue)\","
        text += "\"unmeasuredItems\":\"\(unmeasuredItems.rawValue)\",\"remeasure\":\"\(remeasure.rawValue)\","
        text += "\"scrollOrigin\":\"\(scrollOrigin.rawValue)\","
        if let flowTolerance { text += "\"flowTolerance\":\(flowTolerance)," }
        text += "\"sections\":["
        for (index, section) in sections.enumerated() {
            if index > 0 { text += "," }
            text += section.jsonText()
        }
        text += "]}"
        return text
    }
}

extension SectionDescription {
    /// The fields of a section.
    static let fieldNames: Set<String> = [
        "columns", "minColumnWidth", "maxColumns", "inset", "columnSpacing", "itemSpacing", "headerHeight", "footerHeight",
        "itemHeights", "itemSpans", "estimatedItemHeight", "maxColumnWidth", "columnAlignment", "columnCountTolerance",
        "stamps", "columnWeights",
    ]

    init(json value: JSONValue, at path: String) throws(LayoutError) {
        let object = try JSONObjectReader(value, at: path)
        try object.refuseUnknownFields(allowing: Self.fieldNames)
        let columnCount = try Self.columnCount(of: object)
        var inset = EdgeInsets.zero
        if let insetValue = object.optional("inset") {
            let insetObject = try JSONObjectReader(insetValue, at: "\(path).inset")
            try insetObject.refuseUnknownFields(allowing: ["top", "left", "bottom", "right"])
            inset.top = try insetObject.number("top", default: 0)
            inset.left = try insetObject.number("left", default: 0)
            inset.bottom = try insetObject.number("bottom", default: 0)
            inset.right = try insetObject.number("right", default: 0)
        }
        let (heights, nulls) = try object.measurements("itemHeights")
        self.init(
            columnCount: columnCount,
            inset: inset,
            columnSpacing: try object.number("columnSpacing", default: 0),
            itemSpacing: try object.number("itemSpacing", default: 0),
            headerHeight: try object.number("headerHeight", default: 0),
            footerHeight: try object.number("footerHeight", default: 0),
            itemHeights: heights,
            itemSpans: try object.spans("itemSpans")
        )
        estimatedItemHeight = try object.optionalNumber("estimatedItemHeight")
        isUnmeasured = nulls
        maxColumnWidth = try object.optionalNumber("maxColumnWidth")
        columnAlignment = try object.enumeration("columnAlignment") ?? .leading
        columnCountTolerance = try object.optionalNumber("columnCountTolerance")
        stamps = try Self.stamps(of: object)
        if object.optional("columnWeights") != nil {
            guard object.optional("columnAlignment") == nil else {
                throw LayoutError(.unsupportedCombination, at: object.fieldPath("columnAlignment"),
                                  "is refused beside columnWeights: weighted columns fill the room between the insets")
            }
            columnWeights = try object.numbers("columnWeights")
        }
    }

    /// `stamps`, or nil when absent: each an object of exactly `x`, `y`, `width` and `height`.
    private static func stamps(of object: JSONObjectReader) throws(LayoutError) -> [Rect]? {
        guard object.optional("stamps") != nil else { return nil }
        var stamps: [Rect] = []
        for (index, value) in try object.array("stamps").enumerated() {
            let stamp = try JSONObjectReader(value, at: object.fieldPath("stamps[\(index)]"))
            try stamp.refuseUnknownFields(allowing: ["x", "y", "width", "height"])
            stamps.append(Rect(x: try stamp.number("x"), y: try stamp.number("y"), width: try stamp.number("width"),
                               height: try stamp.number("height")))
        }
        return stamps
    }

    /// `columns`, or `minColumnWidth` with an optional `maxColumns`: exactly one of the first two.
    private static func columnCount(of object: JSONObjectReader) throws(LayoutError) -> ColumnCount {
        switch (object.optional("columns"), object.optional("minColumnWidth")) {
        case (.some, .some):
            throw LayoutError(.unsupportedCombination, at: object.fieldPath("minColumnWidth"),
                              "is refused beside columns: give exactly one of the two")
        case (.none, .none) where object.optional("columnWeights") != nil:
            // The count is the weights' length (checked with the weights).
            return .fixed(try object.array("columnWeights").count)
        case (.none, .none):
            throw LayoutError(.missingField, at: object.fieldPath("columns"),
                              "is required (or minColumnWidth, for a column count that follows the width)")
        case (.some, .none):
            guard object.optional("maxColumns") == nil else {
                throw LayoutError(.unsupportedCombination, at: object.fieldPath("maxColumns"),
                                  "is refused beside columns: it bounds the column count that minColumnWidth gives")
            }
            return .fixed(try object.integer("columns"))
        case (.none, .some):
            return .adaptive(minColumnWidth: try object.number("minColumnWidth"), maxColumns: try object.optionalInteger("maxColumns"))
        }
    }

    func jsonText() -> String {
        var text = "{"
        switch columnCount {
        case .fixed(let count):
            text += "\"columns\":\(count),"
        case .adaptive(let minColumnWidth, let maxColumns):
            text += "\"minColumnWidth\":\(minColumnWidth),"
            if let maxColumns { text += "\"maxColumns\":\(maxColumns)," }
            if let columnCountTolerance { text += "\"columnCountTolerance\":\(columnCountTolerance)," }
        }
        if let maxColumnWidth { text += "\"maxColumnWidth\":\(maxColumnWidth)," }
        if columnAlignment != .leading { text += "\"columnAlignment\":\"\(columnAlignment.rawValue)\"," }
        if let columnWeights { text += "\"columnWeights\":\(Self.jsonList(columnWeights))," }
        text += "\"inset\":{\"top\":\(inset.top),\"left\":\(inset.left),"
        text += "\"bottom\":\(inset.bottom),\"right\":\(inset.right)},\"columnSpacing\":\(columnSpacing),"
        text += "\"itemSpacing\":\(itemSpacing),\"headerHeight\":\(headerHeight),\"footerHeight\":\(footerHeight),"
        if let unmeasuredMask {
            text += "\"itemHeights\":\(Self.jsonList(zip(itemHeights, unmeasuredMask).lazy.map { JSONNumberOrNull($1 ? nil : $0) }))"
        } else {
            text += "\"itemHeights\":\(Self.jsonList(itemHeights))"
        }
        if let estimatedItemHeight { text += ",\"estimatedItemHeight\":\(estimatedItemHeight)" }
        if let itemSpans { text += ",\"itemSpans\":\(Self.jsonList(itemSpans))" }
        if let stamps {
            text += ",\"stamps\":\(Self.jsonList(stamps.lazy.map { JSONStamp(rect: $0) }))"
        }
        text += "}"
        return text
    }

    /// A stamp as `jsonList` writes it: `{"x":…,"y":…,"width":…,"height":…}`.
    struct JSONStamp: CustomStringConvertible {
        let rect: Rect
        var description: String { "{\"x\":\(rect.x),\"y\":\(rect.y),\"width\":\(rect.width),\"height\":\(rect.height)}" }
    }

    /// A height or JSON's `null`, as `jsonList` writes it.
    struct JSONNumberOrNull: CustomStringConvertible {
        let value: Double?
        init(_ value: Double?) { self.value = value }
        var description: String { value.map(\.description) ?? "null" }
    }

    /// `[a,b,c]`, each element as its `description` writes it (numbers in shortest round-trip form).
    static func jsonList(_ values: some Sequence<some CustomStringConvertible>) -> String {
        var text = "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += value.description
        }
        return text + "]"
    }
}
