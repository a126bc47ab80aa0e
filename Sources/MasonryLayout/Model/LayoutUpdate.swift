// Incremental changes to a laid-out description, like a collection view's batch updates.
/// An incremental change to a laid-out description, like the batch updates a collection view
/// performs when its data changes.
///
/// Item updates may carry `spans` beside `heights` (one per height; <doc:LayoutFormat>): new
/// items without spans cover one column each; `setItemHeights` without spans keeps the items'
/// spans.
public enum LayoutUpdate: Hashable, Sendable {
    /// Adds items at the end of a section (a feed loading its next page).
    case appendItems(section: Int, heights: [Double], spans: [ItemSpan]? = nil)
    /// Replaces the heights (and, when given, the spans) of items
    /// `startingAt..<startingAt + heights.count` (images finished loading, an ad became a banner).
    case setItemHeights(section: Int, startingAt: Int, heights: [Double], spans: [ItemSpan]? = nil)
    /// Inserts items before item `at` (`at` may equal the section's item count).
    case insertItems(section: Int, at: Int, heights: [Double], spans: [ItemSpan]? = nil)
    /// Removes the items in `range`.
    case deleteItems(section: Int, range: Range<Int>)
    /// Inserts a section before section `at` (`at` may equal the section count).
    case insertSection(SectionDescription, at: Int)
    case deleteSection(at: Int)
    /// Changes the collection view's width (rotation, split view); adaptive sections may get
    /// another column count.
    case setWidth(Double)
    /// `appendItems` whose heights may be nil: items not measured yet (format v3's `null`),
    /// laid out with the section's `estimatedItemHeight` or deferred (`UnmeasuredItems`).
    case appendMeasurements(section: Int, heights: [Double?], spans: [ItemSpan]? = nil)
    /// `setItemHeights` whose heights may be nil: measures (or re-measures) items, and with
    /// nil (estimated mode only) returns an item to its estimate. In deferred mode items are
    /// measured in order: the first unmeasured item first.
    case setMeasurements(section: Int, startingAt: Int, heights: [Double?], spans: [ItemSpan]? = nil)
    /// `insertItems` whose heights may be nil.
    case insertMeasurements(section: Int, at: Int, heights: [Double?], spans: [ItemSpan]? = nil)

    /// How many items an item update brings or changes (0 for other updates).
    var itemCount: Int {
        switch self {
        case .appendItems(_, let heights, _), .setItemHeights(_, _, let heights, _), .insertItems(_, _, let heights, _): heights.count
        case .appendMeasurements(_, let heights, _), .setMeasurements(_, _, let heights, _), .insertMeasurements(_, _, let heights, _):
            heights.count
        case .deleteItems, .insertSection, .deleteSection, .setWidth: 0
        }
    }

    /// Whether the update gives item spans (an item update with `spans`, or a section with
    /// `itemSpans`).
    public var carriesItemSpans: Bool {
        switch self {
        case .appendItems(_, _, let spans), .setItemHeights(_, _, _, let spans), .insertItems(_, _, _, let spans): spans != nil
        case .appendMeasurements(_, _, let spans), .setMeasurements(_, _, _, let spans), .insertMeasurements(_, _, _, let spans):
            spans != nil
        case .insertSection(let section, _): section.itemSpans != nil
        case .deleteItems, .deleteSection, .setWidth: false
        }
    }
}

