// Format v3 descriptions: sections with an estimate and null heights, estimated or deferred.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// `description` with format v3's unmeasured items at `rates` (unchanged otherwise, or
    /// when the result would not be valid): `deferred` mode and `remeasure: keepColumns` some of
    /// the time (each with `belowLongestColumn`), and in about three sections of four an estimate, a real height of
    /// the section a third of the time (a tie between measured and estimated items), and nulls:
    /// in deferred mode after a measured prefix (none of it, all of it, a checkpoint boundary,
    /// any length), in estimated mode none, all, a run or scattered ones. O(items).
    public mutating func withUnmeasuredItems(_ description: LayoutDescription, rates: FormatV3Rates) -> LayoutDescription {
        guard !description.sections.isEmpty, rarely(rates.unmeasured) else { return description }
        var rules = Rules(of: description)
        if rules.sectionStart == .belowLongestColumn, chance(rates.deferred) { rules.unmeasuredItems = .deferred }
        if rules.sectionStart == .belowLongestColumn, chance(rates.keepColumns) { rules.remeasure = .keepColumns }
        var sections = description.sections
        for index in sections.indices where chance(0.75) {
            sections[index] = unmeasured(sections[index], deferred: rules.unmeasuredItems == .deferred)
        }
        return (try? rules.description(width: description.width, sections: sections)) ?? description
    }

    /// `update` with, when it inserts a section into a description that has an estimate, at
    /// `rates.insertedNulls`, an estimate and nulls in the inserted section as
    /// `withUnmeasuredItems` draws them for a section of `description`'s mode (deferred: after a
    /// measured prefix); otherwise `update`, drawing nothing, so that a description without
    /// estimates is the case it was. O(the inserted section's items).
    public mutating func withUnmeasuredItems(in update: LayoutUpdate, of description: LayoutDescription,
                                             rates: FormatV3Rates) -> LayoutUpdate {
        guard case .insertSection(let section, let index) = update, description.sections.contains(where: { $0.estimatedItemHeight != nil }),
              rarely(rates.insertedNulls) else { return update }
        return Self.canonical(.insertSection(unmeasured(section, deferred: description.unmeasuredItems == .deferred), at: index))
    }

    /// `section` with an estimate (`estimatedItemHeight(among:)`) and nulls: in deferred mode
    /// after a measured prefix, in estimated mode none, all, a run or scattered ones. O(items).
    private mutating func unmeasured(_ section: SectionDescription, deferred: Bool) -> SectionDescription {
        var copy = section
        let heights = section.itemHeights
        copy.estimatedItemHeight = estimatedItemHeight(among: heights)
        let nulls = deferred ? deferredNulls(count: heights.count, columns: section.columns) : estimatedNulls(count: heights.count)
        copy.measuredItemHeights = zip(heights, nulls).map { $1 ? nil : $0 }
        return copy
    }

    /// `description` as a scenario file reads it back: a section whose items are all measured
    /// has no unmeasured flags (updates that measure every item leave flags of `false`, which a
    /// file does not hold). O(items) when some section has flags.
    public static func canonical(_ description: LayoutDescription) -> LayoutDescription {
        guard description.sections.contains(where: { $0.isUnmeasured != nil && $0.isUnmeasured?.contains(true) != true }) else { return description }
        let sections = description.sections.map { section in
            var copy = section
            if copy.isUnmeasured?.contains(true) != true { copy.isUnmeasured = nil }
            return copy
        }
        return (try? Rules(of: description).description(width: description.width, sections: sections)) ?? description
    }

    /// An estimate: one of `heights` a third of the time (ties with measured items), else 0, an
    /// extreme or an ordinary height.
    mutating func estimatedItemHeight(among heights: [Double]) -> Double {
        if !heights.isEmpty, chance(0.35) { return max(0, pick(heights)) }
        switch integer(0...9) {
        case 0: return 0
        case 1: return pick(Self.extremeLengths)
        default: return max(0, itemHeights(count: 1)[0])
        }
    }

    /// Which of `count` items are unmeasured in a deferred section: the items after a measured
    /// prefix of none, all, a checkpoint boundary or any length.
    private mutating func deferredNulls(count: Int, columns: Int) -> [Bool] {
        let boundaries = Self.boundaryIndices(columns: columns, count: count)
        let prefix = switch integer(0...5) {
        case 0: 0
        case 1: count
        case 2 where !boundaries.isEmpty: pick(boundaries)
        default: integer(0...count)
        }
        return (0..<count).map { $0 >= prefix }
    }

    /// Which of `count` items are unmeasured in an estimated section: none, all, one run, or
    /// each at a chance.
    private mutating func estimatedNulls(count: Int) -> [Bool] {
        switch integer(0...4) {
        case 0: return Array(repeating: false, count: count)
        case 1: return Array(repeating: true, count: count)
        case 2:
            let start = integer(0...count), end = integer(start...count)
            return (0..<count).map { (start..<end).contains($0) }
        default:
            let share = pick([0.1, 0.5, 0.9])
            return (0..<count).map { _ in chance(share) }
        }
    }
}
