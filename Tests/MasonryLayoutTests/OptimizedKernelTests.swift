// Tests of the optimized engine's kernels and section buffers at their boundaries, reuse and copies.
@_spi(Verification) @testable import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The optimized engine's kernels and section buffers at their boundaries: every register
/// layout of the sorted heights (2 to 16 columns, both permutation packings), the tournament
/// above, item counts around checkpoint multiples, updates at checkpoint boundaries, buffers
/// reused and re-carved by `prepare`, copies. (The test build also replays every lay-out in
/// `SectionHandle.checkInvariants`: `Scripts/test` sets MASONRY_INTERNAL_CHECKS.)
@Suite struct OptimizedKernelTests {
    /// Every test here leans on the invariant replay: a test build without it (a plain `swift
    /// test`, not `Scripts/test`) would check far less than it claims, so it fails here.
    @Test func theTestBuildReplaysEveryLayOut() {
        #expect(VerificationHooks.runsInternalChecks,
                "built without -DMASONRY_INTERNAL_CHECKS: run the tests with Scripts/test, which sets it")
    }

    static let columnCounts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 41, 64, 1024]

    /// Heights that make ties on every placement, ties now and then, or none.
    static func heights(_ style: Int, count: Int, generator: inout RandomLayoutGenerator) -> [Double] {
        switch style {
        case 0: return Array(repeating: 7, count: count)
        case 1: return Array(repeating: 0, count: count)
        case 2: return (0..<count).map { _ in Double(generator.generator.next() % 3) }
        default: return generator.itemHeights(count: count)
        }
    }

    /// Each state type against the reference's rule, item by item: y and column.
    @Test(arguments: columnCounts.filter { $0 >= 2 }, TieBreak.allCases)
    func sortedAndTournamentStatesPickTheReferenceColumn(columns: Int, tieBreak: TieBreak) {
        var generator = RandomLayoutGenerator(seed: UInt64(columns * 2 + (tieBreak == .lowestIndex ? 0 : 1)))
        for style in 0..<4 {
            let heights = Self.heights(style, count: 3 * columns + 300, generator: &generator)
            // Unequal start heights, as in `continueColumns` mode, with some ties among them.
            let start = (0..<columns).map { _ in Double(generator.generator.next() % 4) }
            var expected = start
            var got: [(Double, Int)] = []
            func run<State: ShortestColumnState>(_ state: State) {
                var state = state
                for height in heights {
                    if state.needsTieResolution { state.resolveFrontTie(highestIndexWins: tieBreak == .highestIndex) }
                    let (y, column) = state.place(advance: LayoutArithmetic.advance(itemHeight: height, itemSpacing: 1))
                    got.append((y, Int(column)))
                }
                var end = [Double](repeating: .nan, count: columns)
                end.withUnsafeMutableBufferPointer { state.store(columnHeights: $0.baseAddress!) }
                for (height, (y, column)) in zip(heights, got) {
                    let want = ReferenceLayoutEngine.shortestStart(ofSpan: 1, in: expected, tieBreak: tieBreak)
                    guard column == want, y.bitPattern == expected[want].bitPattern else {
                        Issue.record("style \(style): column \(column) y \(y), expected column \(want) y \(expected[want])")
                        return
                    }
                    expected[want] = LayoutArithmetic.grow(expected[want], by: LayoutArithmetic.advance(itemHeight: height, itemSpacing: 1))
                }
                #expect(end.map(\.bitPattern) == expected.map(\.bitPattern), "style \(style): end heights")
            }
            start.withUnsafeBufferPointer { start in
                let highest = tieBreak == .highestIndex
                switch columns {
                case 2: run(SortedColumns<OneHeight>(columnHeights: start, highestIndexWins: highest))
                case 3: run(SortedColumns<TwoHeights>(columnHeights: start, highestIndexWins: highest))
                case 4: run(SortedColumns<HeightPairs<OneHeight>>(columnHeights: start, highestIndexWins: highest))
                case 5...8: run(SortedColumns<HeightPairs<HeightPairs<HeightPairs<OneHeight>>>>(columnHeights: start, highestIndexWins: highest))
                case 9...16:
                    run(SortedColumns<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<OneHeight>>>>>>>>(
                        columnHeights: start, highestIndexWins: highest))
                default:
                    let nodes = TournamentColumns.nodeCount(columns: columns)
                    var treeHeights = [UInt64](repeating: 0, count: nodes)
                    var winners = [UInt32](repeating: 0, count: nodes)
                    treeHeights.withUnsafeMutableBufferPointer { treeHeights in
                        winners.withUnsafeMutableBufferPointer { winners in
                            run(TournamentColumns(columnHeights: start, highestIndexWins: highest,
                                                  heights: treeHeights.baseAddress!, winners: winners.baseAddress!))
                        }
                    }
                }
            }
        }
    }

    /// Runs of one height, the rows the kernel places at once where a checkpoint block starts
    /// with level columns (`placeTiedRows`): runs that end mid-row, mid-block and at a block's
    /// end, a run whose grown height rounds back to the level one (0.03 on 1e15: placed one by
    /// one), zero advances; then updates that lay out again from mid-block and appends.
    @Test(arguments: [2, 3, 4, 5, 7, 8, 9, 16], TieBreak.allCases)
    func rowsOfLevelColumnsMatchTheReference(columns: Int, tieBreak: TieBreak) throws {
        let interval = SectionShape(placement: .shortestColumn, columnCount: columns).interval
        var generator = RandomLayoutGenerator(seed: UInt64(columns * 2 + (tieBreak == .lowestIndex ? 0 : 1)))
        let runs: [(height: Double, count: Int)] = [(1e15, columns), (0.03, 2 * interval), (200, 3 * interval + columns / 2),
                                                    (0, interval + 1), (7, interval - 1), (7.5, 2 * columns + 1), (200, 4 * interval)]
        for itemSpacing in [0.0, 4] {
            let heights = runs.flatMap { Array(repeating: $0.height, count: $0.count) }
            let description = try LayoutDescription(width: Double(2 * columns + 10), tieBreak: tieBreak,
                                                    sections: [SectionDescription(columns: columns, itemSpacing: itemSpacing, itemHeights: heights)])
            var engine = OptimizedLayoutEngine(description, threads: 1)
            var reference = ReferenceLayoutEngine(description)
            expectSameLayout(engine, as: reference, queries: 10, generator: &generator)
            let updates: [LayoutUpdate] = [.setItemHeights(section: 0, startingAt: 5 * interval / 2, heights: Array(repeating: 9, count: interval)),
                                           .appendItems(section: 0, heights: Array(repeating: 9, count: 2 * interval + 1)),
                                           .deleteItems(section: 0, range: (interval + 1)..<(2 * interval))]
            for update in updates {
                try engine.apply(update)
                try reference.apply(update)
                expectSameLayout(engine, as: reference, queries: 10, generator: &generator)
            }
        }
    }

    /// Rows from level columns out of rank order: a block starts with every column at one
    /// height, reached in an order the tie rule would not give (k + 1 items, `b` then `2b +
    /// spacing` on the other k - 1 columns then `b` on the first, leave the first column last),
    /// then runs of one height: each row takes the columns in rank order all the same, as one
    /// by one placement would; a run ending mid-row, then photo heights, place items from the
    /// stored order the rows left.
    @Test(arguments: [2, 3, 4, 5, 7, 8, 16], TieBreak.allCases)
    func rowsFromLevelColumnsOutOfRankOrderMatchTheReference(columns: Int, tieBreak: TieBreak) throws {
        let interval = SectionShape(placement: .shortestColumn, columnCount: columns).interval
        var generator = RandomLayoutGenerator(seed: UInt64(columns * 2 + (tieBreak == .lowestIndex ? 0 : 1)) << 4)
        for itemSpacing in [0.0, 3] {
            let (b, a) = (10.0, 6.0)
            let outOfOrder = [b] + Array(repeating: 2 * b + itemSpacing, count: columns - 1) + [b]
            // The first block boundary that x runs of k + 1 and y rows of k items fill, x >= 1:
            // x = boundary mod k (or k), which the two make up from the power-of-two interval.
            func runs(filling boundary: Int) -> Int { boundary % columns == 0 ? columns : boundary % columns }
            let boundary = try #require(stride(from: interval, through: 4 * interval, by: interval).first { boundary in
                boundary >= runs(filling: boundary) * (columns + 1)
            })
            let x = runs(filling: boundary)
            let rows = (boundary - x * (columns + 1)) / columns
            var heights = Array(repeating: a, count: rows * columns)
            for _ in 0..<x { heights += outOfOrder }
            heights += Array(repeating: a, count: 3 * columns + columns / 2)
            heights += generator.itemHeights(count: interval)
            let description = try LayoutDescription(width: Double(2 * columns + 10), tieBreak: tieBreak,
                                                    sections: [SectionDescription(columns: columns, itemSpacing: itemSpacing, itemHeights: heights)])
            expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description),
                             queries: 10, generator: &generator)
        }
    }

    /// Item counts one below, at and one above checkpoint multiples, every kernel, both
    /// placements and tie rules, tie-heavy heights: frames and queries against the reference.
    @Test(arguments: columnCounts)
    func itemCountsAroundCheckpointsMatchTheReference(columns: Int) throws {
        let interval = SectionShape(placement: .shortestColumn, columnCount: columns).interval
        var generator = RandomLayoutGenerator(seed: UInt64(columns))
        let counts = columns >= 1024 ? [interval + 1] : [interval - 1, interval, interval + 1, 2 * interval, 3 * interval + 1]
        for count in counts {
            for placement in Placement.allCases {
                for tieBreak in TieBreak.allCases {
                    let style = Int(generator.generator.next() % 4)
                    let section = SectionDescription(columns: columns, itemSpacing: style == 1 ? 0 : 2,
                                                     itemHeights: Self.heights(style, count: count, generator: &generator))
                    let description = try LayoutDescription(width: Double(2 * columns + 10), placement: placement,
                                                            tieBreak: tieBreak, sections: [section])
                    expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description),
                                     queries: 10, generator: &generator)
                }
            }
        }
    }

    /// Updates whose first changed item is at, or one off, a checkpoint boundary: the re-lay-out
    /// resumes from the right checkpoint and drops the stale ones.
    @Test(arguments: [2, 4, 9, 17], Placement.allCases)
    func updatesAtCheckpointBoundariesMatchTheReference(columns: Int, placement: Placement) throws {
        let interval = SectionShape(placement: placement, columnCount: columns).interval
        var generator = RandomLayoutGenerator(seed: UInt64(columns) << 8)
        for boundary in [interval, 2 * interval] {
            for offset in [-1, 0, 1] {
                let at = boundary + offset
                let updates: [LayoutUpdate] = [
                    .insertItems(section: 0, at: at, heights: [5, 0, 5]),
                    .deleteItems(section: 0, range: at..<(at + 2)),
                    .setItemHeights(section: 0, startingAt: at, heights: [0, 0]),
                    .deleteItems(section: 0, range: at..<(3 * interval)),
                    .appendItems(section: 0, heights: generator.itemHeights(count: interval + 1)),
                ]
                for update in updates {
                    let description = try LayoutDescription(width: 500, placement: placement, sections: [
                        SectionDescription(columns: columns, itemSpacing: 1, itemHeights: Self.heights(2, count: 3 * interval, generator: &generator)),
                    ])
                    var engine = OptimizedLayoutEngine(description, threads: 1)
                    try engine.apply(update)
                    expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), queries: 5, generator: &generator)
                }
            }
        }
    }

    /// Round robin with columns that drift far apart (each column's heights on its own scale):
    /// a rect meets items many checkpoints apart, so each column is searched on its own and
    /// their runs merged, some of them empty. Each column's search counts over the checkpoints
    /// between the columns' extremes when there are up to 64 of them and bisects when there are
    /// more: 2 columns of 12,000 items (188 checkpoints, one column 8 times as tall as the other
    /// on average) take the second way for most rects.
    @Test(arguments: zip([2, 3, 4, 9, 64, 2], [3080, 3120, 3160, 3360, 5560, 12_000]))
    func roundRobinQueriesOverDriftingColumnsMatchTheReference(columns: Int, items: Int) throws {
        var generator = RandomLayoutGenerator(seed: UInt64(columns) << 16 + UInt64(items))
        let heights = (0..<items).map { item in
            Double(1 + (item % columns) * 7) * Double(1 + generator.generator.next() % 4)
        }
        let description = try LayoutDescription(width: Double(3 * columns + 10), placement: .roundRobin, sections: [
            SectionDescription(columns: columns, itemSpacing: 1, itemHeights: heights),
        ])
        expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description),
                         queries: 60, generator: &generator)
    }

    /// Round-robin sections that start past column 0 (`continueColumns`), grown by appends past
    /// their capacity (the items copied to a larger allocation), then updated in the middle and
    /// queried, as the reference lays them out. (It caught a column-by-column storage, tried at
    /// stop 49, copying its columns from column 0's first rank instead of the start position's.)
    @Test(arguments: [2, 3, 4, 5, 8, 9])
    func roundRobinColumnsKeepTheirItemsThroughGrowth(columns: Int) throws {
        var generator = RandomLayoutGenerator(seed: UInt64(columns) << 20)
        let description = try LayoutDescription(
            width: Double(3 * columns + 10), placement: .roundRobin, sectionStart: .continueColumns,
            sections: [1, columns + 1, 2 * columns - 1].map { count in
                SectionDescription(columns: columns, itemSpacing: 1, itemHeights: generator.itemHeights(count: count))
            })
        var engine = OptimizedLayoutEngine(description, threads: 1)
        let updates: [LayoutUpdate] = [
            .appendItems(section: 1, heights: generator.itemHeights(count: 7)),
            .appendItems(section: 1, heights: generator.itemHeights(count: 300)),
            .appendItems(section: 2, heights: generator.itemHeights(count: 1000)),
            .setItemHeights(section: 2, startingAt: 500, heights: [0, 900, 3]),
            .insertItems(section: 2, at: 100, heights: [4, 5]),
            .deleteItems(section: 1, range: 0..<3),
        ]
        for update in updates {
            try engine.apply(update)
            expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), queries: 20, generator: &generator)
        }
    }

    /// One engine prepared again and again with descriptions of other shapes and sizes: buffers
    /// reused where they fit, carved anew for another column count or placement.
    @Test func preparingOtherShapesReusesAndRecarvesBuffers() throws {
        var generator = RandomLayoutGenerator(seed: 99)
        var engine = OptimizedLayoutEngine(try LayoutDescription(width: 100, sections: []), threads: 1)
        for round in 0..<60 {
            let columns = Self.columnCounts[round % (Self.columnCounts.count - 1)]
            let placement: Placement = round % 3 == 0 ? .roundRobin : .shortestColumn
            let count = [0, 1, 63, 64, 65, 500, 1500][round % 7]
            let description = try LayoutDescription(width: 4000, placement: placement, sections: (0..<(1 + round % 3)).map { _ in
                SectionDescription(columns: columns, itemSpacing: 1, itemHeights: generator.itemHeights(count: count))
            })
            engine.prepare(description)
            expectSameLayout(engine, as: ReferenceLayoutEngine(description), queries: 3, generator: &generator)
        }
    }

    /// A copy shares its buffers until one side changes: the other keeps its frames.
    @Test func copiesAreIndependentValues() throws {
        var generator = RandomLayoutGenerator(seed: 5)
        let description = try LayoutDescription(width: 390, sections: [
            SectionDescription(columns: 3, itemHeights: generator.itemHeights(count: 300)),
            SectionDescription(columns: 20, itemHeights: generator.itemHeights(count: 300)),
        ])
        let original = OptimizedLayoutEngine(description, threads: 1)
        var copy = original
        try copy.apply(.setItemHeights(section: 0, startingAt: 10, heights: [999]))
        try copy.apply(.appendItems(section: 1, heights: [1, 2, 3]))
        try copy.apply(.setWidth(500))
        expectSameLayout(original, as: ReferenceLayoutEngine(description), generator: &generator)
        expectSameLayout(copy, as: ReferenceLayoutEngine(copy.layoutDescription), generator: &generator)
    }

    /// A width change lays out again only the sections whose column count changed; the others
    /// keep their buffers (the same storage, written in place) and get their new x and width.
    @Test(arguments: [1, 2])
    func setWidthLaysOutOnlySectionsWhoseCountChanged(threads: Int) throws {
        var generator = RandomLayoutGenerator(seed: 31)
        let sections = [
            SectionDescription(columns: 3, itemSpacing: 1, itemHeights: generator.itemHeights(count: 500)),
            SectionDescription(columnCount: .adaptive(minColumnWidth: 90, maxColumns: nil), headerHeight: 8,
                               itemHeights: generator.itemHeights(count: 500)),
            SectionDescription(columnCount: .adaptive(minColumnWidth: 50, maxColumns: 2), itemHeights: generator.itemHeights(count: 500),
                               itemSpans: SpanKernelTests.spans(count: 500, columns: 2, generator: &generator)),
            SectionDescription(columnCount: .adaptive(minColumnWidth: 60, maxColumns: nil), footerHeight: 3,
                               itemHeights: generator.itemHeights(count: 500),
                               itemSpans: SpanKernelTests.spans(count: 500, columns: 5, generator: &generator)),
        ]
        let description = try LayoutDescription(width: 390, trailingItemSpacing: .exclude, sections: sections)
        var engine = OptimizedLayoutEngine(description, threads: threads)
        for width in [800.0, 812, 200, 390] {
            let counts = engine.layoutDescription.sections.map(\.columns)
            let storages = engine.sections.map { ObjectIdentifier($0.storage) }
            try engine.apply(.setWidth(width))
            for index in sections.indices where engine.layoutDescription.sections[index].columns == counts[index] {
                #expect(ObjectIdentifier(engine.sections[index].storage) == storages[index], "section \(index) at width \(width)")
            }
            #expect(engine.sections.map(\.header.shape.columnCount) == engine.layoutDescription.sections.map(\.columns))
            expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), queries: 10, generator: &generator)
        }
    }

    #if MASONRY_INTERNAL_CHECKS
    /// The invariant check replays the section: a corrupted y, column or checkpoint fails it.
    @Test(arguments: ["y", "height", "column", "checkpoint", "lastItem"])
    func checkInvariantsCatchesCorruption(field: String) async {
        await #expect(processExitsWith: .failure) { [field] in
            var generator = RandomLayoutGenerator(seed: 1)
            let section = try! LayoutDescription(width: 100, sections: [
                SectionDescription(columns: 3, itemHeights: generator.itemHeights(count: 200)),
            ]).sections[0]
            var layout = SectionLayout()
            layout.reset(shape: SectionShape(placement: .shortestColumn, columnCount: 3), geometry: .empty, columns: { _ in }, startPosition: 0,
                         itemCapacity: 200) { _, _ in 0 }
            withUnsafePointer(to: section) { layout.layOut(from: 0, section: $0, rules: SectionRules(tieBreak: .lowestIndex)) }
            layout.storage.withHandle { handle in
                switch field {
                case "y": handle.extents[150].y += 1
                case "height": handle.extents[150].height += 1
                case "column": handle.columns[150] = (handle.columns[150] + 1) % 3
                case "checkpoint": handle.checkpointHeights(1)[0] += 1
                default: handle.lastItems(1)[0] &+= 1
                }
                handle.checkInvariants(section: section, rules: SectionRules(tieBreak: .lowestIndex))
            }
        }
    }
    #endif
}