extension LayoutDescription {
    /// Applies `update`, checking it first: a refused update leaves the description unchanged.
    /// Costs O(size of the update) plus, for a width change or a section insertion, O(sections);
    /// the first spans given to a section without any cost O(its items).
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        // Each case reads its own lengths without -0 (`withoutNegativeZeros`), rather than the
        // switch matching a normalized copy of the whole update: that copy, about 150 bytes since
        // format v3's fields on `SectionDescription` (which `insertSection` carries), cost 320
        // instructions an update under callgrind (an optimized `deleteSection` now takes 1,780).
        switch update {
        case .appendItems(let section, let heights, let spans):
            try checkSection(section)
            let count = sections[section].itemHeights.count
            try changeItems(inSection: section, replacing: count..<count, with: Self.withoutNegativeZeros(heights), flags: nil,
                            spans: spans)
        case .setItemHeights(let section, let start, let heights, let spans):
            try checkSection(section)
            try checkItems(start: start, length: heights.count, inSection: section)
            try changeItems(inSection: section, replacing: start..<(start + heights.count), with: Self.withoutNegativeZeros(heights),
                            flags: nil, spans: spans)
        case .insertItems(let section, let index, let heights, let spans):
            try checkSection(section)
            try checkItems(start: index, length: 0, inSection: section)
            try changeItems(inSection: section, replacing: index..<index, with: Self.withoutNegativeZeros(heights), flags: nil, spans: spans)
        case .appendMeasurements(let section, let measurements, let spans):
            try checkSection(section)
            let count = sections[section].itemHeights.count
            let (heights, flags) = try resolve(measurements, inSection: section, from: count)  // reads -0 as 0
            try changeItems(inSection: section, replacing: count..<count, with: heights, flags: flags, spans: spans)
        case .setMeasurements(let section, let start, let measurements, let spans):
            try checkSection(section)
            try checkItems(start: start, length: measurements.count, inSection: section)
            let (heights, flags) = try resolve(measurements, inSection: section, from: start)
            try changeItems(inSection: section, replacing: start..<(start + heights.count), with: heights, flags: flags, spans: spans)
        case .insertMeasurements(let section, let index, let measurements, let spans):
            try checkSection(section)
            try checkItems(start: index, length: 0, inSection: section)
            let (heights, flags) = try resolve(measurements, inSection: section, from: index)
            try changeItems(inSection: section, replacing: index..<index, with: heights, flags: flags, spans: spans)

        case .deleteItems(let section, let range):
            try checkSection(section)
            try checkItems(start: range.lowerBound, length: range.count, inSection: section)
            sections[section].replaceUnmeasuredFlags(range, with: nil, count: 0)
            sections[section].itemHeights.removeSubrange(range)
            sections[section].itemSpans?.removeSubrange(range)

        case .insertSection(let newSection, let index):
            guard (0...sections.count).contains(index) else {
                throw LayoutError(.indexOutOfRange, at: "insertSection.at",
                                  "section index \(index) is outside 0...\(sections.count)")
            }
            var candidate = self
            candidate.sections.insert(newSection.withoutNegativeZeros(), at: index)
            try candidate.validateSection(at: index)
            if candidate.sectionStart == .continueColumns, candidate.sections.count > 1, index == 0 {
                try candidate.validateSection(at: 1)  // the columns are compared with sections[0]
            }
            self = candidate

        case .deleteSection(let index):
            try checkSection(index)
            sections.remove(at: index)

        case .setWidth(let newWidth):
            var candidate = self
            candidate.width = Self.withoutNegativeZero(newWidth)
            try candidate.validate()
            self = candidate
        }
    }

    /// Replaces items `range` of `section` (empty: inserts at its start) with `heights`, whose
    /// unmeasured flags are `flags` (nil: all measured), after checking them: the heights, the
    /// spans, and in deferred mode that measured items stay first. An empty range with spans
    /// nil gives the new items single spans; a non-empty one with spans nil keeps the spans.
    private mutating func changeItems(inSection section: Int, replacing range: Range<Int>, with heights: [Double],
                                      flags: [Bool]?, spans: [ItemSpan]?) throws(LayoutError) {
        let count = sections[section].itemHeights.count
        try Self.checkItemHeights(heights, from: range.isEmpty ? count : range.lowerBound, at: "sections[\(section)].itemHeights")
        try checkSpans(spans, of: heights, from: range.lowerBound, inSection: section)
        try checkDeferredOrder(inSection: section, replacing: range, flags: flags, count: heights.count)
        if remeasure == .keepColumns, !range.isEmpty, let spans {
            try checkSpansKept(spans, replacing: range, inSection: section)
        }
        if spans != nil || range.isEmpty {
            replaceSpans(inSection: section, range: range, with: spans, count: heights.count)
        }
        sections[section].replaceUnmeasuredFlags(range, with: flags, count: heights.count)
        sections[section].itemHeights.replaceSubrange(range, with: heights)
    }

    /// With `keepColumns`, a re-measure keeps every item's span: `spans` for items `range` must
    /// cover as many columns as the items' own.
    private func checkSpansKept(_ spans: [ItemSpan], replacing range: Range<Int>, inSection section: Int) throws(LayoutError) {
        let columns = sections[section].columns
        for (offset, span) in spans.enumerated() {
            let kept = sections[section].span(ofItem: range.lowerBound + offset)
            guard span.columnCount(in: columns) == kept.columnCount(in: columns) else {
                throw LayoutError(.unsupportedCombination, at: "sections[\(section)].itemSpans[\(range.lowerBound + offset)]",
                                  "remeasure \"keepColumns\" keeps every item's span (\(kept) here, \(span) given): change it by deleting and inserting the item")
            }
        }
    }

    /// An update's heights with the section's estimate where nil, and the unmeasured flags
    /// (nil when every height is given); items would sit at `first...`.
    private func resolve(_ measurements: [Double?], inSection section: Int, from first: Int) throws(LayoutError) -> ([Double], [Bool]?) {
        guard let firstNull = measurements.firstIndex(of: nil) else { return (measurements.map { Self.withoutNegativeZero($0!) }, nil) }
        guard let estimate = sections[section].estimatedItemHeight else {
            throw LayoutError(.missingField, at: "sections[\(section)].itemHeights[\(first + firstNull)]",
                              "null needs sections[\(section)].estimatedItemHeight")
        }
        return (measurements.map { $0.map(Self.withoutNegativeZero) ?? estimate }, measurements.map { $0 == nil })
    }

    /// In deferred mode, checks that replacing items `range` with `count` items flagged `flags`
    /// keeps the section's measured items first: measured in order (the first unmeasured item
    /// first), never un-measured. O(count).
    private func checkDeferredOrder(inSection section: Int, replacing range: Range<Int>, flags: [Bool]?, count: Int) throws(LayoutError) {
        guard unmeasuredItems == .deferred, flags != nil || sections[section].unmeasuredCount > 0 else { return }
        // The path is built for an error only (eagerly, with changeItems' own, 9% of a deferred scrolling frame).
        func path(_ item: Int) -> String { "sections[\(section)].itemHeights[\(item)]" }
        let rule = "unmeasuredItems \"deferred\" lays out each section's measured items first"
        let measuredPrefix = sections[section].laidOutItemCount(.deferred)
        let firstNull = flags?.firstIndex(of: true)
        if let firstNull, range.lowerBound + firstNull < min(range.upperBound, measuredPrefix) {
            throw LayoutError(.unsupportedCombination, at: path(range.lowerBound + firstNull),
                              "null would un-measure a measured item, which \(rule)")
        }
        if let firstNull, let late = flags![firstNull...].firstIndex(of: false) {
            throw LayoutError(.unsupportedCombination, at: path(range.lowerBound + late),
                              "is a height after the null at [\(range.lowerBound + firstNull)]: \(rule)")
        }
        if (firstNull ?? count) > 0, range.lowerBound > measuredPrefix {
            throw LayoutError(.unsupportedCombination, at: path(range.lowerBound),
                              "is measured before item \(measuredPrefix), which is not: \(rule), so they are measured in order")
        }
        if let firstNull, range.upperBound < measuredPrefix {
            throw LayoutError(.unsupportedCombination, at: path(range.lowerBound + firstNull),
                              "null before the measured item \(measuredPrefix - 1): \(rule)")
        }
    }

    /// Checks an update's spans (if any) for items `first...` of `section`: one per height, each valid.
    private func checkSpans(_ spans: [ItemSpan]?, of heights: [Double], from first: Int, inSection section: Int) throws(LayoutError) {
        if let spans {
            guard spans.count == heights.count else {
                throw LayoutError(.invalidValue, at: "sections[\(section)].itemSpans",
                                  "the update gives \(spans.count) spans for \(heights.count) heights")
            }
            try Self.checkItemSpans(spans, from: first, at: "sections[\(section)].itemSpans")
        }
    }

    /// Replaces the spans of items `range` of `section` (before its heights change) with `spans`,
    /// or `count` single spans when nil. A section without spans gets them only when given some.
    private mutating func replaceSpans(inSection section: Int, range: Range<Int>, with spans: [ItemSpan]?, count: Int) {
        guard spans != nil || sections[section].itemSpans != nil else { return }
        if sections[section].itemSpans == nil {
            sections[section].itemSpans = Array(repeating: .single, count: sections[section].itemHeights.count)
        }
        sections[section].itemSpans!.replaceSubrange(range, with: spans ?? Array(repeating: .single, count: count))
    }

    private func checkSection(_ section: Int) throws(LayoutError) {
        guard sections.indices.contains(section) else {
            throw LayoutError(.indexOutOfRange, at: "section",
                              "section \(section) does not exist (the layout has \(sections.count))")
        }
    }

    /// Checks that items `start..<start + length` exist (or, for `length == 0`, that `start` is
    /// a place to insert at), without overflowing on absurd indices.
    private func checkItems(start: Int, length: Int, inSection section: Int) throws(LayoutError) {
        let count = sections[section].itemHeights.count
        guard start >= 0, start <= count, length <= count - start else {
            throw LayoutError(.indexOutOfRange, at: "sections[\(section)]",
                              "items from \(start), \(length) of them, are outside the section's \(count) items")
        }
    }
}

