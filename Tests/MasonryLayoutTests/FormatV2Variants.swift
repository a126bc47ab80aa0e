// Random format v2 variants (spans, directions, axes, rounding, adaptive counts) of generated test layouts.
import MasonryLayout
import MasonryWorkloads

/// Random format v2 variants of `RandomLayoutGenerator`'s format v1 descriptions and updates:
/// spans (`"full"`, wider than the section), both directions and axes, `floor` and `nearest`
/// rounding at display scales 1, 2 and 3, adaptive column counts, trailing spacing excluded.
/// Deterministic for a seed. (The fuzzer's own generator gains these fields in phase 2.)
struct FormatV2Variants {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private mutating func chance(_ probability: Double) -> Bool { random.unitDouble() < probability }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }

    /// `count` spans: mostly 1, some 2 and 3, `"full"`, and spans wider than any section.
    mutating func spans(count: Int) -> [ItemSpan] {
        (0..<count).map { _ in chance(0.6) ? 1 : pick([2, 2, 3, .full, 50]) }
    }

    /// `description` with random format v2 fields; with `kernelFeaturesOnly`, only those the
    /// optimized engine's kernels lay out themselves (no spans, vertical, trailing spacing included).
    mutating func variant(of description: LayoutDescription, kernelFeaturesOnly: Bool = false) -> LayoutDescription {
        let rounding = pick(ColumnWidthRounding.allCases)
        let displayScale = pick([1.0, 2, 3, 1.5])
        let direction = pick(ColumnDirection.allCases)
        let axis: ScrollAxis = kernelFeaturesOnly || chance(0.6) ? .vertical : .horizontal
        let independentSections = description.sectionStart == .belowLongestColumn
        let trailing: TrailingItemSpacing = !kernelFeaturesOnly && independentSections && chance(0.4) ? .exclude : .include
        var sections = description.sections
        for index in sections.indices {
            if !kernelFeaturesOnly, chance(0.5) {
                sections[index].itemSpans = spans(count: sections[index].itemHeights.count)
            }
            if independentSections, chance(0.3) {
                let minColumnWidth = description.width / Double(1 + random.next() % 8) * pick([0.5, 0.9, 1])
                sections[index].columnCount = .adaptive(minColumnWidth: minColumnWidth, maxColumns: chance(0.5) ? pick([1, 2, 3]) : nil)
            }
        }
        let build = { (sections: [SectionDescription], rounding: ColumnWidthRounding) in
            try? LayoutDescription(
                width: description.width, placement: description.placement, tieBreak: description.tieBreak,
                sectionStart: description.sectionStart, columnWidthRounding: rounding, displayScale: displayScale,
                trailingItemSpacing: trailing, axis: axis, direction: direction, sections: sections)
        }
        // Rounding down, or an adaptive count, may leave no room: then the description's own choices.
        return build(sections, rounding) ?? build(sections, description.columnWidthRounding)
            ?? build(description.sections, description.columnWidthRounding) ?? description
    }

    /// `update` with spans now and then (item updates only, unless `kernelFeaturesOnly`).
    mutating func variant(of update: LayoutUpdate, kernelFeaturesOnly: Bool = false) -> LayoutUpdate {
        guard !kernelFeaturesOnly, chance(0.4) else { return update }
        switch update {
        case .appendItems(let section, let heights, _):
            return .appendItems(section: section, heights: heights, spans: spans(count: heights.count))
        case .setItemHeights(let section, let start, let heights, _):
            return .setItemHeights(section: section, startingAt: start, heights: heights, spans: spans(count: heights.count))
        case .insertItems(let section, let index, let heights, _):
            return .insertItems(section: section, at: index, heights: heights, spans: spans(count: heights.count))
        case .insertSection(var section, let index):
            section.itemSpans = spans(count: section.itemHeights.count)
            return .insertSection(section, at: index)
        case .deleteItems, .deleteSection, .setWidth, .appendMeasurements, .setMeasurements, .insertMeasurements:
            return update
        }
    }
}
