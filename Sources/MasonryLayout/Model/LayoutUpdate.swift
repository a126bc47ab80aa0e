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

    /// Whether the update gives item spans (an item update with `spans`, or a section with
    /// `itemSpans`).
    public var carriesItemSpans: Bool {
        switch self {
        case .appendItems(_, _, let spans), .setItemHeights(_, _, _, let spans), .insertItems(_, _, _, let spans): spans != nil
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
        switch update.withoutNegativeZeros() {
        case .appendItems(let section, let heights, let spans):
            try checkSection(section)
            let count = sections[section].itemHeights.count
            try Self.checkItemHeights(heights, from: count, at: "sections[\(section)].itemHeights")
            try checkSpans(spans, of: heights, from: count, inSection: section)
            replaceSpans(inSection: section, range: count..<count, with: spans, count: heights.count)
            sections[section].itemHeights.append(contentsOf: heights)

        case .setItemHeights(let section, let start, let heights, let spans):
            try checkSection(section)
            try checkItems(start: start, length: heights.count, inSection: section)
            try Self.checkItemHeights(heights, from: start, at: "sections[\(section)].itemHeights")
            try checkSpans(spans, of: heights, from: start, inSection: section)
            if spans != nil {
                replaceSpans(inSection: section, range: start..<(start + heights.count), with: spans, count: heights.count)
            }
            sections[section].itemHeights.replaceSubrange(start..<(start + heights.count), with: heights)

        case .insertItems(let section, let index, let heights, let spans):
            try checkSection(section)
            try checkItems(start: index, length: 0, inSection: section)
            try Self.checkItemHeights(heights, from: sections[section].itemHeights.count,
                                      at: "sections[\(section)].itemHeights")
            try checkSpans(spans, of: heights, from: index, inSection: section)
            replaceSpans(inSection: section, range: index..<index, with: spans, count: heights.count)
            sections[section].itemHeights.insert(contentsOf: heights, at: index)

        case .deleteItems(let section, let range):
            try checkSection(section)
            try checkItems(start: range.lowerBound, length: range.count, inSection: section)
            sections[section].itemHeights.removeSubrange(range)
            sections[section].itemSpans?.removeSubrange(range)

        case .insertSection(let newSection, let index):
            guard (0...sections.count).contains(index) else {
                throw LayoutError(.indexOutOfRange, at: "insertSection.at",
                                  "section index \(index) is outside 0...\(sections.count)")
            }
            var candidate = self
            candidate.sections.insert(newSection, at: index)
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
            candidate.width = newWidth
            try candidate.validate()
            self = candidate
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

extension LayoutUpdate {
    /// The update with every -0 length read as 0, as descriptions read them.
    func withoutNegativeZeros() -> LayoutUpdate {
        switch self {
        case .appendItems(let section, let heights, let spans):
            .appendItems(section: section, heights: LayoutDescription.withoutNegativeZeros(heights), spans: spans)
        case .setItemHeights(let section, let start, let heights, let spans):
            .setItemHeights(section: section, startingAt: start, heights: LayoutDescription.withoutNegativeZeros(heights), spans: spans)
        case .insertItems(let section, let index, let heights, let spans):
            .insertItems(section: section, at: index, heights: LayoutDescription.withoutNegativeZeros(heights), spans: spans)
        case .insertSection(let section, let index):
            .insertSection(section.withoutNegativeZeros(), at: index)
        case .setWidth(let width):
            .setWidth(LayoutDescription.withoutNegativeZero(width))
        case .deleteItems, .deleteSection:
            self
        }
    }
}
