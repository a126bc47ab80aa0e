// Tests of the scrolling session's frames: what each measures, in how many updates, and the anchor it restores.
@testable import MasonryBenchmarkHarness
import MasonryLayout
import Testing

/// A session's frame measures exactly what it should (the unmeasured items its query returned,
/// or in deferred mode the runs its rect needs), one update per contiguous run, and restores the
/// anchor taken before measuring, on every engine alike.
@Suite struct ScrollingSessionTests {
    static let workload = Workload(placement: .shortestColumn, items: 2000, sections: 1, columns: 4, heights: .photo)
    static let measured = workload.makeDescription()
    static let size = ScrollingSession<ReferenceLayoutEngine>.viewport

    static func session<Engine: MeasurableEngine>(_: Engine.Type, _ variant: SessionVariant) -> ScrollingSession<Engine> {
        ScrollingSession(Engine(variant.description(of: measured), threads: 1), trueHeights: measured.sections[0].itemHeights)
    }

    /// The runs of consecutive indices in `items`, sorted.
    static func runs(_ items: [Int]) -> Int {
        let sorted = items.sorted()
        return zip(sorted, sorted.dropFirst()).count { $1 != $0 + 1 } + (sorted.isEmpty ? 0 : 1)
    }

    /// What the next frame's query sees, from a copy of the session's engine before the frame.
    static func expectations<Engine: LayoutEngine>(_ session: ScrollingSession<Engine>) -> (rect: Rect, anchor: ScrollAnchor?, unmeasured: [Int]) {
        let engine = session.engine
        let viewport = Rect(x: 0, y: session.viewportTop, width: size.width, height: size.height)
        let rect = Rect(x: 0, y: session.viewportTop, width: size.width, height: 2 * size.height)
        let section = engine.layoutDescription.sections[0]
        let unmeasured = engine.elements(in: rect).filter { $0.kind == .item && section.isItemUnmeasured($0.item) }.map(\.item)
        return (rect, engine.scrollAnchor(in: viewport), unmeasured)
    }

    /// The restored offset is the anchor's, and the next viewport a third of a screen below it.
    static func expectAnchorRestored<Engine: LayoutEngine>(_ session: ScrollingSession<Engine>, _ anchor: ScrollAnchor?, previousTop: Double) {
        let restored = anchor.flatMap { session.engine.contentOffset(restoring: $0, viewportLength: size.height) } ?? previousTop
        #expect(session.restoredOffset == restored)
        #expect(session.viewportTop == min(restored + size.height / 3, max(0, session.engine.contentSize.height - size.height)))
    }

    @Test func anEstimatedFrameMeasuresTheUnmeasuredItemsItsQueryReturnedOneUpdatePerRun() {
        var session = Self.session(OptimizedLayoutEngine.self, SessionVariant(unmeasured: .estimated, remeasure: .reflow))
        var measuredSoFar = Set<Int>()
        for _ in 0..<60 {
            let (_, anchor, unmeasured) = Self.expectations(session)
            let (updates, items, top) = (session.updates, session.measuredItems, session.viewportTop)
            _ = session.frame()
            #expect(session.updates - updates == Self.runs(unmeasured))
            #expect(session.measuredItems - items == unmeasured.count)
            measuredSoFar.formUnion(unmeasured)
            Self.expectAnchorRestored(session, anchor, previousTop: top)
        }
        let section = session.engine.layoutDescription.sections[0]
        #expect(!measuredSoFar.isEmpty && measuredSoFar.count < section.itemHeights.count)
        for item in section.itemHeights.indices {
            #expect(section.isItemUnmeasured(item) == !measuredSoFar.contains(item))
            #expect(section.itemHeights[item] == (measuredSoFar.contains(item) ? Self.measured.sections[0].itemHeights[item] : 300))
        }
    }

