/// An incremental change to a laid-out description, like the batch updates a collection view
/// performs when its data changes.
public enum LayoutUpdate: Hashable, Sendable {
    /// Adds items at the end of a section (a feed loading its next page).
    case appendItems(section: Int, heights: [Double])
    /// Replaces the heights of items `startingAt..<startingAt + heights.count` (images finished loading).
    case setItemHeights(section: Int, startingAt: Int, heights: [Double])
    /// Inserts items before item `at` (`at` may equal the section's item count).
    case insertItems(section: Int, at: Int, heights: [Double])
    /// Removes the items in `range`.
    case deleteItems(section: Int, range: Range<Int>)
    /// Inserts a section before section `at` (`at` may equal the section count).
    case insertSection(SectionDescription, at: Int)
    case deleteSection(at: Int)
    /// Changes the collection view's width (rotation, split view).
    case setWidth(Double)
}

extension LayoutDescription {
    /// Applies `update`, checking it first: a refused update leaves the description unchanged.
    /// Costs O(size of the update) plus, for a width change or a section insertion, O(sections).
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        switch update.withoutNegativeZeros() {
        case .appendItems(let section, let heights):
            try checkSection(section)
            try Self.checkItemHeights(heights, from: sections[section].itemHeights.count,
                                      at: "sections[\(section)].itemHeights")
            sections[section].itemHeights.append(contentsOf: heights)

        case .setItemHeights(let section, let start, let heights):
            try checkSection(section)
            try checkItems(start: start, length: heights.count, inSection: section)
            try Self.checkItemHeights(heights, from: start, at: "sections[\(section)].itemHeights")
            sections[section].itemHeights.replaceSubrange(start..<(start + heights.count), with: heights)

        case .insertItems(let section, let index, let heights):
            try checkSection(section)
            try checkItems(start: index, length: 0, inSection: section)
            try Self.checkItemHeights(heights, from: sections[section].itemHeights.count,
                                      at: "sections[\(section)].itemHeights")
            sections[section].itemHeights.insert(contentsOf: heights, at: index)

        case .deleteItems(let section, let range):
            try checkSection(section)
            try checkItems(start: range.lowerBound, length: range.count, inSection: section)
            sections[section].itemHeights.removeSubrange(range)

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
        case .appendItems(let section, let heights):
            .appendItems(section: section, heights: LayoutDescription.withoutNegativeZeros(heights))
        case .setItemHeights(let section, let start, let heights):
            .setItemHeights(section: section, startingAt: start, heights: LayoutDescription.withoutNegativeZeros(heights))
        case .insertItems(let section, let index, let heights):
            .insertItems(section: section, at: index, heights: LayoutDescription.withoutNegativeZeros(heights))
        case .insertSection(let section, let index):
            .insertSection(section.withoutNegativeZeros(), at: index)
        case .setWidth(let width):
            .setWidth(LayoutDescription.withoutNegativeZero(width))
        case .deleteItems, .deleteSection:
            self
        }
    }
}
