// The checks a description passes when it is made: every field, with its path in the errors.

extension LayoutDescription {
    /// Checks every field and resolves every adaptive section's column count for `width`.
    mutating func validate() throws(LayoutError) {
        try Self.checkLength(width, at: "width", positive: true)
        try Self.checkLength(displayScale, at: "displayScale", positive: true)
        if unmeasuredItems == .deferred, sectionStart == .continueColumns {
            throw LayoutError(.unsupportedCombination, at: "unmeasuredItems",
                              "\"deferred\" needs sectionStart \"belowLongestColumn\" (a section's reserved rows would move the columns the next one continues)")
        }
        if trailingItemSpacing == .exclude, sectionStart == .continueColumns {
            throw LayoutError(.unsupportedCombination, at: "trailingItemSpacing",
                              "\"exclude\" needs sectionStart \"belowLongestColumn\" (sections that continue columns share their ends)")
        }
        if remeasure == .keepColumns, sectionStart == .continueColumns {
            throw LayoutError(.unsupportedCombination, at: "remeasure",
                              "\"keepColumns\" needs sectionStart \"belowLongestColumn\" (a re-stacked section would move the columns the next one continues)")
        }
        if let flowTolerance {
            try Self.checkLength(flowTolerance, at: "flowTolerance")
            guard placement == .shortestColumn else {
                throw LayoutError(.unsupportedCombination, at: "flowTolerance",
                                  "needs placement \"shortestColumn\": it widens the shortest-column tie, and round robin has none")
            }
        }
        guard sections.count <= LayoutLimits.maximumSections else {
            throw LayoutError(.invalidValue, at: "sections",
                              "at most \(LayoutLimits.maximumSections) sections, got \(sections.count)")
        }
        for index in sections.indices {
            try validateSection(at: index)
        }
    }

    /// Checks section `index` alone and against the layout (its column count and width, the
    /// section mode), resolving its column count first if it is adaptive.
    mutating func validateSection(at index: Int) throws(LayoutError) {
        let path = "sections[\(index)]"
        switch sections[index].columnCount {
        case .fixed(let columns):
            guard (1...LayoutLimits.maximumColumns).contains(columns) else {
                if let weights = sections[index].columnWeights, weights.count == columns {
                    throw LayoutError(.invalidValue, at: "\(path).columnWeights",
                                      "must have 1 to \(LayoutLimits.maximumColumns) weights, got \(weights.count)")
                }
                throw LayoutError(.invalidValue, at: "\(path).columns",
                                  "must be an integer >= 1 and <= \(LayoutLimits.maximumColumns), got \(columns)")
            }
        case .adaptive(let minColumnWidth, let maxColumns):
            try Self.checkLength(minColumnWidth, at: "\(path).minColumnWidth", positive: true)
            if let maxColumns, maxColumns < 1 {
                throw LayoutError(.invalidValue, at: "\(path).maxColumns", "must be an integer >= 1, got \(maxColumns)")
            }
        }
        let section = sections[index]
        try Self.checkLength(section.inset.top, at: "\(path).inset.top")
        try Self.checkLength(section.inset.left, at: "\(path).inset.left")
        try Self.checkLength(section.inset.bottom, at: "\(path).inset.bottom")
        try Self.checkLength(section.inset.right, at: "\(path).inset.right")
        try Self.checkLength(section.columnSpacing, at: "\(path).columnSpacing")
        try Self.checkLength(section.itemSpacing, at: "\(path).itemSpacing")
        try Self.checkLength(section.headerHeight, at: "\(path).headerHeight")
        try Self.checkLength(section.footerHeight, at: "\(path).footerHeight")
        try Self.checkItemHeights(section.itemHeights, from: 0, at: "\(path).itemHeights")
        if let spans = section.itemSpans {
            guard spans.count == section.itemHeights.count else {
                throw LayoutError(.invalidValue, at: "\(path).itemSpans",
                                  "must have one entry per item of itemHeights (\(section.itemHeights.count)), got \(spans.count)")
            }
            try Self.checkItemSpans(spans, from: 0, at: "\(path).itemSpans")
        }
        try validateUnmeasuredItems(ofSection: index)
        try Self.validateColumnOptions(of: section, at: path)
        if case .adaptive(let minColumnWidth, let maxColumns) = section.columnCount {
            sections[index].resolvedColumns = LayoutArithmetic.adaptiveColumnCount(
                width: width, inset: section.inset, columnSpacing: section.columnSpacing,
                minColumnWidth: minColumnWidth, maxColumns: maxColumns, tolerance: section.columnCountTolerance)
        }
        let columns = sections[index].columns
        if sections[index].columnWeights != nil {
            // Each weighted column its own width: a small weight may round to nothing.
            let narrowest = narrowestColumn(ofSection: index)
            guard narrowest.width > 0 else {
                throw LayoutError(.invalidValue, at: "\(path).columnWeights[\(narrowest.column)]",
                                  "leaves column \(narrowest.column) no room in width \(width): its width would be \(narrowest.width)")
            }
        }
        let columnWidth = columnWidth(ofSection: index)
        guard columnWidth > 0 else {
            throw LayoutError(.invalidValue, at: path,
                              "insets and column spacing leave no room for \(columns) column(s) in width \(width): column width would be \(columnWidth)")
        }
        if sectionStart == .continueColumns {
            guard section.headerHeight == 0, section.footerHeight == 0 else {
                throw LayoutError(.unsupportedCombination, at: path,
                                  "sectionStart \"continueColumns\" allows no headers or footers")
            }
            guard columns == sections[0].columns else {
                let field = section.columnCount.fixedCount == nil ? "minColumnWidth" : "columns"
                throw LayoutError(.unsupportedCombination, at: "\(path).\(field)",
                                  "sectionStart \"continueColumns\" needs the same column count in every section: \(columns) here, \(sections[0].columns) in sections[0]")
            }
        }
    }

