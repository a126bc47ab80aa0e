// The span kernel's loop over a block's items: for 2 to 8 columns, shortest column, in registers.
/// The span kernel's loop over one block's items by the rule (`SpanKernel.place`); returns the
/// round-robin position after them.
///
/// Shortest column in 2 to 8 columns keeps the column heights in registers over the block
/// (`ColumnRegisters`), where the general loop keeps them in the section's buffer: there each
/// item's search loaded the heights the item before had just stored, at an address known only
/// once that item's search was done. Measured here, the span feed (1M items, 4 columns): 10.4
/// ns an item to 8.3 (interleaved), 127 instructions an item to 82 (10K items).
///
/// Tried and not kept: the heights in one `SIMD8<Double>` with masks for the covered columns
/// (1.7x slower: on x86-64's baseline, SSE2, Swift lowers compares of 64-bit or unsigned lanes,
/// and masks of 32-bit ones, a lane at a time with a branch each); the last items written
/// without the branch per column, a store for a one-column item and a loop for a wider one
/// (82 to 96 instructions an item, 6% slower).
struct SpanPlaceLoop: SpanColumnCountVisitor {
    let lane: SpanKernel.Lane
    let items: Range<Int>
    let position: Int

    func visit<Columns: SpanColumnCount>(_: Columns.Type) -> Int {
        if Columns.constant != nil, lane.placement == .shortestColumn {
            if lane.highestIndexWins {
                placeInRegisters(Columns.self, HighestStartWins.self)
            } else {
                placeInRegisters(Columns.self, LowestStartWins.self)
            }
            return position
        }
        var position = position
        for item in items {
            lane.place(item, position: &position)
        }
        return position
    }

    @inline(__always)
    private func placeInRegisters<Columns: SpanColumnCount, Rule: WindowTieRule>(_: Columns.Type, _: Rule.Type) {
        // A constant in each specialization: the column loops unroll, with constant indices.
        let count = Columns.constant!
        var heights = ColumnRegisters(lane.columnHeights, count: count)
        for item in items { heights.place(item, lane: lane, Columns.self, Rule.self) }
        heights.store(lane.columnHeights, count: count)
    }
}

/// The column heights of a section of at most 8 columns, for a loop whose count is a constant:
/// every access then has a constant index, and the heights stay in registers.
private struct ColumnRegisters {
    /// Columns `0..<count`; the lanes past the count are never read.
    private var heights: (Double, Double, Double, Double, Double, Double, Double, Double) =
        (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)

    @inline(__always)
    init(_ columnHeights: UnsafeMutablePointer<Double>, count: Int) {
        for column in 0..<count { self[column] = columnHeights[column] }
    }

    @inline(__always)
    func store(_ columnHeights: UnsafeMutablePointer<Double>, count: Int) {
        for column in 0..<count { columnHeights[column] = self[column] }
    }

    @inline(__always)
    subscript(column: Int) -> Double {
        get { withUnsafeBytes(of: heights) { $0.load(fromByteOffset: column &* 8, as: Double.self) } }
        set { withUnsafeMutableBytes(of: &heights) { $0.storeBytes(of: newValue, toByteOffset: column &* 8, as: Double.self) } }
    }

    /// Places item `item` by the shortest-column rule, ties by `Rule`, as `ShortestWindow.start`
    /// does.
    @inline(__always)
    mutating func place<Columns: SpanColumnCount, Rule: WindowTieRule>(_ item: Int, lane: SpanKernel.Lane, _: Columns.Type, _: Rule.Type) {
        let count = Columns.constant!
        let span = lane.spans.map { $0[item].columnCount(in: count) } ?? 1
        var start = 0
        var top = self[0]
        if _fastPath(span == 1) {
            for column in 1..<count {
                let height = self[column]
                let better = Rule.wins(height, over: top)
                start = better ? column : start
                top = better ? height : top
            }
        } else {
            // A wider item: the general window search, over a copy of the heights (the
            // registers' own address taken would keep them in memory throughout).
            var spilled = heights
            (start, top) = withUnsafeMutableBytes(of: &spilled) { bytes in
                ShortestWindow.start(ofSpan: span, in: bytes.baseAddress!.assumingMemoryBound(to: Double.self), count: count,
                                     highestIndexWins: lane.highestIndexWins, scratch: lane.scratch)
            }
        }
        let height = lane.heights[item]
        lane.extents[item] = ItemExtent(y: top, height: height)
        lane.covered[item] = CoveredColumns(first: start, count: span)
        let grown = LayoutArithmetic.grow(top, by: LayoutArithmetic.advance(itemHeight: height, itemSpacing: lane.itemSpacing))
        let last = UInt32(truncatingIfNeeded: item)
        for column in 0..<count {
            // Covered: column - start in 0..<span, as one unsigned compare.
            let covered = UInt(bitPattern: column &- start) < UInt(bitPattern: span)
            self[column] = covered ? grown : self[column]
            if covered { lane.lastItems[column] = last }
        }
    }
}
