// A session benchmark's variant: how unmeasured items are laid out and how a measurement re-places them.
import MasonryLayout

/// One session benchmark of a workload: `/unmeasured:<mode>/remeasure:<policy>`.
struct SessionVariant: Hashable, Sendable {
    var unmeasured: UnmeasuredItems
    /// What a measurement does to the items below a re-measured one: every policy the engines offer.
    var remeasure: Remeasure

    /// The variants a session workload measures, in order: deferred (its items are measured once,
    /// in order, and never re-measured, so the policy does not apply: only the default's name),
    /// then estimated under every policy.
    static var all: [SessionVariant] {
        [SessionVariant(unmeasured: .deferred, remeasure: .reflow)]
            + Remeasure.allCases.map { SessionVariant(unmeasured: .estimated, remeasure: $0) }
    }

    /// One frame at 120 Hz, in nanoseconds: the budget `frames_over_budget` counts frames over.
    static let frameBudget = 1e9 / 120

    /// Every item's height an estimate before the session measures it.
    static let estimatedItemHeight = 300.0

    /// `base` (`session/<engine>/<workload>/threads:1`) with this variant's two components.
    func name(_ base: BenchmarkName) -> BenchmarkName {
        base.appending("unmeasured", unmeasured.rawValue).appending("remeasure", remeasure.rawValue)
    }

    /// `measured` (the workload's description, every height known) with every item unmeasured,
    /// `estimatedItemHeight` its estimate, laid out as this variant says. O(items).
    func description(of measured: LayoutDescription) -> LayoutDescription {
        let sections = measured.sections.map { section in
            var unmeasured = section
            unmeasured.estimatedItemHeight = Self.estimatedItemHeight
            unmeasured.measuredItemHeights = Array(repeating: nil, count: section.itemHeights.count)
            return unmeasured
        }
        return try! LayoutDescription(width: measured.width, placement: measured.placement, unmeasuredItems: unmeasured,
                                      remeasure: remeasure, sections: sections)
    }
}
