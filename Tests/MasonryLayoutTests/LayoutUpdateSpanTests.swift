// Tests of spans in item updates: their effect on a section's spans, refusals, both engines agreeing.
import MasonryLayout
import MasonryVerification
import Testing

/// Spans in item updates: what each update does to a section's spans, refusals, and both engines
/// agreeing as spans come and go.
@Suite struct LayoutUpdateSpanTests {
    private static let plain = try! LayoutDescription(width: 30, sections: [SectionDescription(columns: 3, itemHeights: [1, 2, 3])])
    private static let spanned = try! LayoutDescription(width: 30, sections: [
        SectionDescription(columns: 3, itemHeights: [1, 2, 3], itemSpans: [2, .full, 1]),
    ])

    @Test(arguments: [
        // A section without spans gets them only when an update gives some.
        (plain, LayoutUpdate.appendItems(section: 0, heights: [4]), nil as [ItemSpan]?),
        (plain, .appendItems(section: 0, heights: [4, 5], spans: [.full, 2]), [1, 1, 1, .full, 2]),
        (plain, .insertItems(section: 0, at: 1, heights: [4], spans: [3]), [1, 3, 1, 1]),
        (plain, .setItemHeights(section: 0, startingAt: 1, heights: [7]), nil),
        (plain, .setItemHeights(section: 0, startingAt: 1, heights: [7, 8], spans: [2, 2]), [1, 2, 2]),
        // New items without spans cover one column; setItemHeights without spans keeps them.
        (spanned, .appendItems(section: 0, heights: [4]), [2, .full, 1, 1]),
        (spanned, .insertItems(section: 0, at: 0, heights: [4, 5]), [1, 1, 2, .full, 1]),
        (spanned, .setItemHeights(section: 0, startingAt: 0, heights: [9, 9]), [2, .full, 1]),
        (spanned, .setItemHeights(section: 0, startingAt: 2, heights: [9], spans: [.full]), [2, .full, .full]),
        (spanned, .deleteItems(section: 0, range: 0..<2), [1]),
        (spanned, .deleteItems(section: 0, range: 0..<3), []),
    ])
    func updatesKeepSpansParallelToHeights(description: LayoutDescription, update: LayoutUpdate, spans: [ItemSpan]?) throws {
        var updated = description
        try updated.apply(update)
        #expect(updated.sections[0].itemSpans == spans)
        var optimized = OptimizedLayoutEngine(description, threads: 1)
        try optimized.apply(update)
        expectSameElements(allElements(of: optimized), allElements(of: ReferenceLayoutEngine(updated)), "\(update)",
                           sourceLocation: #_sourceLocation)
    }

    @Test(arguments: [
        (LayoutUpdate.appendItems(section: 0, heights: [4, 5], spans: [1]), "sections[0].itemSpans", "the update gives 1 spans for 2 heights"),
        (.insertItems(section: 0, at: 1, heights: [4], spans: [0]), "sections[0].itemSpans[1]", "must be an integer >= 1 or \"full\", got 0"),
        (.setItemHeights(section: 0, startingAt: 2, heights: [4], spans: [-2]), "sections[0].itemSpans[2]",
         "must be an integer >= 1 or \"full\", got -2"),
        (.insertSection(SectionDescription(columns: 2, itemHeights: [1], itemSpans: []), at: 1), "sections[1].itemSpans",
         "must have one entry per item of itemHeights (1), got 0"),
    ])
    func badSpansAreRefusedAndChangeNothing(update: LayoutUpdate, path: String, message: String) {
        for description in [Self.plain, Self.spanned] {
            var optimized = OptimizedLayoutEngine(description, threads: 1)
            #expect(throws: LayoutError(.invalidValue, at: path, message)) { try optimized.apply(update) }
            #expect(optimized.layoutDescription == description)
            expectSameElements(allElements(of: optimized), allElements(of: ReferenceLayoutEngine(description)), "after refusing \(update)",
                               sourceLocation: #_sourceLocation)
        }
    }

    /// The optimized engine hands a layout to its temporary fallback when spans arrive, and back
    /// to its kernels when `prepare` gets a description without them.
    @Test func theOptimizedEngineFollowsSpansInAndOut() throws {
        var engine = OptimizedLayoutEngine(Self.plain, threads: 1)
        try engine.apply(.appendItems(section: 0, heights: [4], spans: [.full]))
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 3)) == Rect(x: 0, y: 3, width: 30, height: 4))
        try engine.apply(.deleteItems(section: 0, range: 3..<4))
        expectSameElements(allElements(of: engine), allElements(of: ReferenceLayoutEngine(engine.layoutDescription)), "spans deleted",
                           sourceLocation: #_sourceLocation)
        engine.prepare(Self.plain)
        try engine.apply(.appendItems(section: 0, heights: [5]))
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 3)) == Rect(x: 0, y: 1, width: 10, height: 5))
    }
}
