// AnchorSteps: a scenario's anchor steps as the checker runs them, taken, followed and restored on both engines.
import MasonryLayout

/// A scenario's anchor steps (`ScenarioAnchor`) as `ScenarioChecker` runs them: each step's
/// anchor on the engine under test and on the reference, taken after its update count, followed
/// through each later update the engines accept (`follow`, `adjusted(for:in:)` in production,
/// with the description after it), and restored after the last (`AnchorComparison`); every one
/// compared bit for bit. Both engines follow their anchors with the same code, so a comparison
/// cannot see a fault in it: the invariant that a followed anchor names the same item, by
/// identity (`ItemIdentities`), at the same distance (or, its item deleted, the item that then
/// holds its index path) holds that code to its contract.
struct AnchorSteps {
    private let steps: [ScenarioAnchor]
    private let follow: AnchorFollower
    /// Each step's anchor on the engine and on the reference: nil before it is taken, and after
    /// it lost its item.
    private(set) var engineAnchors: [ScrollAnchor?]
    private var referenceAnchors: [ScrollAnchor?]
    /// The reference's items by identity, from the first step on; nil for a scenario without steps.
    private var identities: ItemIdentities?
    /// The identity of the item each reference anchor names.
    private var anchoredItems: [Int?]

    init(_ steps: [ScenarioAnchor], follow: @escaping AnchorFollower = libraryAnchorFollower) {
        self.steps = steps
        self.follow = follow
        engineAnchors = Array(repeating: nil, count: steps.count)
        referenceAnchors = engineAnchors
        anchoredItems = Array(repeating: nil, count: steps.count)
    }

    /// After `applied` updates (the last one `update`, accepted or not; nil right after
    /// prepare): follows the anchors taken earlier through it, then takes those due now. The
    /// first difference or broken invariant, or nil.
    ///
    /// - Complexity: O(steps × items) (an identity's new place), an open-edge query of each
    ///   engine per anchor taken, and O(items of the sections an update changes); nothing for a
    ///   scenario without steps.
    mutating func step(applied: Int, update: LayoutUpdate?, accepted: Bool, _ engine: any LayoutEngine,
                       _ reference: ReferenceLayoutEngine) -> String? {
        guard !steps.isEmpty else { return nil }
        if applied == 0 { identities = ItemIdentities(reference.layoutDescription) }
        if let update, accepted { identities?.apply(update) }
        for (index, step) in steps.enumerated() {
            if step.afterUpdates < applied, let update, accepted {
                let before = referenceAnchors[index]
                engineAnchors[index] = engineAnchors[index].flatMap { follow($0, update, engine.layoutDescription) }
                referenceAnchors[index] = before.flatMap { follow($0, update, reference.layoutDescription) }
                if let before, let identity = anchoredItems[index], let identities {
                    let expected = identities.following(identity, from: before.item).map { ScrollAnchor(item: $0, distance: before.distance) }
                    guard AnchorComparison.sameBits(referenceAnchors[index], expected) else {
                        return "invariant: \(name(index)) followed through updates[\(applied - 1)] is \(AnchorComparison.describe(referenceAnchors[index])), "
                            + "but its item is \(AnchorComparison.describe(expected)) (taken at \(AnchorComparison.describe(before)) "
                            + "before the update; deleted, the item then at its index path)"
                    }
                }
            } else if step.afterUpdates == applied {
                engineAnchors[index] = engine.scrollAnchor(in: step.viewport)
                referenceAnchors[index] = reference.scrollAnchor(in: step.viewport)
            } else {
                continue
            }
            anchoredItems[index] = referenceAnchors[index].flatMap { identities?.identity(at: $0.item) }
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
