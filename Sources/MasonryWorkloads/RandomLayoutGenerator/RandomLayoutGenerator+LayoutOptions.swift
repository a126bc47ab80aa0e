// Format v3's layout options in random descriptions: maxColumnWidth, center alignment, columnCountTolerance, scrollOrigin, flowTolerance, stamps, columnWeights.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// The chances of format v3's layout options (the other libraries': `maxColumnWidth`,
    /// `columnAlignment: center`, `columnCountTolerance`, `scrollOrigin: end`, `flowTolerance`,
    /// `stamps`, `columnWeights`) in a description
    /// and in sections that updates insert. Drawn from a stream of their own by the fuzzer, so
    /// that a case without them is the case it was before.
    public struct LayoutOptionRates: Sendable, Equatable {
        /// That a description's sections get column options at all (and that an inserted section does).
        public var options = 0.0
        /// Then, per section: a `maxColumnWidth` around its column width (narrower, exactly it, wider).
        public var maxColumnWidth = 0.0
        /// Then, per section: `columnAlignment: center`.
        public var center = 0.0
        /// Then, per adaptive section: a `columnCountTolerance` around its count's excess (the
        /// boundary, just past it, masonry.js's 1, none, any).
        public var countTolerance = 0.0
        /// That a description's items flow from the end of the scroll axis (drawn after the
        /// column options, so that their draws stay what they were without it).
        public var scrollOriginEnd = 0.0
        /// That a shortest-column description gets a `flowTolerance` (drawn last, after the
        /// origin): 0, a fraction of a point, one of its item heights or an item height plus
        /// spacing (where column heights tie at the boundary), a round length, or the largest.
        public var flowTolerance = 0.0
        /// That a description's sections may get stamps (drawn last), and then, per section and
        /// per inserted section, that it does: one to three, aimed at its columns' edges
        /// (`stamps(for:)`).
        public var stamps = 0.0
        public var stampsPerSection = 0.0
        /// That a description's sections may get column weights (drawn last, after the stamps),
        /// and then, per section without a `maxColumnWidth` or center alignment, that it does
        /// (`columnWeights(count:)`; a stamped one has its stamps aimed again at the weighted
        /// columns); `weightsPerSection` also weights a section that the column options leave
        /// without either.
        public var columnWeights = 0.0
        public var weightsPerSection = 0.0

        public init(options: Double = 0, maxColumnWidth: Double = 0, center: Double = 0, countTolerance: Double = 0,
                    scrollOriginEnd: Double = 0, flowTolerance: Double = 0, stamps: Double = 0, stampsPerSection: Double = 0,
                    columnWeights: Double = 0, weightsPerSection: Double = 0) {
            self.options = options
            self.maxColumnWidth = maxColumnWidth
            self.center = center
            self.countTolerance = countTolerance
            self.scrollOriginEnd = scrollOriginEnd
            self.flowTolerance = flowTolerance
            self.stamps = stamps
            self.stampsPerSection = stampsPerSection
            self.columnWeights = columnWeights
            self.weightsPerSection = weightsPerSection
        }

        /// None: the descriptions of format v2 (and v3's measurement).
        public static let none = LayoutOptionRates()
        /// The fuzzer's rates (MasonryLayout.docc/Verification.md, "The generator's distribution").
        public static let fuzzing = LayoutOptionRates(options: 0.15, maxColumnWidth: 0.6, center: 0.5, countTolerance: 0.7,
                                                      scrollOriginEnd: 0.12, flowTolerance: 0.2, stamps: 0.15,
                                                      stampsPerSection: 0.6, columnWeights: 0.12, weightsPerSection: 0.7)
    }

    /// `description` with format v3's layout options at `rates`: column options
    /// (`withColumnOptions`), then `scrollOrigin: end`, then a `flowTolerance` (shortest column),
    /// then stamps, then column weights. O(items) for the checks.
    public mutating func withLayoutOptions(_ description: LayoutDescription, rates: LayoutOptionRates) -> LayoutDescription {
        let columns = withColumnOptions(description, rates: rates)
        var rules = Rules(of: columns)
        if rarely(rates.scrollOriginEnd) { rules.scrollOrigin = .end }
        if columns.placement == .shortestColumn, rarely(rates.flowTolerance) { rules.flowTolerance = flowTolerance(for: columns) }
        var sections = columns.sections
        if rarely(rates.stamps) {
            for index in sections.indices where chance(rates.stampsPerSection) {
                sections[index].stamps = stamps(forSection: index, of: columns)
            }
        }
        if rarely(rates.columnWeights) {
            for index in sections.indices where chance(rates.weightsPerSection) {
                sections[index] = weighted(sections[index], columns: columns.sections[index].columns, width: columns.width, rules: rules)
            }
        }
        guard rules != Rules(of: columns) || sections != columns.sections else { return columns }
        return (try? rules.description(width: columns.width, sections: sections)) ?? columns
    }

    /// One to three stamps for section `section` of `description`, each aimed at its columns:
    /// x at a column's x, just past its end (touching the next column's start with a gap, or
    /// the column's own end: open edges), anywhere, or 0 across the width; as wide as a column, 0,
    /// a few columns or the whole width; from the section's top, at the header's end, or
    /// anywhere below; 0 to a few hundred points tall, or huge. O(columns).
    private mutating func stamps(forSection section: Int, of description: LayoutDescription) -> [Rect] {
        let columns = VerificationHooks.columnExtents(ofSection: section, in: description)
        let header = description.sections[section].headerHeight + description.sections[section].inset.top
        return (0..<integer(1...3)).map { _ in
            let column = pick(columns)
            var x: Double, width: Double
            switch integer(0...5) {
            case 0, 1: (x, width) = (column.x, column.width)
            case 2: (x, width) = (column.x + column.width, pick([0, column.width, 1]))
            case 3: (x, width) = (column.x, pick([0.0, 2 * column.width]))
            case 4: (x, width) = (generator.unitDouble() * description.width, generator.unitDouble() * description.width / 2)
            default: (x, width) = (0, description.width)
            }
            let y = pick([0, header, generator.unitDouble() * 300])
            let height = pick([0, 1, 40, 120, 300, 1e12])
            let length = { (value: Double) in min(max(value, 0), LayoutLimits.maximumLength) }
            return Rect(x: length(x), y: length(y), width: length(width), height: height)
        }
    }

    /// A flow tolerance for `description`: 0 (format v2's rule, given), half a point, one of its
    /// item heights, one plus its section's item spacing (column tops often differ by exactly
    /// that, so the boundary's `<=` is reached), 10 or 100 points, or the largest length (every
    /// start ties: items fill columns in order).
    private mutating func flowTolerance(for description: LayoutDescription) -> Double {
        let sections = description.sections.filter { !$0.itemHeights.isEmpty }
        switch integer(0...7) {
        case 0: return 0
        case 1: return 0.5
        case 2, 3:
            guard let section = sections.isEmpty ? nil : pick(sections) else { return 10 }
            let height = pick(section.itemHeights)
            return integer(0...1) == 0 ? height : min(height + section.itemSpacing, LayoutLimits.maximumLength)
        case 4: return 10
        case 5: return 100
        default: return chance(0.5) ? LayoutLimits.maximumLength : 1
        }
    }

    /// `description` with column options at `rates` (unchanged otherwise, or when the result would
    /// not be valid). In `continueColumns` mode every adaptive section gets the same tolerance
    /// and keeps its minimum width, so that they keep one count. O(items) for the checks.
    public mutating func withColumnOptions(_ description: LayoutDescription, rates: LayoutOptionRates) -> LayoutDescription {
        guard !description.sections.isEmpty, rarely(rates.options) else { return description }
        let rules = Rules(of: description)
        var sections = description.sections
        if description.sectionStart == .continueColumns {
            let fit = VerificationHooks.adaptiveFit(ofSection: 0, in: description)
            let tolerance = fit != nil && chance(rates.countTolerance) ? countTolerance(around: fit!.excess) : nil
            for index in sections.indices {
                sections[index] = withLengthOptions(sections[index], columnWidth: description.columnWidth(ofSection: index), rates: rates)
                if case .adaptive = sections[index].columnCount { sections[index].columnCountTolerance = tolerance }
            }
        } else {
            for index in sections.indices {
                guard let alone = try? rules.description(width: description.width, sections: [Self.emptied(sections[index])]) else { continue }
                sections[index] = withColumnOptions(in: alone, rates: rates, items: sections[index])
            }
        }
        return (try? rules.description(width: description.width, sections: sections)) ?? description
    }

    /// `update` with, when it inserts a section, at `rates.options`, column options drawn for it
    /// as `withColumnOptions` draws them (not in `continueColumns` mode, whose sections share a
    /// count); otherwise `update`, drawing nothing. O(1) beyond the inserted section's copy.
    public mutating func withColumnOptions(in update: LayoutUpdate, of description: LayoutDescription,
                                           rates: LayoutOptionRates) -> LayoutUpdate {
        guard case .insertSection(let section, let index) = update, description.sectionStart == .belowLongestColumn,
              rarely(rates.options),
              let alone = try? Rules(of: description).description(width: description.width, sections: [Self.emptied(section)])
        else { return update }
        return .insertSection(withColumnOptions(in: alone, rates: rates, items: section), at: index)
    }

    /// The one section of `alone` (a description of it without items) with each option at its
    /// rate, and `items`' items, spans and flags: a `maxColumnWidth` and center alignment; for an
    /// adaptive count a tolerance, half the time with a minimum width redrawn so that the count's
    /// quotient is a half or more past a whole one (where rounding to nearest gives one more
    /// column). The section as it was when the options leave no room for its columns. O(items).
    private mutating func withColumnOptions(in alone: LayoutDescription, rates: LayoutOptionRates,
                                            items: SectionDescription) -> SectionDescription {
        var options = withLengthOptions(alone.sections[0], columnWidth: alone.columnWidth(ofSection: 0), rates: rates)
        if let fit = VerificationHooks.adaptiveFit(ofSection: 0, in: alone), chance(rates.countTolerance) {
            var excess = fit.excess
            if case .adaptive(_, let maxColumns) = options.columnCount, chance(0.5) {
                let fraction = pick([0.5, 0.75, 0.99])
                let minimum = fit.available / ((fit.available / fit.stride).rounded(.down) + fraction) - options.columnSpacing
                var redrawn = options
                redrawn.columnCount = .adaptive(minColumnWidth: minimum, maxColumns: maxColumns)
                if minimum > 0, let again = try? Rules(of: alone).description(width: alone.width, sections: [redrawn]),
                   let refit = VerificationHooks.adaptiveFit(ofSection: 0, in: again) {
                    options = redrawn
                    excess = refit.excess
                }
            }
            options.columnCountTolerance = countTolerance(around: excess)
        }
        guard let checked = try? Rules(of: alone).description(width: alone.width, sections: [options]) else { return items }
        var section = items
        section.columnCount = options.columnCount
        section.maxColumnWidth = options.maxColumnWidth
        section.columnAlignment = options.columnAlignment
        section.columnCountTolerance = options.columnCountTolerance
        if items.stamps == nil, rarely(rates.stamps) { section.stamps = stamps(forSection: 0, of: checked) }
        if rarely(rates.weightsPerSection) {
            section = weighted(section, columns: checked.sections[0].columns, width: alone.width, rules: Rules(of: alone))
        }
        return section
    }

    /// `section` with `columnWeights` (`columnWeights(count:)`) for `columns`, the count it
    /// resolves to in a view `width` wide, fixed at that count (an adaptive one's tolerance goes with it), its stamps
    /// aimed again at the weighted columns; the section as it was when it has a
    /// `maxColumnWidth`, center alignment or weights already, or when the weights leave a column
    /// no room. O(columns + stamps).
    private mutating func weighted(_ section: SectionDescription, columns: Int, width: Double, rules: Rules) -> SectionDescription {
        guard section.maxColumnWidth == nil, section.columnAlignment == .leading, section.columnWeights == nil else { return section }
        var weighted = section
        weighted.columnCount = .fixed(columns)
        weighted.columnCountTolerance = nil
        weighted.columnWeights = columnWeights(count: weighted.columns)
        guard let alone = try? rules.description(width: width, sections: [Self.emptied(weighted)]) else { return section }
        if weighted.stamps != nil { weighted.stamps = stamps(forSection: 0, of: alone) }
        return weighted
    }

    /// Weights for `count` columns: small whole numbers (CSS's `1fr 3fr`), all equal (the equal
    /// split through the weighted arithmetic, whose x values round differently), fractions, or
    /// one column far narrower or wider than the rest (down to none after rounding, which the
    /// section then refuses). O(columns).
    public mutating func columnWeights(count: Int) -> [Double] {
        switch integer(0...4) {
        case 0, 1: return (0..<count).map { _ in Double(integer(1...4)) }
        case 2: return Array(repeating: pick([1, 0.1, 3]), count: count)
        case 3: return (0..<count).map { _ in 0.01 + generator.unitDouble() * 10 }
        default:
            var weights = Array(repeating: 1.0, count: count)
            weights[integer(0...(count - 1))] = pick([1e-3, 1e-9, 1e3, 1e300])
            return weights
        }
    }

    /// `section` (one-column width `columnWidth`) with a `maxColumnWidth` and center alignment,
    /// each at its rate.
    private mutating func withLengthOptions(_ section: SectionDescription, columnWidth: Double, rates: LayoutOptionRates) -> SectionDescription {
        var copy = section
        if chance(rates.maxColumnWidth) { copy.maxColumnWidth = maxColumnWidth(around: columnWidth) }
        if chance(rates.center) { copy.columnAlignment = .center }
        return copy
    }

    /// `section` without items, for an O(1) check of its columns.
    private static func emptied(_ section: SectionDescription) -> SectionDescription {
        var empty = section
        empty.itemHeights = []
        empty.itemSpans = nil
        empty.isUnmeasured = nil
        return empty
    }

    /// A maximum column width around `width`: half, nine tenths, exactly it, an ulp below,
    /// half as much again, or an extreme (tiny, the largest length).
    private mutating func maxColumnWidth(around width: Double) -> Double {
        let drawn = switch integer(0...7) {
        case 0: width * 0.5
        case 1, 2: width * 0.9
        case 3: width
        case 4: width.nextDown
        case 5: width * 1.5
        case 6: 1e-300
        default: LayoutLimits.maximumLength
        }
        return drawn > 0 && drawn <= LayoutLimits.maximumLength ? drawn : max(width, .leastNonzeroMagnitude)
    }

    /// A column-count tolerance around `excess`: just past it (the count rounds), exactly it (it
    /// does not), masonry.js's 1, 0, or the largest length (any excess rounds).
    private mutating func countTolerance(around excess: Double) -> Double {
        let drawn = switch integer(0...5) {
        case 0, 1: excess.nextUp
        case 2: excess
        case 3: 1.0
        case 4: 0.0
        default: LayoutLimits.maximumLength
        }
        return drawn.isFinite && drawn >= 0 && drawn <= LayoutLimits.maximumLength ? drawn : 1
    }
}
