// The span kernel's loop over a block's items: for 2 to 8 columns, shortest column, in registers.
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The span kernel's loop over one block's items by the rule (`SpanKernel.place`); returns the
/// round-robin position after them.
///
/// Shortest column in 2 to 8 columns keeps the column heights in registers over the block
/// (`ColumnRegisters`), where the general loop keeps them in the section's buffer: there each
/// item's search loaded the heights the item before had just stored, at an address known only
/// once that item's search was done. Measured here, the span feed (1M items, 4 columns): 10.4
/// ns an item to 8.3 (interleaved), 127 instructions an item to 82 (10K items).
///
/// The heights are four `DoublePair`s, and an item's column or window is picked and grown with
/// lane masks, without a branch on the heights (stop 51). With the heights as scalars, the
/// column was picked by compares and selects and grown under a branch per column, which the
/// processor mispredicted about once an item (the column is the data's), and a wider item went
/// through memory to the general search. Measured here against that, the span feed (1M items, 4
/// columns, `masonry ab`, 10 rounds): prepare 8.57 to 5.55 ms (0.643 [0.626, 0.665]), update
/// 4.36 to 2.78 ms (0.628); 82 to 73 instructions an item (10K items), 67.5 with the tie rule
/// off the common path (`equalToLowest`).
///
/// Tried and not kept: the heights in one `SIMD8<Double>` with masks for the covered columns
/// (1.7x slower: on x86-64's baseline, SSE2, Swift lowers compares of 64-bit or unsigned lanes,
/// and masks of 32-bit ones, a lane at a time with a branch each); with the scalar heights, the
/// last items written without the branch per column (82 to 96 instructions an item, 6% slower)
/// and the covered columns grown by selects (82 to 106 instructions, the same time: the
/// column's number, from compares and `cmov`s, on the heights' chain); the lane masks written
/// as `SIMD2` initializers and lane reads (LLVM took them through the general registers and
/// back: 93.7 instructions an item, the time unchanged); a wider item's moves made `count - 1`
/// times, each masked off past its span, instead of `span - 1` times (no loop whose trip count
/// is the span, and the last items written for every column with a select): 67.5 to 74.8
/// instructions an item and 1.190 [1.148, 1.239] slower, the moves being on the heights' chain.
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
        // The spans' presence tested once, not per item.
        if let spans = lane.spans {
            for item in items { heights.place(item, span: spans[item].columnCount(in: count), lane: lane, Columns.self, Rule.self) }
        } else {
            for item in items { heights.place(item, span: 1, lane: lane, Columns.self, Rule.self) }
        }
        heights.store(lane.columnHeights, count: count)
    }
}

