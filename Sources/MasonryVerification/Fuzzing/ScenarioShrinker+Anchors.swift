// The shrinker's anchor steps re-placed on a smaller layout: a viewport at every item's start and middle.
import MasonryLayout

extension ScenarioShrinker {
    /// `chain` with scenario `link`'s anchor steps replaced by steps whose viewports start at
    /// each item's start and at its middle (cut by the leading edge), in the layout each step was
    /// taken from (after its `afterUpdates`), with each step's length and extent across; nil
    /// when that would be more than 4,000 steps.
    ///
    /// A step's viewport is a fixed rect: removing items before the item it was taken at moves
    /// that item away, and a fault that needs the item there then seems to need every item
    /// before it. The anchor pass then drops all the steps but one that fails.
    ///
    /// - Complexity: a reference layout and its updates, O(updates × items), and O(steps) rects.
    static func reanchoredSteps(_ chain: ScenarioChain, link: Int) -> ScenarioChain? {
        var scenario = chain.scenarios[link]
        guard !scenario.anchors.isEmpty else { return nil }
        var reference = ReferenceLayoutEngine(scenario.description)
        let horizontal = scenario.description.axis == .horizontal
        var steps: [ScenarioAnchor] = []
        var seen: Set<[UInt64]> = []
        for applied in 0...scenario.updates.count {
            if applied > 0 { try? reference.apply(scenario.updates[applied - 1]) }
            let taken = scenario.anchors.filter { $0.afterUpdates == applied }
            guard !taken.isEmpty else { continue }
            for section in reference.layoutDescription.sections.indices {
                for item in reference.layoutDescription.sections[section].itemHeights.indices {
                    guard let frame = reference.frame(ofItemAt: ItemIndexPath(section: section, item: item)) else { continue }
                    let (start, length) = horizontal ? (frame.minX, frame.width) : (frame.minY, frame.height)
                    for edge in [start, start + length / 2] {
                        for step in taken {
                            var viewport = step.viewport
                            if horizontal { viewport.x = edge } else { viewport.y = edge }
                            let key = [UInt64(applied)] + EngineVerifier.bits(viewport)
                            guard seen.insert(key).inserted else { continue }
                            steps.append(ScenarioAnchor(viewport: viewport, afterUpdates: applied))
                            if steps.count > 4000 { return nil }
                        }
                    }
                }
            }
        }
        scenario.anchors = steps
        var copy = chain
        copy.replace(link, with: scenario)
        return copy
    }
}