/// What a re-measure replaced in a description (its items' heights and unmeasured flags), to
/// put back when a later update of the same batch is refused: O(items re-measured), where
/// keeping a copy of the description to fall back to would copy its arrays (8 bytes an item).
struct RemeasureUndo {
    let section: Int
    let range: Range<Int>
    let heights: [Double]
    /// The flags of `range` (nil: all measured).
    let flags: [Bool]?
}

extension LayoutDescription {
    /// Applies `update`, a re-measure (`setItemHeights` or `setMeasurements`), returning what it
    /// replaced; refused as `apply(_:)` refuses it, leaving the description unchanged.
    mutating func applyRemeasure(_ update: LayoutUpdate) throws(LayoutError) -> RemeasureUndo? {
        let section: Int, start: Int
        switch update {
        case .setItemHeights(let s, let first, _, _), .setMeasurements(let s, let first, _, _): (section, start) = (s, first)
        default: preconditionFailure("\(update) is not a re-measure")
        }
        let count = update.itemCount
        guard sections.indices.contains(section), start >= 0, start <= sections[section].itemHeights.count,
              count <= sections[section].itemHeights.count - start else {
            try apply(update)  // refused: it names the field
            return nil
        }
        let range = start..<(start + count)
        let undo = RemeasureUndo(section: section, range: range, heights: Array(sections[section].itemHeights[range]),
                                 flags: sections[section].unmeasuredMask.map { Array($0[range]) })
        try apply(update)
        return undo
    }

    /// Puts back what a re-measure replaced (the undos of a batch in reverse order).
    mutating func undo(_ undo: RemeasureUndo) {
        sections[undo.section].replaceUnmeasuredFlags(undo.range, with: undo.flags, count: undo.range.count)
        sections[undo.section].itemHeights.replaceSubrange(undo.range, with: undo.heights)
    }
}
