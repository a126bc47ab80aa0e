// Tests of rect queries over sections with spans, level or far-apart columns, against the reference.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Rect queries over sections with spans, where an item's y no longer grows with its index:
/// level columns (one short run of blocks), and columns left far behind (the run narrowed column
/// by column), in both placements and directions, vertical and horizontal, against the reference.
@Suite struct SpanQueryTests {
    /// A section whose items mostly cover `wide` of `columns` columns, and now and then one: in
    /// shortest-column placement the columns a wide item never reaches wait far below the others,
    /// and each rare one-column item lands there, far above the items around it in index order.
    static func laggingSection(columns: Int, wide: Int, count: Int, rare: UInt64, generator: inout RandomLayoutGenerator) -> SectionDescription {
        let heights = (0..<count).map { _ in Double(1 + generator.generator.next() % 40) }
        let spans = (0..<count).map { _ in generator.generator.next() % rare == 0 ? ItemSpan.single : .columns(wide) }
        return SectionDescription(columns: columns, inset: EdgeInsets(top: 3, left: 1, bottom: 2, right: 1), columnSpacing: 2,
                                  itemSpacing: 1, headerHeight: 5, footerHeight: 4, itemHeights: heights, itemSpans: spans)
    }

    @Test(arguments: Placement.allCases, TieBreak.allCases)
    func columnsLeftBehindMatchTheReference(placement: Placement, tieBreak: TieBreak) throws {
        var generator = RandomLayoutGenerator(seed: placement == .roundRobin ? 11 : 12)
        for (columns, wide, rare) in [(3, 2, 40), (3, 2, 4), (5, 4, 25), (4, 2, 9), (7, 3, 60)] as [(Int, Int, UInt64)] {
            for direction in ColumnDirection.allCases {
                let description = try LayoutDescription(
                    width: 200, placement: placement, tieBreak: tieBreak, direction: direction, sections: [
                        Self.laggingSection(columns: columns, wide: wide, count: 3000, rare: rare, generator: &generator),
                        SectionDescription(columns: 2, itemHeights: [10, 20]),
                        Self.laggingSection(columns: columns, wide: wide, count: 700, rare: rare, generator: &generator),
                    ])
                let optimized = OptimizedLayoutEngine(description, threads: 1)
                let reference = ReferenceLayoutEngine(description)
                expectSameLayout(optimized, as: reference, queries: 60, generator: &generator)
                // Thin horizontal strips and single columns (including the gaps between them)
                // at every height: the rare items far from their index neighbours are found.
                let height = reference.contentSize.height
                for step in 0..<120 {
                    let y = height * Double(step) / 120
                    for rect in [Rect(x: 0, y: y, width: 200, height: 3), Rect(x: 67, y: y, width: 0.5, height: 40),
                                 Rect(x: 1 + Double(step % 7) * 10, y: y, width: 2, height: 0)] {
                        expectSameElements(optimized.elements(in: rect), reference.elements(in: rect), "elements in \(rect)",
                                           sourceLocation: #_sourceLocation)
                    }
                }
            }
        }
    }

    /// A horizontal feed with full-width banners: the transposed rect finds the same elements,
    /// transposed, through `elements(in:)`, `elements(in:into:)` (appended after what the buffer
    /// held) and the pinned and open variants.
    @Test func horizontalQueriesWithSpansMatchTheReference() throws {
        var generator = RandomLayoutGenerator(seed: 21)
        let description = try LayoutDescription(width: 400, axis: .horizontal, direction: .rightToLeft, sections: [
            Self.laggingSection(columns: 4, wide: 2, count: 2000, rare: 3, generator: &generator),
            Self.laggingSection(columns: 3, wide: 3, count: 500, rare: 2, generator: &generator),
        ])
        let optimized = OptimizedLayoutEngine(description, threads: 2)
        let reference = ReferenceLayoutEngine(description)
        expectSameLayout(optimized, as: reference, queries: 60, generator: &generator)
        let marker = LayoutElement(kind: .footer, section: 99, frame: Rect(x: 1, y: 2, width: 3, height: 4))
        for _ in 0..<40 {
            let rect = generator.rect(in: reference.contentSize, touching: [])
            var buffer = [marker]
            optimized.elements(in: rect, into: &buffer)
            expectSameElements(buffer, [marker] + reference.elements(in: rect), "elements in \(rect) into a buffer",
                               sourceLocation: #_sourceLocation)
        }
    }
}
