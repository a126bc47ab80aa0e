// Tests of anchor steps as the checker runs them: taken, followed through updates and restored, on both engines.
import MasonryLayout
@testable import MasonryVerification
import Testing

/// A scenario's anchor steps through `ScenarioChecker` and `AnchorSteps`: agreeing engines pass,
/// an engine with another layout fails naming the step, a refused update leaves the anchor as it is.
@Suite struct AnchorStepsTests {
    static func scenario(anchors: [ScenarioAnchor]) throws -> LayoutScenario {
        LayoutScenario(description: try LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [30, 20, 40, 10, 25])]),
                       updates: [.insertItems(section: 0, at: 0, heights: [15, 15]), .deleteSection(at: 3), .appendItems(section: 0, heights: [50]),
                                 .deleteItems(section: 0, range: 0..<1), .setWidth(80)],
                       queries: [LayoutQuery(Rect(x: 0, y: 0, width: 100, height: 30))], anchors: anchors)
    }

    @Test(arguments: [1, 2, 3])
    func agreeingEnginesPassEveryStep(threads: Int) throws {
        let viewports = [Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 0, y: 25, width: 100, height: 15), Rect(x: 0, y: 500, width: 100, height: 5)]
        let anchors = viewports.flatMap { viewport in (0...5).map { ScenarioAnchor(viewport: viewport, afterUpdates: $0) } }
        let scenario = try Self.scenario(anchors: anchors)
        #expect(ScenarioChecker().check(scenario, threads: threads) == nil)
        #expect(ScenarioChecker(minimumItemsForThreads: 1).check(scenario, threads: threads) == nil)
    }

    @Test func anEngineWithAnotherLayoutFailsNamingTheStep() throws {
        let scenario = try Self.scenario(anchors: [ScenarioAnchor(viewport: Rect(x: 0, y: 25, width: 100, height: 1))])
        let other = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [20, 30, 40, 10, 25])])
        var steps = AnchorSteps(scenario.anchors)
        let difference = steps.step(applied: 0, update: nil, accepted: false, OptimizedLayoutEngine(other), ReferenceLayoutEngine(scenario.description))
        #expect(difference?.hasPrefix("anchors[0] (taken after 0 update(s)) taken: the engine's anchor is (section 0, item 1") == true, "\(difference ?? "")")
    }

    @Test func theAnchorFollowsAcceptedUpdatesOnlyAndIsRestored() throws {
        let scenario = try Self.scenario(anchors: [ScenarioAnchor(viewport: Rect(x: 0, y: 25, width: 100, height: 10))])
        var reference = ReferenceLayoutEngine(scenario.description)
        var engine = OptimizedLayoutEngine(scenario.description)
        var steps = AnchorSteps(scenario.anchors)
        #expect(steps.step(applied: 0, update: nil, accepted: false, engine, reference) == nil)
        // Two items inserted above: the anchor (item 0) moves to item 2.
        let insert = LayoutUpdate.insertItems(section: 0, at: 0, heights: [15, 15])
        try reference.apply(insert)
        try engine.apply(insert)
        #expect(steps.step(applied: 1, update: insert, accepted: true, engine, reference) == nil)
        #expect(steps.engineAnchors == [ScrollAnchor(item: ItemIndexPath(section: 0, item: 2), distance: -25)])
        // A refused update (a negative height) is not followed: were it, the anchor would move to item 3.
        let refused = LayoutUpdate.insertItems(section: 0, at: 0, heights: [-1])
        #expect(throws: LayoutError.self) { try reference.apply(refused) }
        #expect(steps.step(applied: 2, update: refused, accepted: false, engine, reference) == nil)
        #expect(steps.engineAnchors == [ScrollAnchor(item: ItemIndexPath(section: 0, item: 2), distance: -25)])
        #expect(steps.restore(engine, reference) == nil)
        // Restored on the updated layout: item 2 (y 15, column 0 below item 0) back 25 above the viewport's top, -(-25).
        let item = try #require(reference.frame(ofItemAt: ItemIndexPath(section: 0, item: 2)))
        #expect(reference.contentOffset(restoring: ScrollAnchor(item: ItemIndexPath(section: 0, item: 2), distance: -25), viewportLength: 10)
            == item.minY + 25)
    }

    /// Followers that break `adjusted(for:in:)`'s contract in one way each: the item-identity
    /// invariant names the step and the update, though both engines agree.
    @Test(arguments: [
        (LayoutUpdate.deleteItems(section: 0, range: 0..<2), "a delete before it one item short"),
        (.insertItems(section: 0, at: 1, heights: [5]), "an insert before it ignored"),
        (.insertSection(SectionDescription(columns: 1, itemHeights: [5]), at: 0), "an inserted section before it ignored"),
    ])
    func theIdentityInvariantCatchesAFaultyFollower(update: LayoutUpdate, fault: String) throws {
        let description = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 1, itemHeights: [10, 10, 10, 10, 10])])
        // The viewport cuts item 3 (y 30 to 40): the anchor a delete of items 0 and 1 moves to item 1.
        let scenario = LayoutScenario(description: description, updates: [update], anchors: [ScenarioAnchor(viewport: Rect(x: 0, y: 35, width: 100, height: 20))])
        var checker = ScenarioChecker()
        checker.anchorFollower = { anchor, update, description in
            switch update {
            case .deleteItems(_, let range): ScrollAnchor(item: ItemIndexPath(section: 0, item: anchor.item.item - range.count + 1), distance: anchor.distance)
            default: anchor
            }
        }
        let failure = try #require(checker.check(scenario, threads: 1), "\(fault) not caught")
        #expect(failure.message.contains("invariant: anchors[0] (taken after 0 update(s)) followed through updates[0]"), "\(failure.message)")
        #expect(ScenarioChecker().check(scenario, threads: 1) == nil)
    }

    /// The identities follow each item through inserts and deletes of items and sections; a
    /// deleted item's anchor goes to the item then at its index path, or to none.
    @Test func itemIdentitiesFollowTheirItems() throws {
        var identities = ItemIdentities(try LayoutDescription(width: 100, sections: [SectionDescription(columns: 1, itemHeights: [1, 2, 3]),
                                                                                        SectionDescription(columns: 1, itemHeights: [4])]))
        let path = { (section: Int, item: Int) in ItemIndexPath(section: section, item: item) }
        let third = try #require(identities.identity(at: path(0, 2)))
        identities.apply(.insertItems(section: 0, at: 0, heights: [9, 9]))
        identities.apply(.insertSection(SectionDescription(columns: 1, itemHeights: [9]), at: 0))
        identities.apply(.setItemHeights(section: 1, startingAt: 0, heights: [5]))
        #expect(identities.following(third, from: path(0, 2)) == path(1, 4))
        identities.apply(.deleteItems(section: 1, range: 3..<5))
        #expect(identities.following(third, from: path(1, 4)) == nil)  // deleted, and nothing at (1, 4) now
        #expect(identities.following(third, from: path(1, 2)) == path(1, 2))  // deleted: the item now at its path
        identities.apply(.deleteSection(at: 1))
        #expect(identities.identity(at: path(1, 0)) != nil && identities.identity(at: path(2, 0)) == nil)
    }
}
