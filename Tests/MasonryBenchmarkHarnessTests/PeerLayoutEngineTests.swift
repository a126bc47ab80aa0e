// Tests that the peer engine gives the reference's frames and answers, and the one rule of what it cannot lay out.
@testable import MasonryBenchmarkHarness
import MasonryVerification
import MasonryLayout
import MasonryWorkloads
import Testing

/// The peer engine (CHTCollectionViewWaterfallLayout's structure) gives the reference's frames
/// and answers, including touching and zero-size rects.
@Suite struct PeerLayoutEngineTests {
    @Test func randomDescriptionsMatchTheReference() {
        var generator = RandomLayoutGenerator(seed: 0x9EE2)
        for _ in 0..<150 {
            let description = generator.description(maximumSections: 6, maximumItems: 120)
            let reference = ReferenceLayoutEngine(description)
            let peer = PeerLayoutEngine(description)
            #expect(EngineVerifier.firstDifference(peer, reference) == nil)
            let frames = description.sections.indices.flatMap { section in
                description.sections[section].itemHeights.indices.map { reference.frame(ofItemAt: ItemIndexPath(section: section, item: $0))! }
            }
            for _ in 0..<20 {
                let rect = generator.rect(in: reference.contentSize, touching: frames)
                #expect(EngineVerifier.firstDifference(in: rect, peer.elements(in: rect), reference.elements(in: rect)) == nil)
            }
        }
    }

    /// Format v3's deferred items are not laid out: the peer stops at a section's measured prefix,
    /// as the reference does, and is laid out again as items are measured.
    @Test func deferredSectionsLayOutTheirMeasuredPrefix() throws {
        let section = SectionDescription(columnCount: .fixed(2), itemSpacing: 4, measuredItemHeights: [10, 20, 30, nil, nil],
                                         estimatedItemHeight: 50)
        let description = try LayoutDescription(width: 100, unmeasuredItems: .deferred, sections: [section, section])
        var peer = PeerLayoutEngine(description)
        var reference = ReferenceLayoutEngine(description)
        #expect(EngineVerifier.firstDifference(peer, reference) == nil)
        #expect(peer.frame(ofItemAt: ItemIndexPath(section: 0, item: 3)) == nil)
        #expect(peer.elements(in: Rect(x: 0, y: 0, width: 100, height: 1000)).count(where: { $0.kind == .item }) == 6)
        let measure = LayoutUpdate.setItemHeights(section: 0, startingAt: 3, heights: [40])
        try peer.apply(measure)
        try reference.apply(measure)
        #expect(EngineVerifier.firstDifference(peer, reference) == nil)
        #expect(peer.frame(ofItemAt: ItemIndexPath(section: 0, item: 3)) != nil)
    }

    @Test func verifierReportsTheFirstDifferenceWithBits() throws {
        let one = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [1, 2, 3])])
        let other = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [1, 2.5, 3])])
        let difference = EngineVerifier.firstDifference(OptimizedLayoutEngine(other), ReferenceLayoutEngine(one))
        #expect(difference?.hasPrefix("section 0 item 1:") == true)
        #expect(difference?.contains("bits [0x") == true)
    }
}

/// The one rule by which the plan skips the peer: what CHT cannot express, read from the workload,
/// which is what the workload's description has.
@Suite struct PeerSkipRuleTests {
    static let plain = Workload(placement: .shortestColumn, items: 1000, sections: 3, columns: 4, heights: .photo)

    @Test(arguments: [
        (plain, nil),
        (Workload(placement: .shortestColumn, items: 1000, sections: 1, columns: 4, heights: .photo, spans: .feed),
         "CHTCollectionViewWaterfallLayout has no items spanning columns"),
        (Workload(placement: .shortestColumn, items: 1000, sections: 1, columns: 4, heights: .photo, minColumnWidth: 90),
         "CHTCollectionViewWaterfallLayout has no adaptive column count"),
    ] as [(Workload, String?)])
    func theRuleNamesWhatTheDescriptionHas(workload: Workload, reason: String?) {
        #expect(PeerLayoutEngine.unsupportedFeature(of: workload) == reason)
        let sections = workload.makeDescription().sections
        let hasSpans = sections.contains { $0.itemSpans != nil }
        let adapts = sections.contains { $0.columnCount != .fixed($0.columns) }
        #expect((reason != nil) == (hasSpans || adapts))
        if reason == nil {
            #expect(EngineVerifier.firstDifference(PeerLayoutEngine(workload.makeDescription()), ReferenceLayoutEngine(workload.makeDescription())) == nil)
        }
    }
}
