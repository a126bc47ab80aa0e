import Foundation
@_spi(Verification) import MasonryLayout

/// Random layout descriptions, updates and query rects for property tests and fuzzing: every
/// field of format v1, both section modes and all tie rules (and, at the rates of
/// `Shape.formatV2`, format v2's spans, directions, axes, adaptive column counts, floor rounding
/// at display scales 1 to 3 and trailing spacing), with the edge values that break
/// engines: zero, subnormal, huge and tied heights; zero, subnormal and huge insets, spacing,
/// headers and footers; 1 to 1024 columns (9, 16 and 17 often: one past a vector's lanes);
/// empty sections; item counts and update indices at checkpoint boundaries; zero spacing so
/// frames touch.
///
/// Deterministic: the same seed gives the same sequence on every platform.
public struct RandomLayoutGenerator: Sendable {
    public var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// What a description looks like: how many sections and items, which column counts, how
    /// often lengths take extreme values and item counts sit at checkpoint boundaries.
    public struct Shape: Sendable {
        public var sections: ClosedRange<Int> = 1...6
        public var items: ClosedRange<Int> = 0...60
        /// Column counts, drawn per section (one count for all in `continueColumns` mode).
        public var columns: ColumnChoice = .usual
        /// The chance that each inset, spacing, header and footer length is an extreme value
        /// (zero, subnormal, the smallest normal, tiny, huge, the largest allowed).
        public var extremeLengths = 0.0
        /// The chance that a section's item count is k·K - 1, k·K or k·K + 1 for one of the
        /// checkpoint intervals K its column count may have (`checkpointIntervals(columns:)`)…
        public var checkpointBoundaries = 0.0
        /// …with k·K at most this.
        public var largestBoundary = 1024
        /// The chance that a section is empty.
        public var emptySections = 0.1
        /// The chance of `continueColumns` mode.
        public var continueColumns = 0.3
        /// How often format v2's fields appear (none by default: format v1 descriptions, drawn
        /// from the same random sequence as before format v2).
        public var formatV2 = FormatV2Rates.none

        public init() {}
    }

    /// The chances of format v2's fields in a description (and in updates).
    public struct FormatV2Rates: Sendable, Equatable {
        /// That a section has `itemSpans` (and that an item update or inserted section of a
        /// section without spans brings some).
        public var spans = 0.0
        public var rightToLeft = 0.0
        public var horizontal = 0.0
        /// That a section's column count is adaptive (`minColumnWidth`, sometimes `maxColumns`);
        /// in `continueColumns` mode, that every section's is, alike. Such descriptions get
        /// more `setWidth` updates.
        public var adaptive = 0.0
        /// That the column width is floored rather than drawn as in format v1 (`none` or `nearest`).
        public var floorRounding = 0.0
        /// That `displayScale` is 2 or 3 rather than 1.
        public var displayScale = 0.0
        /// That a `belowLongestColumn` description excludes trailing item spacing.
        public var trailingExclude = 0.0

        public init(spans: Double = 0, rightToLeft: Double = 0, horizontal: Double = 0, adaptive: Double = 0,
                    floorRounding: Double = 0, displayScale: Double = 0, trailingExclude: Double = 0) {
            self.spans = spans
            self.rightToLeft = rightToLeft
            self.horizontal = horizontal
            self.adaptive = adaptive
            self.floorRounding = floorRounding
            self.displayScale = displayScale
            self.trailingExclude = trailingExclude
        }

        /// Format v1 only.
        public static let none = FormatV2Rates()
        /// The fuzzer's rates (MasonryLayout.docc/Verification.md, "The generator's distribution").
        public static let fuzzing = FormatV2Rates(spans: 0.3, rightToLeft: 0.25, horizontal: 0.2, adaptive: 0.2,
                                                  floorRounding: 0.2, displayScale: 0.3, trailingExclude: 0.25)
    }

    /// How a section's column count is drawn.
    public enum ColumnChoice: Sendable {
        /// Mostly 2 to 8; 1; now and then 9 to 40, 9, 16 or 17, and 41 to 1024.
        case usual
        /// Past one vector's lanes: 9, 16, 17 and 10 to 40 (80%), or 41 to 1024 (20%).
        case many
        case exactly(Int)
    }

