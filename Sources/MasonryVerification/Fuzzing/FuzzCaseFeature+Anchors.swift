// The fuzz case features of anchor steps: anchors taken, followed through updates, moved, restored clamped, lost.
import MasonryLayout

extension FuzzCaseFeature {
    /// The anchor step features, detected by `anchorIsPresent(in:)`.
    static let anchorSteps: Set<FuzzCaseFeature> = [.anchorRestored, .anchorItemMoved, .anchorRestoreClamped, .anchorLost, .anchorNone]

    /// Whether a scenario of `chain` has an anchor step with this feature, as the reference runs
    /// the steps (`AnchorSteps`: taken, followed through the accepted updates, restored).
    /// O(updates × items) per scenario with anchor steps; nothing for the others.
    func anchorIsPresent(in chain: ScenarioChain) -> Bool {
        chain.scenarios.contains { scenario in
            !scenario.anchors.isEmpty && Self.fates(of: scenario).contains { fate in
                let followed = fate.taken != nil && fate.followedThroughAnUpdate
                switch self {
                case .anchorRestored: return followed && fate.final != nil
                case .anchorItemMoved: return followed && fate.final.map { $0.item != fate.taken?.item } == true
                case .anchorRestoreClamped: return followed && fate.clamped
                case .anchorLost: return followed && fate.final == nil
                case .anchorNone: return fate.taken == nil
                default: return false
                }
            }
        }
    }

    /// What became of an anchor step on the reference.
    private struct Fate {
        /// The anchor when taken (nil: the viewport showed no item).
        var taken: ScrollAnchor?
        /// Whether an update the engine accepted came after it was taken.
        var followedThroughAnUpdate = false
        /// The anchor after the last update (nil: none taken, or its item deleted).
        var final: ScrollAnchor?
        /// Whether the offset restoring `final` was clamped to the content.
        var clamped = false
    }

    /// Each anchor step of `scenario`, run on the reference. O(updates × items).
    private static func fates(of scenario: LayoutScenario) -> [Fate] {
        var reference = ReferenceLayoutEngine(scenario.description)
        var fates = [Fate](repeating: Fate(), count: scenario.anchors.count)
        for applied in 0...scenario.updates.count {
            let accepted = applied > 0 && (try? reference.apply(scenario.updates[applied - 1])) != nil
            for (index, step) in scenario.anchors.enumerated() {
                if step.afterUpdates < applied, accepted {
                    fates[index].followedThroughAnUpdate = true
                    fates[index].final = fates[index].final?.adjusted(for: scenario.updates[applied - 1], in: reference.layoutDescription)
                } else if step.afterUpdates == applied {
                    fates[index].taken = reference.scrollAnchor(in: step.viewport)
                    fates[index].final = fates[index].taken
                }
            }
        }
        let vertical = reference.layoutDescription.axis == .vertical
        for (index, step) in scenario.anchors.enumerated() {
            guard let anchor = fates[index].final, let frame = reference.frame(ofItemAt: anchor.item),
                  let offset = reference.contentOffset(restoring: anchor, viewportLength: AnchorComparison.length(of: step.viewport, in: reference))
            else { continue }
            fates[index].clamped = offset.bitPattern != ((vertical ? frame.minY : frame.minX) - anchor.distance).bitPattern
        }
        return fates
    }
}