    /// Checks a section's format v3 column options: a positive `maxColumnWidth`, stamps of
    /// lengths, a `columnCountTolerance` of at least 0 and only where the count is adaptive.
    /// O(stamps).
    private static func validateColumnOptions(of section: SectionDescription, at path: @autoclosure () -> String) throws(LayoutError) {
        if let maxColumnWidth = section.maxColumnWidth {
            try checkLength(maxColumnWidth, at: "\(path()).maxColumnWidth", positive: true)
        }
        for (index, stamp) in (section.stamps ?? []).enumerated() {
            try checkLength(stamp.x, at: "\(path()).stamps[\(index)].x")
            try checkLength(stamp.y, at: "\(path()).stamps[\(index)].y")
            try checkLength(stamp.width, at: "\(path()).stamps[\(index)].width")
            try checkLength(stamp.height, at: "\(path()).stamps[\(index)].height")
        }
        if let weights = section.columnWeights { try validateColumnWeights(weights, of: section, at: path()) }
        if let tolerance = section.columnCountTolerance {
            guard section.columnCount.fixedCount == nil else {
                throw LayoutError(.unsupportedCombination, at: "\(path()).columnCountTolerance",
                                  "needs minColumnWidth: it rounds the column count that minColumnWidth gives, and columns fixes the count")
            }
            try checkLength(tolerance, at: "\(path()).columnCountTolerance")
        }
    }

    /// Checks `columnWeights` (format v3): one positive finite weight per column of a fixed
    /// count, a finite sum, and neither `maxColumnWidth` nor `center` alignment beside them.
    /// O(columns).
    private static func validateColumnWeights(_ weights: [Double], of section: SectionDescription, at path: String) throws(LayoutError) {
        let field = "\(path).columnWeights"
        guard let columns = section.columnCount.fixedCount else {
            throw LayoutError(.unsupportedCombination, at: field,
                              "is refused beside minColumnWidth: the weights give the column count")
        }
        guard weights.count == columns else {
            throw LayoutError(.invalidValue, at: field, "must have one weight per column (columns is \(columns)), got \(weights.count)")
        }
        if section.maxColumnWidth != nil {
            throw LayoutError(.unsupportedCombination, at: "\(path).maxColumnWidth",
                              "is refused beside columnWeights: weighted columns fill the room between the insets")
        }
        if section.columnAlignment != .leading {
            throw LayoutError(.unsupportedCombination, at: "\(path).columnAlignment",
                              "is refused beside columnWeights: weighted columns fill the room between the insets")
        }
        for (index, weight) in weights.enumerated() where !(weight.isFinite && weight > 0) {
            throw LayoutError(.invalidValue, at: "\(field)[\(index)]", "must be a finite number > 0, got \(weight)")
        }
        let sum = LayoutArithmetic.weightSum(weights)
        guard sum.isFinite else {
            throw LayoutError(.invalidValue, at: field, "must add up to a finite number, got \(sum)")
        }
    }

