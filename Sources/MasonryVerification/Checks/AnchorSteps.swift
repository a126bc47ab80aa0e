// AnchorSteps: a scenario's anchor steps as the checker runs them, taken, followed and restored on both engines.
import MasonryLayout

/// A scenario's anchor steps (`ScenarioAnchor`) as `ScenarioChecker` runs them: each step's
/// anchor on the engine under test and on the reference, taken after its update count, followed
/// through each later update the engines accept (`adjusted(for:in:)` with the description after
/// it), and restored after the last (`AnchorComparison`); every one compared bit for bit.
struct AnchorSteps {
    private let steps: [ScenarioAnchor]
    /// Each step's anchor on the engine and on the reference: nil before it is taken, and after
    /// it lost its item.
    private(set) var engineAnchors: [ScrollAnchor?]
    private var referenceAnchors: [ScrollAnchor?]

    init(_ steps: [ScenarioAnchor]) {
        self.steps = steps
        engineAnchors = Array(repeating: nil, count: steps.count)
        referenceAnchors = engineAnchors
    }

    /// After `applied` updates (the last one `update`, accepted or not; nil right after
    /// prepare): follows the anchors taken earlier through it, then takes those due now. The
    /// first difference, or nil.
    ///
    /// - Complexity: O(steps), and an open-edge query of each engine per anchor taken.
    mutating func step(applied: Int, update: LayoutUpdate?, accepted: Bool, _ engine: any LayoutEngine,
                       _ reference: ReferenceLayoutEngine) -> String? {
        for (index, step) in steps.enumerated() {
            if step.afterUpdates < applied, let update, accepted {
                engineAnchors[index] = engineAnchors[index]?.adjusted(for: update, in: engine.layoutDescription)
                referenceAnchors[index] = referenceAnchors[index]?.adjusted(for: update, in: reference.layoutDescription)
            } else if step.afterUpdates == applied {
                engineAnchors[index] = engine.scrollAnchor(in: step.viewport)
                referenceAnchors[index] = reference.scrollAnchor(in: step.viewport)
            } else {
                continue
            }
            guard AnchorComparison.sameBits(engineAnchors[index], referenceAnchors[index]) else {
                let what = step.afterUpdates == applied ? "taken" : "followed through updates[\(applied - 1)]"
                return "\(name(index)) \(what): the engine's anchor is \(AnchorComparison.describe(engineAnchors[index])), "
                    + "the reference's \(AnchorComparison.describe(referenceAnchors[index]))"
            }
        }
        return nil
    }

    /// After the last update: the offset restoring each anchor (the viewport's length along the
    /// scroll axis), compared, and the no-clamping invariant. The first difference, or nil.
    ///
    /// - Complexity: O(steps) item lookups on each engine.
    func restore(_ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine) -> String? {
        for (index, step) in steps.enumerated() {
            // `step` compared the two anchors bit for bit: the engine's stands for both.
            guard let anchor = engineAnchors[index] else { continue }
            let length = AnchorComparison.length(of: step.viewport, in: reference)
            if let difference = AnchorComparison.firstDifference(restoring: anchor, viewportLength: length, engine, reference) {
                return "\(name(index)) restored: \(difference)"
            }
        }
        return nil
    }

    private func name(_ index: Int) -> String { "anchors[\(index)] (taken after \(steps[index].afterUpdates) update(s))" }
}
