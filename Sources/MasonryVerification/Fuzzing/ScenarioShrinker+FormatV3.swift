// The shrinker's format v3 candidates: nulls measured with the estimate, plain updates, no estimate.
import MasonryLayout

extension ScenarioShrinker {
    /// Gives the unmeasured items of section `section` (every section when nil) their estimate as
    /// a measured height: the same layout in estimated mode, a format v2 section. O(items).
    static func measureNulls(in sections: inout [SectionDescription], section: Int?) {
        for index in sections.indices where (section == nil || section == index) && sections[index].isUnmeasured != nil {
            sections[index].measuredItemHeights = sections[index].itemHeights
        }
    }

    /// Drops the estimate of section `section` (every section when nil) when none of its items is
    /// unmeasured. O(items).
    static func dropEstimates(in sections: inout [SectionDescription], section: Int?) {
        for index in sections.indices where (section == nil || section == index) && sections[index].isUnmeasured?.contains(true) != true {
            sections[index].estimatedItemHeight = nil
            sections[index].isUnmeasured = nil
        }
    }

    /// `scenario` with the nulls of update `index` (every update when nil) replaced by the
    /// estimate of the section they go to, as the description stands before the update (an
    /// inserted section's own); an update to a section without an estimate keeps its nulls.
    /// O(updates × items).
    static func measuringNulls(inUpdatesOf scenario: LayoutScenario, at index: Int?) -> LayoutScenario {
        var copy = scenario
        var description = scenario.description
        for (position, update) in scenario.updates.enumerated() {
            defer { try? description.apply(update) }
            guard index == nil || index == position, let items = items(of: update), items.heights.contains(nil) else { continue }
            let estimate: Double? = switch update {
            case .insertSection(let section, _): section.estimatedItemHeight
            case .appendMeasurements(let section, _, _), .setMeasurements(let section, _, _, _), .insertMeasurements(let section, _, _, _):
                description.sections.indices.contains(section) ? description.sections[section].estimatedItemHeight : nil
            default: nil
            }
            guard let estimate else { continue }
            copy.updates[position] = Self.update(update, heights: items.heights.map { $0 ?? estimate }, spans: items.spans)
        }
        return copy
    }

    /// `scenario` with update `index` (every update when nil), when it measures without a null,
    /// turned into its format v2 kind (`setMeasurements` into `setItemHeights`…). O(updates).
    static func plainUpdates(of scenario: LayoutScenario, at index: Int?) -> LayoutScenario {
        var copy = scenario
        for (position, update) in scenario.updates.enumerated() where index == nil || index == position {
            guard let items = items(of: update), !items.heights.contains(nil) else { continue }
            let heights = items.heights.map { $0 ?? 0 }
            switch update {
            case .appendMeasurements(let section, _, let spans): copy.updates[position] = .appendItems(section: section, heights: heights, spans: spans)
            case .setMeasurements(let section, let start, _, let spans):
                copy.updates[position] = .setItemHeights(section: section, startingAt: start, heights: heights, spans: spans)
            case .insertMeasurements(let section, let at, _, let spans):
                copy.updates[position] = .insertItems(section: section, at: at, heights: heights, spans: spans)
            default: break
            }
        }
        return copy
    }

    /// Whether `scenario` uses format v3 at all: an estimate, or an update that may carry nulls.
    static func usesFormatV3(_ scenario: LayoutScenario) -> Bool {
        scenario.description.sections.contains { $0.estimatedItemHeight != nil } || scenario.updates.contains { update in
            switch update {
            case .appendMeasurements, .setMeasurements, .insertMeasurements: true
            case .insertSection(let section, _): section.estimatedItemHeight != nil
            default: false
            }
        }
    }
}
