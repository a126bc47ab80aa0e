// Tests of `apply(contentsOf:)`: a batch gives the layout of its updates one by one, all or nothing.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

@Suite struct BatchUpdateTests {
    static func feed(_ unmeasured: UnmeasuredItems, _ remeasure: Remeasure) throws -> LayoutDescription {
        var random = SplitMix64(seed: 3)
        let heights: [Double?] = (0..<600).map { index in
            let height = Double(20 + random.next() % 300)
            return unmeasured == .deferred ? (index < 200 ? height : nil) : (index % 2 == 0 ? nil : height)
        }
        return try LayoutDescription(width: 390, unmeasuredItems: unmeasured, remeasure: remeasure, sections: [
            SectionDescription(columns: 2, itemHeights: [5, 6, 7]),
            SectionDescription(columnCount: .fixed(4), itemSpacing: 2, measuredItemHeights: heights, estimatedItemHeight: 120),
        ])
    }

    /// Runs of re-measures (the batched path), and batches with an insert (applied one by one).
    static func batches(_ unmeasured: UnmeasuredItems) -> [[LayoutUpdate]] {
        let base = unmeasured == .deferred ? 200 : 0
        return [
            // Deferred: the first unmeasured items, in order (measured for the first time: placed).
            [.setItemHeights(section: 1, startingAt: base, heights: [300, 10]), .setMeasurements(section: 1, startingAt: base + 2, heights: [77]),
             .setItemHeights(section: 0, startingAt: 1, heights: [50])],
            [.setItemHeights(section: 1, startingAt: 130, heights: [1, 2, 3]), .setItemHeights(section: 1, startingAt: 129, heights: [400])],
            [.setItemHeights(section: 1, startingAt: 10, heights: [90]), .insertItems(section: 1, at: 5, heights: [33]),
             .setItemHeights(section: 1, startingAt: 3, heights: [44])],
        ]
    }

    @Test(arguments: [UnmeasuredItems.estimated, .deferred], [Remeasure.reflow, .keepColumns])
    func aBatchIsItsUpdatesOneByOne(unmeasured: UnmeasuredItems, remeasure: Remeasure) throws {
        let description = try Self.feed(unmeasured, remeasure)
        for threads in [1, 2] {
            var batched = OptimizedLayoutEngine(description, threads: threads)
            var reference = ReferenceLayoutEngine(description)
            for batch in Self.batches(unmeasured) {
                try batched.apply(contentsOf: batch)
                for update in batch { try reference.apply(update) }
                #expect(EngineVerifier.firstDifference(batched, reference) == nil, "after \(batch)")
                #expect(batched.layoutDescription == reference.layoutDescription)
            }
        }
    }

    @Test(arguments: [false, true])
    func aBatchWithARefusedUpdateLeavesTheEngineAsItWas(optimized: Bool) throws {
        let description = try Self.feed(.deferred, .keepColumns)
        var engine: any LayoutEngine = optimized ? OptimizedLayoutEngine(description, threads: 1) : ReferenceLayoutEngine(description)
        let before = engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 1e6))
        #expect {
            try engine.apply(contentsOf: [.setItemHeights(section: 1, startingAt: 0, heights: [999]),
                                          .setItemHeights(section: 1, startingAt: 300, heights: [5])])  // out of order: refused
        } throws: { error in
            (error as? LayoutError)?.path == "sections[1].itemHeights[300]"
        }
        #expect(engine.layoutDescription == description)
        #expect(engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 1e6)) == before)
    }
}
