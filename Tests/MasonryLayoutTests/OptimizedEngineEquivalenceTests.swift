// Tests that the optimized engine matches the reference on random descriptions, on 1, 2 and 8 threads.
@_spi(Verification) import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The optimized engine against the reference on random descriptions: every field, both section
/// modes, all tie rules, edge-value heights, on 1, 2 and 8 threads.
@Suite struct OptimizedEngineEquivalenceTests {
    @Test(arguments: [1, 2, 8])
    func randomDescriptionsMatchTheReference(threads: Int) {
        var generator = RandomLayoutGenerator(seed: 0xC0FFEE + UInt64(threads))
        for _ in 0..<300 {
            let description = generator.description()
            let reference = ReferenceLayoutEngine(description)
            let optimized = OptimizedLayoutEngine(description, threads: threads)
            expectSameLayout(optimized, as: reference, generator: &generator)
        }
    }

    /// Format v2 descriptions: those the kernels lay out (right to left, rounding at display
    /// scales, adaptive counts) and those the temporary fallback lays out (spans, horizontal,
    /// trailing spacing excluded).
    @Test(arguments: [1, 2, 8], [true, false])
    func randomFormatV2DescriptionsMatchTheReference(threads: Int, kernelFeaturesOnly: Bool) {
        var generator = RandomLayoutGenerator(seed: 0xF0F0 + UInt64(threads))
        var variants = FormatV2Variants(seed: UInt64(threads))
        for _ in 0..<120 {
            let description = variants.variant(of: generator.description(), kernelFeaturesOnly: kernelFeaturesOnly)
            expectSameLayout(OptimizedLayoutEngine(description, threads: threads), as: ReferenceLayoutEngine(description),
                             generator: &generator)
        }
    }

    @Test(arguments: [1, 2, 8])
    func thousandsOfSectionsMatchTheReference(threads: Int) throws {
        var generator = RandomLayoutGenerator(seed: 42)
        for sectionStart in SectionStart.allCases {
            let sections = (0..<3000).map { index in
                SectionDescription(columns: sectionStart == .continueColumns ? 3 : 1 + index % 7,
                                   itemSpacing: 2, headerHeight: sectionStart == .continueColumns ? 0 : Double(index % 3),
                                   itemHeights: generator.itemHeights(count: index % 11))
            }
            let description = try LayoutDescription(width: 390, sectionStart: sectionStart, sections: sections)
            expectSameLayout(OptimizedLayoutEngine(description, threads: threads), as: ReferenceLayoutEngine(description),
                             queries: 50, generator: &generator)
        }
    }

    @Test(arguments: Placement.allCases, TieBreak.allCases)
    func longSectionsCrossManyCheckpoints(placement: Placement, tieBreak: TieBreak) throws {
        var generator = RandomLayoutGenerator(seed: 7)
        for columns in [1, 2, 3, 4, 5, 8, 9, 33] {
            let section = SectionDescription(columns: columns, columnSpacing: 1, itemSpacing: 0.5,
                                             itemHeights: generator.itemHeights(count: 3000))
            let description = try LayoutDescription(width: 1000, placement: placement, tieBreak: tieBreak, sections: [section])
            expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description),
                             queries: 40, generator: &generator)
        }
    }

    /// Round-robin rect queries past several checkpoints merge the columns' runs in index order
    /// in one of two ways, whichever is cheaper: a minimum over the columns per candidate (few
    /// candidates, runs far apart: a viewport over columns whose heights drifted apart), or a
    /// walk through the indices (many columns: a strip the content's height over 512 columns
    /// took 15 million steps a query the first way, past the fuzzer's 2 s limit for a case).
    /// Both must give the reference's answer, in its order. Each column's run starts at a
    /// checkpoint found by counting (a bracket of up to 64 checkpoints) or by a binary search
    /// (a wider one: 80 checkpoints, under the strips the content's height).
    @Test(arguments: [(columns: 4, checkpoints: 2), (72, 2), (512, 2), (4, 80), (5, 80)])
    func roundRobinQueriesOverManyCheckpointsMatchTheReference(columns: Int, checkpoints: Int) throws {
        var generator = RandomLayoutGenerator(seed: 11)
        let items = checkpoints * VerificationHooks.checkpointInterval(columns: columns) + 1000
        let heights = HeightDistribution.heavyTailed.heights(count: items, columnWidth: 2, generator: &generator.generator)
        let section = SectionDescription(columns: columns, columnSpacing: 0.5, itemSpacing: 1, itemHeights: heights)
        let description = try LayoutDescription(width: 2048, placement: .roundRobin, sections: [section])
        let engine = OptimizedLayoutEngine(description, threads: 1), reference = ReferenceLayoutEngine(description)
        let height = reference.contentSize.height
        var rects = [Rect(x: 0, y: 0, width: 2048, height: height)]
        for column in [0, columns / 2, columns - 2] {
            let x = 2048 * Double(column) / Double(columns)
            rects += [Rect(x: x, y: 0, width: 3 * 2048 / Double(columns), height: height),
                      Rect(x: x, y: height / 3, width: 2048 / Double(columns), height: 844)]
        }
        for y in stride(from: 0, to: height, by: height / 7) { rects.append(Rect(x: 0, y: y, width: 2048, height: 844)) }
        for rect in rects {
            expectSameElements(engine.elements(in: rect), reference.elements(in: rect), "\(columns) columns, elements in \(rect)",
                               sourceLocation: #_sourceLocation)
        }
        expectSameLayout(engine, as: reference, queries: 20, generator: &generator)
    }

    /// `prepare` reuses the previous layout's buffers: preparing one engine again and again with
    /// unrelated descriptions (larger, smaller, other placements) must leave nothing stale behind.
    @Test(arguments: [1, 2])
    func repeatedPrepareOnOneEngineMatchesTheReference(threads: Int) {
        var generator = RandomLayoutGenerator(seed: 0xBEEF + UInt64(threads))
        var engine = OptimizedLayoutEngine(generator.description(), threads: threads)
        for _ in 0..<150 {
            let description = generator.description(maximumSections: 5, maximumItems: 400)
            engine.prepare(description)
            expectSameLayout(engine, as: ReferenceLayoutEngine(description), queries: 5, generator: &generator)
        }
    }
}