    /// Checks section `index`'s estimate and unmeasured items (an estimate for them; measured
    /// items first in `deferred` mode) and gives each unmeasured item the estimate as its height.
    /// O(items) when some item is unmeasured, O(1) otherwise.
    private mutating func validateUnmeasuredItems(ofSection index: Int) throws(LayoutError) {
        let path = "sections[\(index)]"
        // Field by field, not `let section = sections[index]`: that copies three arrays per section.
        if let estimate = sections[index].estimatedItemHeight {
            try Self.checkLength(estimate, at: "\(path).estimatedItemHeight")
        }
        guard let mask = sections[index].unmeasuredMask else { return }
        guard mask.count == sections[index].itemHeights.count else {
            throw LayoutError(.invalidValue, at: "\(path).isUnmeasured",
                              "must have one entry per item of itemHeights (\(sections[index].itemHeights.count)), got \(mask.count)")
        }
        guard sections[index].unmeasuredCount > 0 else { return }
        let firstUnmeasured = mask.firstIndex(of: true)!
        guard let estimate = sections[index].estimatedItemHeight else {
            throw LayoutError(.missingField, at: "\(path).itemHeights[\(firstUnmeasured)]", "null needs \(path).estimatedItemHeight")
        }
        if unmeasuredItems == .deferred, let measured = mask[firstUnmeasured...].firstIndex(of: false) {
            throw LayoutError(.unsupportedCombination, at: "\(path).itemHeights[\(measured)]",
                              "is a height after the null at [\(firstUnmeasured)]: unmeasuredItems \"deferred\" needs each section's measured items first")
        }
        for item in firstUnmeasured..<mask.count where mask[item] && sections[index].itemHeights[item].bitPattern != estimate.bitPattern {
            sections[index].itemHeights[item] = estimate
        }
    }

    /// Checks a length at `path`, which is built only for the error: an update's or a section's
    /// paths built eagerly cost more than their checks (format v3's deferred measuring spent 9%
    /// of a scrolling frame's instructions on paths no error used).
    static func checkLength(_ value: Double, at path: @autoclosure () -> String, positive: Bool = false) throws(LayoutError) {
        guard value.isFinite else {
            throw LayoutError(.invalidValue, at: path(), "must be a finite number, got \(value)")
        }
        guard positive ? value > 0 : value >= 0 else {
            throw LayoutError(.invalidValue, at: path(), "must be \(positive ? ">" : ">=") 0, got \(value)")
        }
        guard value <= LayoutLimits.maximumLength else {
            throw LayoutError(.invalidValue, at: path(), "must be <= \(LayoutLimits.maximumLength), got \(value)")
        }
    }

    /// Checks heights that will sit at item indices `first...` of a section.
    static func checkItemHeights(_ heights: some Collection<Double>, from first: Int, at path: @autoclosure () -> String) throws(LayoutError) {
        guard first + heights.count <= LayoutLimits.maximumItemsPerSection else {
            throw LayoutError(.invalidValue, at: path(),
                              "at most \(LayoutLimits.maximumItemsPerSection) items in a section, got \(first + heights.count)")
        }
        // One pass with no allocation: the common case of valid heights costs a compare per item.
        var index = first
        for height in heights {
            if !(height >= 0 && height <= LayoutLimits.maximumLength) {
                try checkLength(height, at: "\(path())[\(index)]")
            }
            index += 1
        }
    }

    /// Checks spans that will sit at item indices `first...` of a section.
    static func checkItemSpans(_ spans: some Collection<ItemSpan>, from first: Int, at path: @autoclosure () -> String) throws(LayoutError) {
        for (offset, span) in spans.enumerated() where !span.isValid {
            throw LayoutError(.invalidValue, at: "\(path())[\(first + offset)]", "must be an integer >= 1 or \"full\", got \(span)")
        }
    }
}
