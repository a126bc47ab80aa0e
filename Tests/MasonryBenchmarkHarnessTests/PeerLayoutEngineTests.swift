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