    /// Deferred: runs of four items in order until the shortest column passes the rect's bottom, and no more.
    @Test func aDeferredFrameMeasuresRunsInOrderUntilItsRectIsCovered() {
        var session = Self.session(OptimizedLayoutEngine.self, SessionVariant(unmeasured: .deferred, remeasure: .reflow))
        for _ in 0..<60 {
            let (rect, anchor, unmeasured) = Self.expectations(session)
            #expect(unmeasured.isEmpty)  // deferred queries return measured items only
            let (updates, prefix, top) = (session.updates, session.measuredPrefix, session.viewportTop)
            _ = session.frame()
            let runs = (session.measuredPrefix - prefix + 3) / 4
            #expect(session.updates - updates == runs)
            #expect(session.measuredItems == session.measuredPrefix)
            #expect(Self.shortestColumnBottom(session.engine, items: session.measuredPrefix) >= rect.maxY)
            if runs > 0 {
                #expect(Self.shortestColumnBottom(session.engine, items: session.measuredPrefix - 4) < rect.maxY)
            }
            Self.expectAnchorRestored(session, anchor, previousTop: top)
        }
        let section = session.engine.layoutDescription.sections[0]
        #expect(section.itemHeights.indices.allSatisfy { section.isItemUnmeasured($0) == ($0 >= session.measuredPrefix) })
    }

    /// The bottom of the shortest column of the first `items` items' frames.
    static func shortestColumnBottom(_ engine: some LayoutEngine, items: Int) -> Double {
        let frames = (0..<items).map { engine.frame(ofItemAt: ItemIndexPath(section: 0, item: $0))! }
        let bottoms = Dictionary(frames.map { ($0.minX, $0.maxY) }, uniquingKeysWith: max)
        return bottoms.count < 4 ? -.infinity : bottoms.values.min()!
    }

    /// Every engine scrolls the same way: the same offsets, updates and final layout (the peer,
    /// which has no `keepColumns`, under `reflow` only).
    @Test(arguments: SessionVariant.all)
    func everyEngineScrollsTheSameSession(variant: SessionVariant) {
        var optimized = Self.session(OptimizedLayoutEngine.self, variant)
        var reference = Self.session(ReferenceLayoutEngine.self, variant)
        var peer = Self.session(PeerLayoutEngine.self, variant.remeasure == .reflow ? variant : SessionVariant(unmeasured: variant.unmeasured, remeasure: .reflow))
        let comparesPeer = variant.remeasure == .reflow
        for _ in 0..<40 {
            let found = optimized.frame()
            let peerFound = peer.frame()
            #expect(reference.frame() == found && (!comparesPeer || peerFound == found))
            #expect(reference.restoredOffset == optimized.restoredOffset && (!comparesPeer || peer.restoredOffset == optimized.restoredOffset))
        }
        #expect(reference.updates == optimized.updates && (!comparesPeer || peer.updates == optimized.updates))
        #expect(optimized.engine.layoutDescription == reference.engine.layoutDescription)
        #expect(optimized.viewportTop > 40 * Self.size.height / 3 - 1)
    }

    @Test func sessionNamesFollowTheGrammarAndParse() {
        let base = Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo)
            .benchmarkName(.session, engine: .optimized, threads: 1)
        let names = SessionVariant.all.map { $0.name(base).description }
        #expect(names == [
            "session/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/threads:1/unmeasured:deferred/remeasure:reflow",
            "session/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/threads:1/unmeasured:estimated/remeasure:reflow",
            "session/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/threads:1/unmeasured:estimated/remeasure:keepColumns",
        ])
        let parsed = BenchmarkName(names[0])
        #expect(parsed?.operation == .session && parsed?.engine == .optimized)
        #expect(parsed?.parameter("unmeasured") == "deferred" && parsed?.parameter("remeasure") == "reflow")
    }

    /// The variant's description: every item unmeasured, estimated at 300, laid out as it says.
    @Test(arguments: SessionVariant.all)
    func theSessionStartsWithEveryItemUnmeasured(variant: SessionVariant) {
        let description = variant.description(of: Self.measured)
        #expect(description.unmeasuredItems == variant.unmeasured)
        #expect(description.sections[0].estimatedItemHeight == 300)
        #expect(description.sections[0].measuredItemHeights.allSatisfy { $0 == nil })
        #expect(description.sections[0].itemHeights.count == Self.workload.items)
    }
}
