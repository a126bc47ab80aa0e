// Random updates, valid or not, for a description.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// A random update that may or may not be valid for `description` (invalid ones must be
    /// refused). With `boundaries` probability its index (or the count an append reaches) sits
    /// at a checkpoint boundary of the section. At `formatV2`'s rates, item updates and inserted
    /// sections carry spans (most of the time when the section has spans already), and a
    /// description with an adaptive section gets more width changes (its column counts change).
    ///
    /// `kind` chooses the update's kind instead of drawing it (the rest is drawn as ever), so a
    /// sequence can go through every kind (`UpdateKind.allCases`); nil draws the same stream
    /// as without it.
    public mutating func update(for description: LayoutDescription, boundaries: Double = 0,
                                formatV2: FormatV2Rates = .none, kind: UpdateKind? = nil) -> LayoutUpdate {
        let sections = description.sections
        let section = sections.isEmpty ? 0 : integer(0...(sections.count - 1))
        let count = sections.isEmpty ? 0 : sections[section].itemHeights.count
        let atBoundary = !sections.isEmpty && chance(boundaries)
        let boundary = atBoundary ? Self.boundaryIndices(columns: sections[section].columns, count: count) : []
        let index = { (generator: inout Self) in boundary.isEmpty ? generator.integer(0...count) : generator.pick(boundary) }
        let spanned = !sections.isEmpty && sections[section].itemSpans != nil
        let spans = { (generator: inout Self, heights: [Double]) -> [ItemSpan]? in
            guard generator.rarely(spanned ? max(formatV2.spans, 0.6) : formatV2.spans) else { return nil }
            return generator.itemSpans(count: heights.count, columns: sections.isEmpty ? 1 : sections[section].columns)
        }
        if kind == nil, sections.contains(where: { $0.columnCount != .fixed($0.columns) }), rarely(formatV2.adaptive) {
            return .setWidth(description.width * pick([0.5, 0.8, 1.25, 1.6, 2, 3]) + pick([0, 0.5, 0.25]))
        }
        switch kind?.drawn ?? integer(0...7) {
        case 0, 1:
            // An append that ends on a boundary, or an ordinary one.
            let reach = boundary.isEmpty ? nil : Self.boundaryIndices(columns: sections[section].columns, count: count + 300)
                .filter { $0 > count }.first
            let heights = itemHeights(count: reach.map { $0 - count } ?? integer(0...40))
            return .appendItems(section: section, heights: heights, spans: spans(&self, heights))
        case 2:
            let start = index(&self)
            let heights = itemHeights(count: integer(0...(count - start)))
            return .setItemHeights(section: section, startingAt: start, heights: heights, spans: spans(&self, heights))
        case 3:
            let at = index(&self)
            let heights = itemHeights(count: integer(0...10))
            return .insertItems(section: section, at: at, heights: heights, spans: spans(&self, heights))
        case 4:
            let start = index(&self)
            let end = boundary.isEmpty || chance(0.5) ? integer(start...count) : max(start, boundary.last { $0 >= start } ?? start)
            return .deleteItems(section: section, range: start..<end)
        case 5:
            var new = sections.isEmpty ? SectionDescription(columns: 2, itemHeights: []) : sections[integer(0...(sections.count - 1))]
            let columnCount = new.columnCount
            new.columnCount = columnCount  // an adaptive count unresolved, as a scenario file gives it
            new.itemHeights = itemHeights(count: integer(0...30))
            new.isUnmeasured = nil  // a format v3 section's flags were for its own items
            let spansNew = new.itemSpans != nil ? max(formatV2.spans, 0.6) : formatV2.spans
            new.itemSpans = rarely(spansNew) ? itemSpans(count: new.itemHeights.count, columns: max(1, sections.isEmpty ? 2 : sections[0].columns)) : nil
            return .insertSection(new, at: integer(0...sections.count))
        case 6:
            // The last section a third of the time: deleting it leaves no section after it to fix up.
            return sections.isEmpty ? .setWidth(description.width) : .deleteSection(at: chance(0.3) ? sections.count - 1 : section)
        default:
            // Other widths, fractional ones too, so that "nearest" rounding changes.
            return .setWidth(description.width * pick([0.5, 1, 1.25, 2, 1.37, 0.731]) + pick([0, 0.5, 0.25]))
        }
    }
}

extension RandomLayoutGenerator {
    /// The kinds of update `update(for:…)` makes: appends are drawn twice as often as each other kind.
    public enum UpdateKind: CaseIterable, Sendable {
        case appendItems, setItemHeights, insertItems, deleteItems, insertSection, deleteSection, setWidth

        /// The value of `update(for:…)`'s draw that makes this kind.
        var drawn: Int {
            switch self {
            case .appendItems: 0
            case .setItemHeights: 2
            case .insertItems: 3
            case .deleteItems: 4
            case .insertSection: 5
            case .deleteSection: 6
            case .setWidth: 7
            }
        }
    }
}
