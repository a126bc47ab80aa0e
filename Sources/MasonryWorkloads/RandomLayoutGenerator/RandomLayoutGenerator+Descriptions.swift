// Random valid descriptions: sections, their format v2 fields, and their repair to fit the width.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// A random valid description with at most `maximumSections` sections of at most
    /// `maximumItems` items each.
    public mutating func description(maximumSections: Int = 6, maximumItems: Int = 60) -> LayoutDescription {
        var shape = Shape()
        shape.sections = (maximumSections == 0 ? 0 : 1)...max(1, maximumSections)
        shape.items = 0...maximumItems
        return description(shape)
    }

    /// A random valid description of `shape`.
    public mutating func description(_ shape: Shape) -> LayoutDescription {
        let sectionStart: SectionStart = chance(shape.continueColumns) ? .continueColumns : .belowLongestColumn
        let sharedColumns = columnCount(shape.columns)
        var widths: [Double] = [1, 7.5, 100, 320, 375, 390, 414.5, 768, 1024.25, 1e6]
        if shape.extremeLengths > 0 { widths += [.leastNonzeroMagnitude, 1e-300, LayoutLimits.maximumLength] }
        var width = pick(widths)
        let rounding: ColumnWidthRounding = chance(0.3) ? .nearest : .none
        let sectionCount = chance(0.05) ? 0 : integer(shape.sections)
        var sections: [SectionDescription] = []
        for _ in 0..<sectionCount {
            let columns = sectionStart == .continueColumns ? sharedColumns : columnCount(shape.columns)
            var section = SectionDescription(columns: columns, itemHeights: [])
            if chance(0.6) || shape.extremeLengths > 0 {
                section.inset = EdgeInsets(top: length(upTo: 20, extreme: shape.extremeLengths),
                                           left: length(upTo: width / 8, extreme: shape.extremeLengths),
                                           bottom: length(upTo: 20, extreme: shape.extremeLengths),
                                           right: length(upTo: width / 8, extreme: shape.extremeLengths))
                section.columnSpacing = length(upTo: width / Double(4 * columns), extreme: shape.extremeLengths)
                section.itemSpacing = length(upTo: 16, extreme: shape.extremeLengths)
            }
            if sectionStart == .belowLongestColumn, chance(0.5) || shape.extremeLengths > 0 {
                section.headerHeight = length(upTo: 60, extreme: shape.extremeLengths)
                section.footerHeight = length(upTo: 40, extreme: shape.extremeLengths)
            }
            let count: Int
            if chance(shape.checkpointBoundaries) {
                count = boundaryCount(columns: columns, maximum: shape.largestBoundary)
            } else {
                count = chance(shape.emptySections) ? 0 : integer(shape.items)
            }
            section.itemHeights = itemHeights(count: count)
            sections.append(section)
        }
        // Many columns need room: a width that leaves each at least a point, most of the time
        // (always for `columnsAlwaysFit`, with the same draws).
        let mostColumns = sections.map(\.columns).max() ?? 1
        if Double(mostColumns) > width, chance(0.8) || shape.columnsAlwaysFit { width = pick([1024.25, 4096, 1e6]) }
        let placement: Placement = chance(0.5) ? .shortestColumn : .roundRobin
        let tieBreak: TieBreak = chance(0.5) ? .lowestIndex : .highestIndex
        let v2 = shape.formatV2
        var rules = Rules(placement: placement, tieBreak: tieBreak, sectionStart: sectionStart, rounding: rounding)
        if rarely(v2.floorRounding) { rules.rounding = .floor }
        if rarely(v2.displayScale) { rules.displayScale = pick([2, 3]) }
        if sectionStart == .belowLongestColumn, rarely(v2.trailingExclude) { rules.trailingItemSpacing = .exclude }
        if rarely(v2.horizontal) { rules.axis = .horizontal }
        if rarely(v2.rightToLeft) { rules.direction = .rightToLeft }
        guard var description = Self.repaired(width: width, rules: rules, sections: sections) else {
            return try! LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: itemHeights(count: 10))])
        }
        if v2.spans > 0 || v2.adaptive > 0 { description = withFormatV2Sections(description, rates: v2) }
        return description
    }

    /// The top-level rules of a description, as `repaired` builds it.
    public struct Rules: Sendable, Equatable {
        public var placement: Placement
        public var tieBreak: TieBreak
        public var sectionStart: SectionStart
        public var rounding: ColumnWidthRounding
        public var displayScale = 1.0
        public var trailingItemSpacing = TrailingItemSpacing.include
        public var axis = ScrollAxis.vertical
        public var direction = ColumnDirection.leftToRight
        /// Format v3: how unmeasured items are laid out (`deferred` needs `belowLongestColumn`).
        public var unmeasuredItems = UnmeasuredItems.estimated
        /// Format v3: what a re-measure does to later items (`keepColumns` needs `belowLongestColumn`).
        public var remeasure = Remeasure.reflow
        /// Format v3: which end of the scroll axis items flow from.
        public var scrollOrigin = ScrollOrigin.start
        /// Format v3: how far above the lowest start a start still ties (shortest column only).
        public var flowTolerance: Double?

        public init(placement: Placement, tieBreak: TieBreak, sectionStart: SectionStart, rounding: ColumnWidthRounding) {
            self.placement = placement
            self.tieBreak = tieBreak
            self.sectionStart = sectionStart
            self.rounding = rounding
        }

        /// The rules of `description`.
        public init(of description: LayoutDescription) {
            self.init(placement: description.placement, tieBreak: description.tieBreak, sectionStart: description.sectionStart,
                      rounding: description.columnWidthRounding)
            displayScale = description.displayScale
            trailingItemSpacing = description.trailingItemSpacing
            axis = description.axis
            direction = description.direction
            unmeasuredItems = description.unmeasuredItems
            remeasure = description.remeasure
            scrollOrigin = description.scrollOrigin
            flowTolerance = description.flowTolerance
        }

        /// A description of these rules. O(items) for the checks.
        public func description(width: Double, sections: [SectionDescription]) throws(LayoutError) -> LayoutDescription {
            try LayoutDescription(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                                  columnWidthRounding: rounding, displayScale: displayScale, trailingItemSpacing: trailingItemSpacing,
                                  axis: axis, direction: direction, unmeasuredItems: unmeasuredItems, remeasure: remeasure,
                                  scrollOrigin: scrollOrigin, flowTolerance: flowTolerance, sections: sections)
        }
    }

    /// `description` with spans given to some sections and some column counts made adaptive
    /// (each resolving, for the description's width, to about the count it had), at `rates`.
    /// O(items).
    mutating func withFormatV2Sections(_ description: LayoutDescription, rates: FormatV2Rates) -> LayoutDescription {
        var sections = description.sections
        for index in sections.indices where rarely(rates.spans) {
            sections[index].itemSpans = itemSpans(count: sections[index].itemHeights.count, columns: sections[index].columns)
        }
        let rules = Rules(of: description)
        if description.sectionStart == .continueColumns {
            // Every section alike, so that a new width gives every section the same count.
            if let first = sections.first, rarely(rates.adaptive),
               let adaptive = adaptiveColumnCount(for: first, width: description.width) {
                for index in sections.indices {
                    sections[index].inset.left = first.inset.left
                    sections[index].inset.right = first.inset.right
                    sections[index].columnSpacing = first.columnSpacing
                    sections[index].columnCount = adaptive
                }
            }
        } else {
            for index in sections.indices where rarely(rates.adaptive) {
                guard let adaptive = adaptiveColumnCount(for: sections[index], width: description.width) else { continue }
                var candidate = sections[index]
                candidate.columnCount = adaptive
                candidate.itemHeights = []
                candidate.itemSpans = nil
                // Kept only when its column width is positive (checked alone: O(1)).
                if (try? rules.description(width: description.width, sections: [candidate])) != nil {
                    sections[index].columnCount = adaptive
                }
            }
        }
        return (try? rules.description(width: description.width, sections: sections)) ?? description
    }

    /// An adaptive column count whose minimum width gives about `section`'s column count at
    /// `width` (that count, one fewer, or about twice as many), now and then capped by
    /// `maxColumns`; nil when the section leaves no room.
    mutating func adaptiveColumnCount(for section: SectionDescription, width: Double) -> ColumnCount? {
        let columns = max(1, section.columns)
        let share = (((width - section.inset.left) - section.inset.right) + section.columnSpacing) / Double(columns) - section.columnSpacing
        var minimum = share * pick([1, 0.999, 0.9, 0.75, 0.5])
        if !(minimum > 0) { minimum = pick([Double.leastNormalMagnitude, 0.5, 1]) }
        minimum = min(minimum, LayoutLimits.maximumLength)
        let maxColumns: Int? = chance(0.3) ? max(1, columns + integer(-1...1)) : nil
        return .adaptive(minColumnWidth: minimum, maxColumns: maxColumns)
    }

    /// `count` item spans in a section of `columns` columns, in one of several styles: mostly
    /// single items with some spanning 2 to all columns, `"full"` and spans past the count; a
    /// photo feed with a banner every few items; every item full; every item 1 (spans given,
    /// changing nothing).
    public mutating func itemSpans(count: Int, columns: Int) -> [ItemSpan] {
        let style = integer(0...5)
        let every = integer(3...20)
        return (0..<count).map { index in
            switch style {
            case 0, 1, 2:
                switch integer(0...99) {
                case 0..<12: return .columns(integer(2...max(2, columns)))
                case 12..<20: return .full
                case 20..<24: return .columns(columns + integer(1...3))  // more than the section has: all of them
                case 24..<27: return .columns(columns)
                default: return .single
                }
            case 3: return index % every == every - 1 ? .full : (chance(0.1) ? .columns(2) : .single)
            case 4: return .full
            default: return .single
            }
        }
    }

    /// The description, with the sections whose insets or spacing leave no room for their
    /// columns made to fit: first without left and right insets and column spacing, then with
    /// fewer columns (in every section, in `continueColumns` mode). Nil when nothing fits.
    /// O(items): each section is checked alone.
    static func repaired(width: Double, rules: Rules, sections: [SectionDescription]) -> LayoutDescription? {
        func fits(_ section: SectionDescription) -> Bool {
            var empty = section
            empty.itemHeights = []
            empty.itemSpans = nil
            return (try? LayoutDescription(width: width, columnWidthRounding: rules.rounding, displayScale: rules.displayScale,
                                           sections: [empty])) != nil
        }
        var sections = sections
        for index in sections.indices where !fits(sections[index]) {
            sections[index].inset.left = 0
            sections[index].inset.right = 0
            sections[index].columnSpacing = 0
            while !fits(sections[index]), sections[index].columns > 1 {
                sections[index].columns = max(1, min(sections[index].columns / 2, Int(width / 2)))
            }
        }
        if rules.sectionStart == .continueColumns, let fewest = sections.map(\.columns).min() {
            for index in sections.indices { sections[index].columns = fewest }
        }
        return try? rules.description(width: width, sections: sections)
    }
}