/// The column heights of a section of at most 8 columns in four `DoublePair`s, for a loop whose
/// count is a constant: every access then has a constant index, and the heights stay in
/// registers. Lanes past the count hold +infinity: never the lowest, never written.
private struct ColumnRegisters {
    private var pairs: Pairs = (
        DoublePair(repeating: .infinity), DoublePair(repeating: .infinity),
        DoublePair(repeating: .infinity), DoublePair(repeating: .infinity)
    )

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
        get { withUnsafeBytes(of: pairs) { $0.load(fromByteOffset: column &* 8, as: Double.self) } }
        set { withUnsafeMutableBytes(of: &pairs) { $0.storeBytes(of: newValue, toByteOffset: column &* 8, as: Double.self) } }
    }

    @inline(__always)
    subscript(pair pair: Int) -> DoublePair {
        get { withUnsafeBytes(of: pairs) { $0.load(fromByteOffset: pair &* 16, as: DoublePair.self) } }
        set { withUnsafeMutableBytes(of: &pairs) { $0.storeBytes(of: newValue, toByteOffset: pair &* 16, as: DoublePair.self) } }
    }

    /// Places item `item`, which covers `span` columns, by the shortest-column rule, ties by
    /// `Rule`, as `ShortestWindow.start` does.
    @inline(__always)
    mutating func place<Columns: SpanColumnCount, Rule: WindowTieRule>(_ item: Int, span: Int, lane: SpanKernel.Lane, _: Columns.Type,
                                                                        _: Rule.Type) {
        let count = Columns.constant!
        let height = lane.heights[item]
        let advance = LayoutArithmetic.advance(itemHeight: height, itemSpacing: lane.itemSpacing)
        let last = UInt32(truncatingIfNeeded: item)
        if _fastPath(span == 1) {
            let (start, top) = placeInShortestColumn(advance: advance, count: count, Rule.self)
            lane.extents[item] = ItemExtent(y: top, height: height)
            lane.covered[item] = CoveredColumns(first: start, count: 1)
            lane.lastItems[start] = last
        } else {
            let start = placeSpanning(span, advance: advance, count: count, Rule.self)
            lane.extents[item] = ItemExtent(y: start.top, height: height)
            lane.covered[item] = CoveredColumns(first: start.column, count: span)
            for column in start.column..<(start.column &+ span) { lane.lastItems[column] = last }
        }
    }

    /// Grows the `span` columns (2 or more) of the window whose highest height is lowest, ties by
    /// `Rule`, by `advance`, and returns the window's first column and its highest height before:
    /// the same as `ShortestWindow.start(ofSpan: span, …)`.
    ///
    /// In the registers, without a branch on the heights: the windows' tops are the heights and
    /// `span - 1` copies of them each moved down a column more, taken `maxpd` by `maxpd` (lanes
    /// past the last column are +infinity, so a window that runs past it is never the lowest);
    /// the window is picked among the lowest as `placeInShortestColumn` picks a column, and its
    /// lane mask, moved up a column `span - 1` times, covers the columns grown. Before, the
    /// heights went through memory to the general search: about 290 instructions a wide item
    /// (the span feed, 4 columns).
    @inline(__always)
    private mutating func placeSpanning<Rule: WindowTieRule>(_ span: Int, advance: Double, count: Int, _: Rule.Type)
        -> (column: Int, top: Double) {
        let pairCount = (count &+ 1) &>> 1
        var tops = pairs
        var moved = pairs
        for _ in 1..<span {
            for pair in 0..<4 where pair < pairCount {
                let next = pair &+ 1 < pairCount ? Self.pair(pair &+ 1, of: moved).x : .infinity
                Self.setPair(pair, of: &moved, to: DoublePair(Self.pair(pair, of: moved).y, next))
                Self.setPair(pair, of: &tops, to: PairMath.maximum(Self.pair(pair, of: tops), Self.pair(pair, of: moved)))
            }
        }
        let (chosen, column, lowest) = Self.lowest(of: tops, pairCount: pairCount, Rule.self)
        let grown = LayoutArithmetic.grow(lowest, by: advance)
        var covered = chosen
        var spread = chosen
        for _ in 1..<span {
            for pair in (0..<4).reversed() where pair < pairCount {  // from the last: each reads the pair before it unmoved
                let moved = pair == 0 ? LaneMask.lowToHigh(Self.mask(0, of: spread))
                                      : LaneMask.highThenLow(Self.mask(pair &- 1, of: spread), Self.mask(pair, of: spread))
                Self.setMask(pair, of: &spread, to: moved)
                Self.setMask(pair, of: &covered, to: LaneMask.union(Self.mask(pair, of: covered), moved))
            }
        }
        grow(to: grown, where: covered, pairCount: pairCount)
        return (column, lowest.x)
    }

    /// Grows the lowest column by `advance`, ties by `Rule`, and returns that column and its
    /// height before: the same column and height as `ShortestWindow.start(ofSpan: 1, …)`.
    ///
    /// Without a branch on the column: the lowest height is a `minpd` tree; the lane equal to it
    /// is the column (on a tie, the rule's first or last of the equal lanes, `picked`), and the
    /// grown height is blended in under its mask. The column's number (for the item's covered
    /// columns and the column's last item) comes from the masks' bits, off the heights' chain.
    @inline(__always)
    private mutating func placeInShortestColumn<Rule: WindowTieRule>(advance: Double, count: Int, _: Rule.Type)
        -> (start: Int, top: Double) {
        let pairCount = (count &+ 1) &>> 1
        let (equal, bits, lowest) = Self.equalToLowest(in: pairs, pairCount: pairCount)
        let grown = LayoutArithmetic.grow(lowest, by: advance)
        // Each path blends on its own: with one blend after the branch, LLVM carried the masks
        // through it as booleans and widened them again (`pshufd`, `pslld`, `psrad`) on the chain.
        if _fastPath(Self.isOneLane(bits)) {
            grow(to: grown, where: equal, pairCount: pairCount)
            return (bits.trailingZeroBitCount, lowest.x)
        }
        let (chosen, column) = Self.picked(among: equal, bits: bits, pairCount: pairCount, Rule.self)
        grow(to: grown, where: chosen, pairCount: pairCount)
        return (column, lowest.x)
    }

    /// Blends `grown` into the lanes of the first `pairCount` pairs where `masks` is -1.
    @inline(__always)
    private mutating func grow(to grown: DoublePair, where masks: Masks, pairCount: Int) {
        for pair in 0..<4 where pair < pairCount {
            self[pair: pair] = PairMath.select(grown, self[pair: pair], where: Self.mask(pair, of: masks))
        }
    }

    typealias Pairs = (DoublePair, DoublePair, DoublePair, DoublePair)
    typealias Masks = (SIMD2<Int64>, SIMD2<Int64>, SIMD2<Int64>, SIMD2<Int64>)

    /// The lane the rule picks among the lowest of `values`' first `pairCount` pairs, as a mask
    /// (-1 in that lane only), its index, and the lowest value in both lanes
    /// (`equalToLowest`, then `picked` where several lanes are as low).
    @inline(__always)
    private static func lowest<Rule: WindowTieRule>(of values: Pairs, pairCount: Int, _: Rule.Type)
        -> (chosen: Masks, index: Int, lowest: DoublePair) {
        let (equal, bits, lowest) = equalToLowest(in: values, pairCount: pairCount)
        if _fastPath(isOneLane(bits)) { return (equal, bits.trailingZeroBitCount, lowest) }
        let (chosen, index) = picked(among: equal, bits: bits, pairCount: pairCount, Rule.self)
        return (chosen, index, lowest)
    }

    /// The lowest of `values`' first `pairCount` pairs in both lanes (a `minpd` tree), the lanes
    /// equal to it as masks (`cmpeqpd`) and as bits (lane k at bit k). The masks are the chosen
    /// lane's whenever one lane alone is lowest (`isOneLane`): the tie rule, a prefix of the
    /// masks, is then three dependent operations an item the chain does without. Measured here:
    /// 73.4 to 67.5 instructions an item (the span feed, 10K items), the same time (1M items,
    /// `masonry ab`, 10 rounds: 1.020 [0.936, 1.166]), so the loop is not bound by that chain
    /// alone; kept for the instructions.
    @inline(__always)
    private static func equalToLowest(in values: Pairs, pairCount: Int) -> (equal: Masks, bits: UInt32, lowest: DoublePair) {
        var lowestPair = pair(0, of: values)
        for pair in 1..<4 where pair < pairCount { lowestPair = PairMath.minimum(lowestPair, Self.pair(pair, of: values)) }
        // Both lanes the lowest with one more `minpd`, of the pair and its lanes swapped (equal
        // values are the same double), rather than a `minsd` and a broadcast.
        let lowest = PairMath.minimum(lowestPair, DoublePair(lowestPair.y, lowestPair.x))
        var equal: Masks = (LaneMask.none, LaneMask.none, LaneMask.none, LaneMask.none)
        var bits: UInt32 = 0
        for pair in 0..<4 where pair < pairCount {
            let lanes = PairMath.equalMask(Self.pair(pair, of: values), lowest)
            setMask(pair, of: &equal, to: lanes)
            bits |= PairMath.bits(lanes) &<< UInt32(truncatingIfNeeded: 2 &* pair)
        }
        return (equal, bits, lowest)
    }

    /// Whether `bits` (never 0: some lane is the lowest) has one bit set.
    @inline(__always)
    private static func isOneLane(_ bits: UInt32) -> Bool { bits & (bits &- 1) == 0 }

    /// The rule's first (last) of the `equal` lanes (several), as a mask and an index: per pair
    /// its own first (last) equal lane, if no pair scanned before had one.
    @inline(__always)
    private static func picked<Rule: WindowTieRule>(among equal: Masks, bits: UInt32, pairCount: Int, _: Rule.Type)
        -> (chosen: Masks, index: Int) {
        var chosen: Masks = (LaneMask.none, LaneMask.none, LaneMask.none, LaneMask.none)
        // All ones in both lanes once a pair already scanned held an equal value.
        var taken = LaneMask.none
        for step in 0..<4 {
            // From the last pair with the highest index winning; the pairs past the count are
            // +infinity, never equal.
            let pair = Rule.lastWins ? 3 &- step : step
            if pair >= pairCount { continue }
            let equal = mask(pair, of: equal)
            let own = LaneMask.clear(Rule.lastWins ? LaneMask.highToLow(equal) : LaneMask.lowToHigh(equal), in: equal)
            setMask(pair, of: &chosen, to: LaneMask.clear(taken, in: own))
            taken = LaneMask.union(taken, LaneMask.either(equal))
        }
        return (chosen, Rule.lastWins ? 31 &- bits.leadingZeroBitCount : bits.trailingZeroBitCount)
    }

    @inline(__always)
    private static func pair(_ pair: Int, of values: Pairs) -> DoublePair {
        withUnsafeBytes(of: values) { $0.load(fromByteOffset: pair &* 16, as: DoublePair.self) }
    }

    @inline(__always)
    private static func setPair(_ pair: Int, of values: inout Pairs, to value: DoublePair) {
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: pair &* 16, as: DoublePair.self) }
    }

    @inline(__always)
    private static func mask(_ pair: Int, of masks: Masks) -> SIMD2<Int64> {
        withUnsafeBytes(of: masks) { $0.load(fromByteOffset: pair &* 16, as: SIMD2<Int64>.self) }
    }

    @inline(__always)
    private static func setMask(_ pair: Int, of masks: inout Masks, to value: SIMD2<Int64>) {
        withUnsafeMutableBytes(of: &masks) { $0.storeBytes(of: value, toByteOffset: pair &* 16, as: SIMD2<Int64>.self) }
    }
}

