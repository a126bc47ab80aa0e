// Tests that the peer engine gives the reference's frames and answers, touching and zero-size rects too.
import MasonryBenchmarkHarness
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