    private mutating func chance(_ probability: Double) -> Bool { generator.unitDouble() < probability }
    /// `chance`, drawing nothing when `probability` is 0: format v1 descriptions stay the
    /// random sequence they were before format v2.
    private mutating func rarely(_ probability: Double) -> Bool { probability > 0 && chance(probability) }
    private mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }
    private mutating func pick<T>(_ values: [T]) -> T { values[integer(0...(values.count - 1))] }

    /// Lengths that break arithmetic: zero, the smallest subnormal, the smallest normal, tiny,
    /// fractions, huge and the format's largest.
    public static let extremeLengths: [Double] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-10, 0.1, 0.5, 1e12,
                                                  LayoutLimits.maximumLength]

    /// A length that is often 0, sometimes whole, sometimes fractional; extreme with `extreme` probability.
    private mutating func length(upTo maximum: Double, extreme: Double) -> Double {
        if extreme > 0, chance(extreme) { return pick(Self.extremeLengths) }
        switch integer(0...3) {
        case 0: return 0
        case 1: return Double(integer(0...Int(maximum)))
        default: return (generator.unitDouble() * maximum * 64).rounded() / 64 + (chance(0.2) ? generator.unitDouble() : 0)
        }
    }

    /// `count` item heights in one of several styles.
    public mutating func itemHeights(count: Int) -> [Double] {
        let style = integer(0...7)
        let tied = Double(integer(0...300))
        return (0..<count).map { _ in
            switch style {
            case 0: return Double(100 + generator.next() % 150)  // seed 002's heights
            case 1: return tied  // every placement is a tie
            case 2: return chance(0.5) ? 0 : Double(integer(0...3))  // zeros and tiny ties
            case 3: return generator.unitDouble() * 500  // full-precision fractions
            case 4: return pick([0, -0.0, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1e-300, 0.1, 1e12, 1e15, 3.3])  // extremes
            case 5: return (generator.unitDouble() * 400 * 4).rounded() / 4  // quarter points
            case 6: return chance(0.9) ? tied : Double(integer(0...300))  // mostly ties, a few breaking them
            default: return length(upTo: 300, extreme: 0)
            }
        }
    }

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
        // Many columns need room: a width that leaves each at least a point, most of the time.
        let mostColumns = sections.map(\.columns).max() ?? 1
        if Double(mostColumns) > width, chance(0.8) { width = pick([1024.25, 4096, 1e6]) }
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
        }

        /// A description of these rules. O(items) for the checks.
        public func description(width: Double, sections: [SectionDescription]) throws(LayoutError) -> LayoutDescription {
            try LayoutDescription(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                                  columnWidthRounding: rounding, displayScale: displayScale, trailingItemSpacing: trailingItemSpacing,
                                  axis: axis, direction: direction, sections: sections)
        }
    }

    // MARK: Format v2 sections

    /// `description` with spans given to some sections and some column counts made adaptive
    /// (each resolving, for the description's width, to about the count it had), at `rates`.
    /// O(items).
    private mutating func withFormatV2Sections(_ description: LayoutDescription, rates: FormatV2Rates) -> LayoutDescription {
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
    private mutating func adaptiveColumnCount(for section: SectionDescription, width: Double) -> ColumnCount? {
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

    private mutating func columnCount(_ choice: ColumnChoice) -> Int {
        switch choice {
        case .exactly(let columns):
            return columns
        case .many:
            return chance(0.8) ? pick([9, 9, 16, 17, integer(10...40)]) : logUniform(41...1024)
        case .usual:
            switch integer(0...99) {
            case 0..<5: return 1
            case 5..<9: return 9
            case 9..<11: return 16
            case 11..<13: return 17
            case 13..<21: return integer(10...40)
            case 21..<24: return logUniform(41...1024)
            default: return integer(2...8)
            }
        }
    }

    /// A whole number in `range`, each power of two as likely as the next.
    private mutating func logUniform(_ range: ClosedRange<Int>) -> Int {
        let low = log2(Double(range.lowerBound)), high = log2(Double(range.upperBound + 1))
        return min(range.upperBound, max(range.lowerBound, Int(exp2(low + generator.unitDouble() * (high - low)))))
    }

    // MARK: Checkpoint boundaries

    /// Checkpoint intervals a section with `columns` columns may have: the optimized engine's
    /// own first (`VerificationHooks.checkpointInterval(columns:)`: the engine tells it, so it is
    /// never restated here), then the powers of two and multiples of the column count an interval
    /// is likely to be, so that the boundaries stay covered when the engine's rule changes.
    public static func checkpointIntervals(columns: Int) -> [Int] {
        let engine = VerificationHooks.checkpointInterval(columns: columns)
        return [engine] + [32, 64, 128, 256, 8 * columns, 32 * columns].filter { $0 != engine && $0 >= 8 }
    }

    /// An item count of k·K - 1, k·K or k·K + 1 for a checkpoint interval K of `columns` columns
    /// (the engine's own most of the time), k mostly 1, with k·K at most `maximum` (else an
    /// ordinary count up to `maximum`).
    public mutating func boundaryCount(columns: Int, maximum: Int) -> Int {
        let intervals = Self.checkpointIntervals(columns: columns).filter { $0 <= maximum }
        guard !intervals.isEmpty else { return integer(0...maximum) }
        let interval = chance(0.6) ? intervals[0] : pick(intervals)
        let multiple = max(1, min(pick([1, 1, 1, 2, 3]), maximum / interval))
        return max(0, multiple * interval + integer(-1...1))
    }

    /// Indices at checkpoint boundaries (k·K - 1, k·K, k·K + 1, every interval of
    /// `checkpointIntervals`) within `0...count`.
    public static func boundaryIndices(columns: Int, count: Int) -> [Int] {
        var indices: Set<Int> = []
        for interval in checkpointIntervals(columns: columns) {
            var boundary = interval
            while boundary <= count + 1, indices.count < 64 {
                for index in (boundary - 1)...(boundary + 1) where (0...count).contains(index) { indices.insert(index) }
                boundary += interval
            }
        }
        return indices.sorted()
    }

    // MARK: Updates

    /// A random update that may or may not be valid for `description` (invalid ones must be
    /// refused). With `boundaries` probability its index (or the count an append reaches) sits
    /// at a checkpoint boundary of the section. At `formatV2`'s rates, item updates and inserted
    /// sections carry spans (most of the time when the section has spans already), and a
    /// description with an adaptive section gets more width changes (its column counts change).
    public mutating func update(for description: LayoutDescription, boundaries: Double = 0,
                                formatV2: FormatV2Rates = .none) -> LayoutUpdate {
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
        if sections.contains(where: { $0.columnCount != .fixed($0.columns) }), rarely(formatV2.adaptive) {
            return .setWidth(description.width * pick([0.5, 0.8, 1.25, 1.6, 2, 3]) + pick([0, 0.5, 0.25]))
        }
        switch integer(0...7) {
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

    // MARK: Queries

    /// A query rect: random over (and past) the content, zero-size, or touching an element's edge.
    public mutating func rect(in contentSize: Size, touching frames: [Rect]) -> Rect {
        if !frames.isEmpty, chance(0.4) { return rect(touching: pick(frames), contentWidth: contentSize.width) }
        let width = max(contentSize.width, 1)
        let height = max(contentSize.height, 1)
        let x = (generator.unitDouble() * 1.2 - 0.1) * width
        let y = (generator.unitDouble() * 1.2 - 0.1) * height
        return Rect(x: x, y: y, width: chance(0.1) ? 0 : generator.unitDouble() * width,
                    height: chance(0.1) ? 0 : generator.unitDouble() * height / 4)
    }

    /// A query of `rect`: with open edges at probability `openEdges`, pinning headers at
    /// probability `pinningHeaders` (nothing drawn for a probability of 0).
    public mutating func query(_ rect: Rect, openEdges: Double, pinningHeaders: Double) -> LayoutQuery {
        LayoutQuery(rect, edges: rarely(openEdges) ? .open : .closed, pinningHeaders: rarely(pinningHeaders))
    }

    /// A rect that touches `frame` without overlapping it (or is a point or line on its edge):
    /// the closed-interval rule must still report the frame.
    public mutating func rect(touching frame: Rect, contentWidth: Double) -> Rect {
        switch integer(0...6) {
        case 0: return Rect(x: frame.maxX, y: frame.maxY, width: 0, height: 0)  // a corner point
        case 1: return Rect(x: frame.x, y: frame.maxY, width: frame.width, height: 10)  // touching below
        case 2: return Rect(x: frame.x - 10, y: frame.y - 5, width: 10, height: 5)  // touching the top-left corner
        case 3: return Rect(x: 0, y: frame.y, width: max(contentWidth, 1), height: 0)  // a zero-height line at its top
        case 4: return Rect(x: 0, y: frame.maxY, width: max(contentWidth, 1), height: 0)  // a zero-height line at its bottom
        case 5: return Rect(x: frame.x, y: frame.y - 1, width: 0, height: 1)  // a vertical line ending on its top-left corner
        default: return Rect(x: frame.maxX, y: frame.y, width: 0, height: frame.height)  // a vertical line
        }
    }
}