/// Lane masks of a `DoublePair` (-1 or 0 in each lane) moved and combined in the vector
/// registers: written as lane reads and `SIMD2` initializers, LLVM took them through the
/// general registers and back (a `movq` each way), on the heights' chain.
private enum LaneMask {
    static var none: SIMD2<Int64> { SIMD2(repeating: 0) }

    /// `(0, mask.x)`.
    @inline(__always)
    static func lowToHigh(_ mask: SIMD2<Int64>) -> SIMD2<Int64> {
        #if arch(x86_64)
        _mm_unpacklo_epi64(none, mask)
        #else
        SIMD2(0, mask.x)
        #endif
    }

    /// `(mask.y, 0)`.
    @inline(__always)
    static func highToLow(_ mask: SIMD2<Int64>) -> SIMD2<Int64> {
        #if arch(x86_64)
        _mm_unpackhi_epi64(mask, none)
        #else
        SIMD2(mask.y, 0)
        #endif
    }

    /// `(before.y, mask.x)`: the lanes moved up one, across two pairs.
    @inline(__always)
    static func highThenLow(_ before: SIMD2<Int64>, _ mask: SIMD2<Int64>) -> SIMD2<Int64> {
        #if arch(x86_64)
        _mm_unpacklo_epi64(_mm_unpackhi_epi64(before, before), mask)
        #else
        SIMD2(before.y, mask.x)
        #endif
    }

    /// `mask.x | mask.y` in both lanes.
    @inline(__always)
    static func either(_ mask: SIMD2<Int64>) -> SIMD2<Int64> {
        #if arch(x86_64)
        // The lanes swapped is one `pshufd` (a shuffle of the one vector stays in the vector
        // registers, as the shuffles with zero above did not).
        mask | SIMD2(mask.y, mask.x)
        #else
        SIMD2(repeating: mask.x | mask.y)
        #endif
    }

    /// `mask & ~cleared`.
    @inline(__always)
    static func clear(_ cleared: SIMD2<Int64>, in mask: SIMD2<Int64>) -> SIMD2<Int64> {
        #if arch(x86_64)
        _mm_andnot_si128(cleared, mask)
        #else
        mask & ~cleared
        #endif
    }

    /// `a | b`.
    @inline(__always)
    static func union(_ a: SIMD2<Int64>, _ b: SIMD2<Int64>) -> SIMD2<Int64> {
        #if arch(x86_64)
        _mm_or_si128(a, b)
        #else
        a | b
        #endif
    }
}
