// Tests of the span kernel at its boundaries: window search, checkpoint multiples, updates.
@testable import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The optimized engine's kernel for sections with spans at its boundaries: the window search
/// against the reference's rule for every span and column count (both of its algorithms), item
/// counts around checkpoint multiples, updates at checkpoint boundaries, sections entering the
/// kernel through updates, trailing spacing excluded. (The test build also replays every lay-out
/// in `SectionHandle.checkInvariants`: `Scripts/test` sets MASONRY_INTERNAL_CHECKS.)
@Suite struct SpanKernelTests {
    /// Every column count the span loop keeps in registers (2 to 8), and three above.
    static let columnCounts = [2, 3, 4, 5, 6, 7, 8, 9, 17, 64]

    /// `count` spans for `columns` columns: mostly 1, then 2, `columns - 1`, `"full"` and wider
    /// than the section, so every clamping and window size occurs.
    static func spans(count: Int, columns: Int, generator: inout RandomLayoutGenerator) -> [ItemSpan] {
        (0..<count).map { _ in
            switch generator.generator.next() % 10 {
            case 0, 1: 2
            case 2: .columns(max(1, columns - 1))
            case 3: .full
            case 4: .columns(columns + 3)
            default: 1
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64, 100], TieBreak.allCases)
    func shortestWindowMatchesTheReferenceRule(columns: Int, tieBreak: TieBreak) {
        var generator = RandomLayoutGenerator(seed: UInt64(columns) << 1 | (tieBreak == .lowestIndex ? 0 : 1))
        var heights = [Double](repeating: 0, count: columns)
        var scratch = [Double](repeating: .nan, count: 2 * columns)
        let spans = columns <= 17 ? Array(1...columns) : [1, 2, 3, 7, 8, 9, columns / 2, columns - 1, columns]
        for round in 0..<40 {
            for column in 0..<columns {
                // Few distinct values: ties among windows in every round.
                heights[column] = round % 4 == 0 ? 5 : Double(generator.generator.next() % (round % 3 == 0 ? 3 : 50))
            }
            for span in spans {
                let want = ReferenceLayoutEngine.shortestStart(ofSpan: span, in: heights, tieBreak: tieBreak)
                let wantTop = ReferenceLayoutEngine.top(ofColumns: want..<(want + span), in: heights)
                let got = heights.withUnsafeMutableBufferPointer { heights in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        ShortestWindow.start(ofSpan: span, in: heights.baseAddress!, count: columns,
                                             highestIndexWins: tieBreak == .highestIndex, scratch: scratch.baseAddress!)
                    }
                }
                #expect(got.start == want && got.top.bitPattern == wantTop.bitPattern,
                        "span \(span) of \(columns) over \(heights): got \(got), expected (\(want), \(wantTop))")
            }
        }
    }

    /// Item counts one below, at and one above checkpoint multiples, both placements and tie
    /// rules, trailing spacing included and excluded, tie-heavy heights: frames and queries
    /// against the reference.
    @Test(arguments: columnCounts)
    func itemCountsAroundCheckpointsMatchTheReference(columns: Int) throws {
        let interval = SectionShape(kernel: .spans(.shortestColumn), columnCount: columns).interval
        var generator = RandomLayoutGenerator(seed: 0x5BA2 + UInt64(columns))
        for count in [interval - 1, interval, interval + 1, 2 * interval, 3 * interval + 1] {
            for placement in Placement.allCases {
                for tieBreak in TieBreak.allCases {
                    let style = Int(generator.generator.next() % 4)
                    let section = SectionDescription(
                        columns: columns, inset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), columnSpacing: 1.5,
                        itemSpacing: style == 1 ? 0 : 2, footerHeight: 5,
                        itemHeights: OptimizedKernelTests.heights(style, count: count, generator: &generator),
                        itemSpans: Self.spans(count: count, columns: columns, generator: &generator))
                    let description = try LayoutDescription(
                        width: Double(4 * columns + 10), placement: placement, tieBreak: tieBreak,
                        trailingItemSpacing: count % 2 == 0 ? .exclude : .include, sections: [section, section])
                    expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description),
                                     queries: 10, generator: &generator)
                }
            }
        }
    }

    /// Updates whose first changed item is at, or one off, a checkpoint boundary of a section
    /// with spans: the lay-out resumes from the right checkpoint (heights, last items, position).
    @Test(arguments: [2, 4, 9], Placement.allCases)
    func updatesAtCheckpointBoundariesMatchTheReference(columns: Int, placement: Placement) throws {
        let interval = SectionShape(kernel: .spans(placement), columnCount: columns).interval
        var generator = RandomLayoutGenerator(seed: UInt64(columns) << 12)
        for boundary in [interval, 2 * interval] {
            for offset in [-1, 0, 1] {
                let at = boundary + offset
                let updates: [LayoutUpdate] = [
                    .insertItems(section: 0, at: at, heights: [5, 0, 5], spans: [.full, 1, 2]),
                    .insertItems(section: 0, at: at, heights: [5]),
                    .deleteItems(section: 0, range: at..<(at + 2)),
                    .setItemHeights(section: 0, startingAt: at, heights: [0, 0]),
                    .setItemHeights(section: 0, startingAt: at, heights: [3, 1], spans: [2, .full]),
                    .deleteItems(section: 0, range: at..<(3 * interval)),
                    .appendItems(section: 0, heights: generator.itemHeights(count: interval + 1),
                                 spans: Self.spans(count: interval + 1, columns: columns, generator: &generator)),
                ]
                for update in updates {
                    let count = 3 * interval
                    let description = try LayoutDescription(width: 500, placement: placement, trailingItemSpacing: .exclude, sections: [
                        SectionDescription(columns: columns, itemSpacing: 1, itemHeights: OptimizedKernelTests.heights(2, count: count, generator: &generator),
                                           itemSpans: Self.spans(count: count, columns: columns, generator: &generator)),
                    ])
                    var engine = OptimizedLayoutEngine(description, threads: 1)
                    try engine.apply(update)
                    expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), queries: 5, generator: &generator)
                }
            }
        }
    }

    /// A span-free section takes the spans kernel when an update gives it an item covering
    /// several columns, in both section modes (in `continueColumns` mode later sections follow),
    /// and spans that all cover one column keep it on its own kernel.
    @Test(arguments: SectionStart.allCases, Placement.allCases)
    func updatesGivingSpansChangeTheKernel(sectionStart: SectionStart, placement: Placement) throws {
        var generator = RandomLayoutGenerator(seed: 77)
        let headers = sectionStart == .belowLongestColumn ? 10.0 : 0
        let sections = (0..<3).map { _ in
            SectionDescription(columns: 3, itemSpacing: 1, headerHeight: headers, itemHeights: generator.itemHeights(count: 300))
        }
        let description = try LayoutDescription(width: 300, placement: placement, sectionStart: sectionStart, sections: sections)
        let updates: [LayoutUpdate] = [
            .appendItems(section: 1, heights: [4, 5], spans: [1, 1]),
            .setItemHeights(section: 1, startingAt: 150, heights: [7], spans: [.full]),
            .insertItems(section: 0, at: 70, heights: [3, 3], spans: [2, 9]),
            .appendItems(section: 2, heights: [6], spans: [2]),
            .deleteItems(section: 1, range: 100..<120),
            .insertSection(SectionDescription(columns: 3, itemHeights: [1, 2, 3], itemSpans: [1, .full, 2]), at: 1),
        ]
        var engine = OptimizedLayoutEngine(description, threads: 1)
        for update in updates {
            try engine.apply(update)
            expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), queries: 8, generator: &generator)
        }
        #expect(engine.sections.map(\.header.shape.kernel.hasSpans) == [true, true, true, true])
        // Spans that all cover one column do not need the spans kernel.
        var plain = OptimizedLayoutEngine(description, threads: 1)
        try plain.apply(.appendItems(section: 0, heights: [1, 2], spans: [1, 1]))
        #expect(!plain.sections[0].header.shape.kernel.hasSpans)
    }

    #if MASONRY_INTERNAL_CHECKS
    /// The invariant check replays a section with spans: corrupted covered columns, a
    /// checkpoint's round-robin position or last items, or the local bottom fail it.
    @Test(arguments: ["span", "start", "position", "lastItem", "localBottom"])
    func checkInvariantsCatchesCorruption(field: String) async {
        await #expect(processExitsWith: .failure) { [field] in
            var generator = RandomLayoutGenerator(seed: 2)
            let section = try! LayoutDescription(width: 100, sections: [
                SectionDescription(columns: 3, itemHeights: generator.itemHeights(count: 200),
                                   itemSpans: SpanKernelTests.spans(count: 200, columns: 3, generator: &generator)),
            ]).sections[0]
            var layout = SectionLayout()
            layout.reset(shape: SectionShape(kernel: .spans(.roundRobin), columnCount: 3), geometry: .empty, columns: { _ in }, startPosition: 0,
                         itemCapacity: 200) { _, _ in 0 }
            let rules = SectionRules(tieBreak: .lowestIndex)
            withUnsafePointer(to: section) { layout.layOut(from: 0, section: $0, rules: rules) }
            layout.storage.withHandle { handle in
                switch field {
                case "span": handle.coveredColumns[150].count = handle.coveredColumns[150].count % 3 + 1
                case "start": handle.coveredColumns[150].first = (handle.coveredColumns[150].first + 1) % 3
                case "position": handle.checkpointPositions[1] = (handle.checkpointPositions[1] + 1) % 3
                case "lastItem": handle.lastItems(1)[0] &+= 1
                default: handle.header.pointee.localBottom += 1
                }
                handle.checkInvariants(section: section, rules: rules)
            }
        }
    }
    #endif
}
