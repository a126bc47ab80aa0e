// Tests that after any updates the optimized engine matches a fresh reference layout; refusals keep both.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// After any sequence of updates the optimized engine's frames equal a fresh reference layout of
/// the final description, bit for bit; refused updates leave both engines unchanged.
@Suite struct IncrementalUpdateTests {
    @Test(arguments: [1, 2, 8])
    func randomUpdateSequencesMatchAFreshReferenceLayout(threads: Int) {
        var generator = RandomLayoutGenerator(seed: 0xDEC0DE + UInt64(threads))
        for _ in 0..<30 {
            var optimized = OptimizedLayoutEngine(generator.description(maximumSections: 4, maximumItems: 600), threads: threads)
            var reference = ReferenceLayoutEngine(optimized.layoutDescription)
            for _ in 0..<12 {
                let update = generator.update(for: optimized.layoutDescription)
                let before = optimized.layoutDescription
                let optimizedError = Result { () throws(LayoutError) in try optimized.apply(update) }.failure
                let referenceError = Result { () throws(LayoutError) in try reference.apply(update) }.failure
                #expect(optimizedError == referenceError, "\(update)")
                if optimizedError != nil {
                    #expect(optimized.layoutDescription == before, "a refused update changed the description")
                }
                expectSameLayout(optimized, as: ReferenceLayoutEngine(optimized.layoutDescription), queries: 5, generator: &generator)
            }
        }
    }

    /// The same with format v2 descriptions and updates: spans given, added and dropped, adaptive
    /// counts that a width change alters, the temporary fallback entered and left.
    @Test(arguments: [1, 2], [true, false])
    func randomFormatV2UpdateSequencesMatchAFreshReferenceLayout(threads: Int, kernelFeaturesOnly: Bool) {
        var generator = RandomLayoutGenerator(seed: 0xDEC0DE2 + UInt64(threads))
        var variants = FormatV2Variants(seed: 0x5EED + UInt64(threads))
        for _ in 0..<20 {
            let description = variants.variant(of: generator.description(maximumSections: 4, maximumItems: 300),
                                               kernelFeaturesOnly: kernelFeaturesOnly)
            var optimized = OptimizedLayoutEngine(description, threads: threads)
            var reference = ReferenceLayoutEngine(description)
            for _ in 0..<12 {
                let update = variants.variant(of: generator.update(for: optimized.layoutDescription), kernelFeaturesOnly: kernelFeaturesOnly)
                let optimizedError = Result { () throws(LayoutError) in try optimized.apply(update) }.failure
                let referenceError = Result { () throws(LayoutError) in try reference.apply(update) }.failure
                #expect(optimizedError == referenceError, "\(update)")
                #expect(optimized.layoutDescription == reference.layoutDescription)
                expectSameLayout(optimized, as: ReferenceLayoutEngine(optimized.layoutDescription), queries: 5, generator: &generator)
            }
        }
    }

    @Test func appendingToALongSectionKeepsEarlierFrames() throws {
        var generator = RandomLayoutGenerator(seed: 3)
        let description = try LayoutDescription(width: 390, sections: [
            SectionDescription(columns: 3, itemHeights: generator.itemHeights(count: 1000)),
            SectionDescription(columns: 2, headerHeight: 40, itemHeights: generator.itemHeights(count: 10)),
        ])
        var engine = OptimizedLayoutEngine(description, threads: 1)
        let earlier = engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 999))
        try engine.apply(.appendItems(section: 0, heights: [10, 20, 30]))
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 999)) == earlier)
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 1002)) != nil)
        expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), generator: &generator)
    }

    /// Regression: a section of exactly k × 256 items has no checkpoint at item k × 256, and
    /// appending to it trapped in `removeSubrange`.
    @Test(arguments: [256, 512, 255, 257])
    func appendingAtACheckpointBoundary(count: Int) throws {
        var generator = RandomLayoutGenerator(seed: UInt64(count))
        let description = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 3, itemHeights: generator.itemHeights(count: count))])
        var engine = OptimizedLayoutEngine(description, threads: 1)
        try engine.apply(.appendItems(section: 0, heights: [1, 2, 3]))
        try engine.apply(.setItemHeights(section: 0, startingAt: count, heights: [4]))
        expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), generator: &generator)
    }

    @Test(arguments: [
        LayoutUpdate.appendItems(section: 5, heights: [1]),
        .setItemHeights(section: 0, startingAt: 3, heights: [1]),
        .setItemHeights(section: 0, startingAt: Int.max, heights: [1]),
        .insertItems(section: 0, at: 4, heights: [1]),
        .deleteItems(section: 0, range: 2..<4),
        .insertSection(SectionDescription(columns: 0, itemHeights: []), at: 0),
        .insertSection(SectionDescription(columns: 1, itemHeights: []), at: 3),
        .deleteSection(at: -1),
        .setWidth(-1),
        .setWidth(.nan),
        .appendItems(section: 0, heights: [.infinity]),
        .setItemHeights(section: 0, startingAt: 0, heights: [-1]),
    ])
    func invalidUpdatesAreRefusedAndChangeNothing(update: LayoutUpdate) throws {
        let description = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [1, 2, 3])])
        var engine = OptimizedLayoutEngine(description, threads: 1)
        #expect(throws: LayoutError.self) { try engine.apply(update) }
        #expect(engine.layoutDescription == description)
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 2)) == ReferenceLayoutEngine(description).frame(ofItemAt: ItemIndexPath(section: 0, item: 2)))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
