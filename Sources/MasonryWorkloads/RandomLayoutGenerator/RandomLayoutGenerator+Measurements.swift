// Format v3 updates that measure: in order, out of order, again, back to the estimate, with nulls.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// At `rates.measuring`, when some section of `description` has an estimate, an update that
    /// measures (`measurementUpdate`); nil otherwise (drawing nothing when no section has one).
    public mutating func measurementUpdateIfDrawn(for description: LayoutDescription, rates: FormatV3Rates, boundaries: Double,
                                                  formatV2: FormatV2Rates) -> LayoutUpdate? {
        guard description.sections.contains(where: { $0.estimatedItemHeight != nil }), rarely(rates.measuring) else { return nil }
        return measurementUpdate(for: description, boundaries: boundaries, formatV2: formatV2)
    }

    /// A format v3 update, valid or not, of a section with an estimate most of the time: the
    /// typical feed's next run of unmeasured items measured in order (a `setItemHeights`: a
    /// measuring update without a null is its format v2 kind, `canonical`; its end at a
    /// checkpoint boundary with `boundaries` probability, at least a quarter of the time; in
    /// estimated mode from the first unmeasured item or, 40% of the time, any), a run
    /// measured out of order (refused in deferred mode), items measured again, measured items
    /// back to the estimate (refused in deferred mode), nulls appended or inserted; heights
    /// equal to the estimate a fifth of the time (ties), spans at `formatV2.spans`. O(items of
    /// the section).
    public mutating func measurementUpdate(for description: LayoutDescription, boundaries: Double = 0,
                                           formatV2: FormatV2Rates = .none) -> LayoutUpdate {
        Self.canonical(drawnMeasurementUpdate(for: description, boundaries: boundaries, formatV2: formatV2))
    }

    /// `update` as a scenario file reads it back: a measuring update without a null is its
    /// format v2 kind (the same change; the file cannot tell them apart), and an inserted
    /// section's unmeasured items have height 0 (a file gives a null no height: the section's
    /// estimate becomes theirs when it is inserted), so that a case written to a file is the
    /// case it was.
    public static func canonical(_ update: LayoutUpdate) -> LayoutUpdate {
        switch update {
        case .insertSection(let section, let index) where section.isUnmeasured != nil:
            .insertSection(section.withUnmeasuredHeightsZero(), at: index)
        case .appendMeasurements(let section, let heights, let spans) where !heights.contains(nil):
            .appendItems(section: section, heights: heights.map { $0! }, spans: spans)
        case .setMeasurements(let section, let start, let heights, let spans) where !heights.contains(nil):
            .setItemHeights(section: section, startingAt: start, heights: heights.map { $0! }, spans: spans)
        case .insertMeasurements(let section, let index, let heights, let spans) where !heights.contains(nil):
            .insertItems(section: section, at: index, heights: heights.map { $0! }, spans: spans)
        default:
            update
        }
    }

    private mutating func drawnMeasurementUpdate(for description: LayoutDescription, boundaries: Double,
                                                 formatV2: FormatV2Rates) -> LayoutUpdate {
        let sections = description.sections
        guard !sections.isEmpty else { return .appendMeasurements(section: 0, heights: [nil]) }
        let estimated = sections.indices.filter { sections[$0].estimatedItemHeight != nil }
        let section = !estimated.isEmpty && chance(0.9) ? pick(estimated) : integer(0...(sections.count - 1))
        let target = sections[section]
        let count = target.itemHeights.count
        let flags = target.isUnmeasured ?? Array(repeating: false, count: count)
        let deferred = description.unmeasuredItems == .deferred
        // Deferred mode's measured prefix; in estimated mode, the first unmeasured item.
        let first = flags.firstIndex(of: true) ?? count
        let spanned = target.itemSpans != nil
        func spans(_ generator: inout Self, _ n: Int) -> [ItemSpan]? {
            guard generator.rarely(spanned ? max(formatV2.spans, 0.6) : formatV2.spans) else { return nil }
            return generator.itemSpans(count: n, columns: target.columns)
        }
        func measured(_ generator: inout Self, _ n: Int) -> [Double?] {
            if let estimate = target.estimatedItemHeight, generator.chance(0.2) { return Array(repeating: estimate, count: n) }
            return generator.itemHeights(count: n)
        }
        switch integer(0...12) {
        case 0...3:
            // In order: the next run of unmeasured items (from the first one), one update per run.
            var start = first
            let unmeasured = flags.indices.filter { flags[$0] }
            if !deferred, !unmeasured.isEmpty, chance(0.4) { start = pick(unmeasured) }  // estimated mode: any run, now and then
            var end = start
            while end < count, flags[end] { end += 1 }
            let reach = chance(max(boundaries, 0.25)) ? Self.boundaryIndices(columns: target.columns, count: end).filter { $0 > start }.first : nil
            let length = reach.map { $0 - start } ?? (end > start ? integer(1...(end - start)) : integer(0...2))
            let heights = measured(&self, min(length, count - start))
            return .setMeasurements(section: section, startingAt: start, heights: heights, spans: spans(&self, heights.count))
        case 4, 5:
            // Out of order: a run after the first unmeasured item (refused in deferred mode), or
            // a measurement after a null in the same update.
            let start = first < count ? integer(first...(count - 1)) : integer(0...count)
            var heights = measured(&self, integer(1...max(1, min(8, count - start))))
            if chance(0.3) || start == first { heights.insert(nil, at: 0) }
            return .setMeasurements(section: section, startingAt: min(start, count), heights: Array(heights.prefix(max(0, count - start))),
                                    spans: nil)
        case 6:
            // Measured again: items before the first unmeasured one.
            let start = integer(0...max(0, first - 1))
            let heights = measured(&self, integer(0...max(0, min(first, count) - start)))
            return .setMeasurements(section: section, startingAt: start, heights: heights, spans: spans(&self, heights.count))
        case 7, 8:
            // Back to the estimate (refused in deferred mode for a measured item).
            let start = integer(0...count)
            let heights: [Double?] = (0..<integer(0...(count - start))).map { _ in chance(0.7) ? nil : itemHeights(count: 1)[0] }
            return .setMeasurements(section: section, startingAt: start, heights: heights, spans: spans(&self, heights.count))
        case 9, 10:
            // Nulls appended: after measured ones (deferred mode: valid only if none is unmeasured yet).
            let measuredCount = deferred && first < count ? (chance(0.8) ? 0 : 1) : integer(0...8)
            let heights = mixed(measured(&self, measuredCount), nulls: integer(1...12), inOrder: deferred)
            return .appendMeasurements(section: section, heights: heights, spans: spans(&self, heights.count))
        default:
            // Nulls inserted: in deferred mode at the measured prefix's end (measured then nulls)
            // most of the time; anywhere otherwise.
            let at = deferred && chance(0.7) ? first : integer(0...count)
            let heights = mixed(measured(&self, integer(0...3)), nulls: integer(1...6), inOrder: deferred)
            return .insertMeasurements(section: section, at: at, heights: heights, spans: spans(&self, heights.count))
        }
    }

    /// `heights` and `nulls` nulls: the nulls after them (`inOrder`, deferred mode's order), or
    /// each null at a random place among them.
    private mutating func mixed(_ heights: [Double?], nulls: Int, inOrder: Bool) -> [Double?] {
        var result = heights
        for _ in 0..<nulls { result.insert(nil, at: inOrder ? result.count : integer(0...result.count)) }
        return result
    }
}

private extension SectionDescription {
    /// The section with height 0 at each unmeasured item, as a scenario file reads it. O(items).
    func withUnmeasuredHeightsZero() -> SectionDescription {
        var copy = self
        copy.itemHeights = zip(itemHeights, isUnmeasured ?? []).map { $1 ? 0 : $0 }
        return copy
    }
}
