// The shortest-column state of a section with 2 to 16 columns: heights sorted, with their columns.
/// The shortest-column state of a section with 2 to 16 columns: the column heights in
/// ascending order and, beside them, which column holds each sorted position.
///
/// The heights are the loop-carried chain: per item one addition and a min/max merge
/// (`SortedHeights`), with no comparison feeding back into it. The column order is a
/// permutation packed in one `UInt64` (8 bits per position up to 8 columns, 4 up to 16), updated
/// with a handful of integer operations from the number of heights below the new one, a count
/// that is not on the heights' chain. Equal heights may sit in any order among themselves;
/// the tie rule is applied when a tie reaches the front (`resolveFrontTie`), a branch that is
/// not taken unless the two shortest heights are equal.
struct SortedColumns<Heights: SortedHeights> {
    /// The shortest column's height: the next item's y.
    private(set) var shortest: Double
    /// The other heights, ascending, padded with +infinity.
    private(set) var others: Heights
    /// Column at each sorted position (`fieldBits` each, position 0 lowest).
    private(set) var order: UInt64
    let columnCount: Int

    /// Bits per column in `order`.
    static var fieldBits: UInt64 { Heights.capacity < 8 ? 8 : 4 }
    @inline(__always) static var fieldMask: UInt64 { (1 &<< fieldBits) &- 1 }

    /// The state of columns whose heights are `columnHeights`, sorted by height and then by the
    /// tie rule's rank, so the front is the column the reference engine would pick. O(columns²),
    /// columns ≤ 16; O(columns) when the heights are all equal, as at a section's start.
    init(columnHeights: UnsafeBufferPointer<Double>, highestIndexWins: Bool) {
        let count = columnHeights.count
        precondition((2...(Heights.capacity + 1)).contains(count), "column count outside the kernel's capacity")
        columnCount = count
        let first = columnHeights[0]
        if columnHeights.allSatisfy({ $0 == first }) {
            // Every column equal, as at a fresh section's start: rank order, without the
            // insertion into a SIMD16 (124 instructions a section more with it: 64 sections of
            // 100K items in 4 columns, 4,929,000 against 4,921,064 a prepare).
            shortest = first
            others = Heights(repeating: first, count: count &- 1)
            order = Self.rankOrder(columnCount: count, highestIndexWins: highestIndexWins)
        } else {
            // Padded with +infinity past the last column.
            var sorted = SIMD16<Double>(repeating: .infinity)
            var packed: UInt64 = 0
            // Insertion in rank order, moving past strictly greater heights only: equal heights
            // stay in rank order.
            var order = SIMD16<UInt8>()
            for rank in 0..<count {
                let column = highestIndexWins ? count - 1 - rank : rank
                let height = columnHeights[column]
                var position = rank
                while position > 0, sorted[position - 1] > height {
                    sorted[position] = sorted[position - 1]
                    order[position] = order[position - 1]
                    position -= 1
                }
                sorted[position] = height
                order[position] = UInt8(column)
            }
            for position in 0..<count {
                packed |= UInt64(order[position]) &<< (UInt64(position) &* Self.fieldBits)
            }
            shortest = sorted[0]
            others = withUnsafeBytes(of: sorted) { $0.withMemoryRebound(to: Double.self) { Heights($0.baseAddress! + 1) } }
            self.order = packed
        }
    }

    /// `order` for level columns: position p holds the p-th column by rank (`count - 1 - p`
    /// where the highest index wins), as arithmetic on every field at once. O(1).
    @inline(__always)
    static func rankOrder(columnCount count: Int, highestIndexWins: Bool) -> UInt64 {
        let ascending: UInt64 = fieldBits == 8 ? 0x0706_0504_0302_0100 : 0xFEDC_BA98_7654_3210
        let ones: UInt64 = fieldBits == 8 ? 0x0101_0101_0101_0101 : 0x1111_1111_1111_1111
        let usedBits = UInt64(count) &* fieldBits
        let used: UInt64 = usedBits >= 64 ? .max : (1 &<< usedBits) &- 1
        // Descending: count - 1 - p in field p; a field past the count borrows only from the
        // fields above it, which `used` drops.
        return (highestIndexWins ? UInt64(count &- 1) &* ones &- ascending : ascending) & used
    }

    /// Places one item whose column grows by `advance`: returns its y and column and updates
    /// the state. The front tie must be resolved first (`needsTieResolution`). O(columns / 2).
    @inline(__always)
    mutating func place(advance: Double) -> (y: Double, column: UInt64) {
        let y = shortest
        let column = order & Self.fieldMask
        let grown = LayoutArithmetic.grow(y, by: advance)
        let grownPair = DoublePair(repeating: grown)
        // Off the heights' chain: where the grown column goes among the others, after those as
        // high as it. Columns of equal heights then take turns in the order they reached that
        // height, which is their rank order when they left one height together in it (equal
        // item heights, the estimate of every unmeasured item): the front tie needs no change.
        // Counted as the run of ones in the compares' bits (`movmskps` of both compares, `not`,
        // `tzcnt`), not as a sum of their lanes (`paddq`, `pshufd`, `paddq`, `movd`, `neg`): one
        // instruction an item less (4 columns, 100K items: 45.6 to 44.6).
        let below = others.bitsAtMost(grownPair)
        let position = UInt64(truncatingIfNeeded: (~below).trailingZeroBitCount)
        // The chain: the new shortest is the lower of the grown column and the next one, from
        // the grown height itself, so that its broadcast stays off the chain (`PairMath`).
        shortest = PairMath.minimum(grown, others.pair.x)
        others.merge(grownPair)
        // Drop position 0 and insert `column` at `position`: positions above stay, the ones
        // below move down by one field.
        let shift = position &* Self.fieldBits
        let above = order & (~Self.fieldMask &<< shift)
        order = above | ((order ^ above) &>> Self.fieldBits) | (column &<< shift)
        return (y, column)
    }

    /// 4 columns (three heights beside the shortest): four items a turn (`ShortestColumnKernel`).
    static var placesFourATurn: Bool { Heights.capacity == 3 }

    /// Whether the two shortest heights are equal, so the tie rule must pick the front.
    @inline(__always)
    var needsTieResolution: Bool { others.pair.x <= shortest }

    /// Moves the column the tie rule picks among the equally short ones to the front (the
    /// others equal to it may be in any order).
    @inline(__always)
    mutating func resolveFrontTie(highestIndexWins: Bool) {
        order = Self.order(order, resolvingFrontTieOf: shortest, among: others, highestIndexWins: highestIndexWins)
    }

    /// `order` with the front tie resolved: two equal columns, the most common tie, swapped if
    /// the second wins; three or more up to 8 columns (a byte per column in `order`) left as
    /// they are when the front already ranks first among them, as it does whenever they reached
    /// their height in rank order (see `place`), which a test without a branch per column
    /// shows; else `order(_:resolvingTieOf:among:highestIndexWins:)`. Measured here, that test:
    /// equal item heights in 4 columns (3 items in 4 tie, every other one among 3 or 4), 100K
    /// items, 112.4 instructions per item to 66.6, 5.47 ns to 3.50 (before the rows of
    /// `placeTiedRow`).
    ///
    /// Out of line, taking and returning values, so that the loop keeps its state in registers,
    /// saved around the call on the tie's path only. Inline, LLVM tested the rarer tie of three
    /// first and merged part of the two's swap into the path without a tie: uniform heights in
    /// 4 columns (the front tied on 0.85% of the items), 100K items, 44.6 to 43.2 instructions
    /// an item out of line (44.1 inline with `_fastPath` and `_slowPath` on its branches); 1M
    /// items 0.953 [0.810, 0.967] the time (`masonry ab`, 10 rounds). A fresh section's first
    /// items tie (its columns start level), and the call costs them more than the inline test
    /// did: 4096 sections of 244 items, 0.3% more instructions (about 49 a section), 1.022
    /// [0.993, 1.044] the time, inconclusive.
    @inline(never)
    private static func order(_ order: UInt64, resolvingFrontTieOf shortest: Double, among others: Heights,
                              highestIndexWins: Bool) -> UInt64 {
        if others.pair.y > shortest {
            let front = order & fieldMask
            let second = (order &>> fieldBits) & fieldMask
            guard highestIndexWins ? second > front : second < front else { return order }
            let difference = front ^ second
            return order ^ (difference | (difference &<< fieldBits))
        }
        guard fieldBits != 8 || tiedColumnRanksBeforeFront(order, tied: count(tiedWith: shortest, among: others),
                                                           highestIndexWins: highestIndexWins) else { return order }
        return Self.order(order, resolvingTieOf: shortest, among: others, highestIndexWins: highestIndexWins)
    }

    /// How many of `others` are as short as `shortest` (none is shorter).
    @inline(__always)
    private static func count(tiedWith shortest: Double, among others: Heights) -> UInt64 {
        let atMost = others.countBelow(DoublePair(repeating: shortest), orEqual: true)
        return UInt64(bitPattern: 0 &- (atMost.x &+ atMost.y))
    }

    /// Whether one of the `tied` columns after the front in `order` (a byte per column, 1 to 7
    /// of them) ranks before the front: in SWAR, each byte's rank subtracted from its byte with
    /// the high bit set keeps that bit where the rank is not below the front's (ranks are
    /// under 16, so no borrow crosses a byte).
    @inline(__always)
    private static func tiedColumnRanksBeforeFront(_ order: UInt64, tied: UInt64, highestIndexWins: Bool) -> Bool {
        let lowBits: UInt64 = 0x0101_0101_0101_0101
        let highBits = lowBits &<< 7
        let ranks = order ^ (highestIndexWins ? 0x0F &* lowBits : 0)  // rank order: < between ranks
        let front = ranks & 0xFF
        let notBelowFront = (ranks | highBits) &- front &* lowBits
        let tiedBytes = (highBits & ~0xFF) & (UInt64.max &>> (56 &- 8 &* tied))
        return ~notBelowFront & tiedBytes != 0
    }

    /// `order` with the tie of three or more at the front resolved: the rule's first of them
    /// swapped to the front. Without memory: the number of heights equal to the shortest comes
    /// from the merge's comparison, the candidates from the packed order, and the pick is a
    /// select per candidate. Measured here, equal item heights (4 columns: 3 items in 4 tie,
    /// every other one among 3 or more) went from 7.0 ns per item with a scan over stored
    /// heights to 5.5.
    private static func order(_ order: UInt64, resolvingTieOf shortest: Double, among others: Heights,
                              highestIndexWins: Bool) -> UInt64 {
        let equal = count(tiedWith: shortest, among: others)
        let front = order & fieldMask
        var best = front
        var bestShift: UInt64 = 0
        var shift: UInt64 = 0
        for _ in 0..<equal {
            shift &+= fieldBits
            let column = (order &>> shift) & fieldMask
            let better = highestIndexWins ? column > best : column < best
            bestShift = better ? shift : bestShift
            best = better ? column : best
        }
        // Swap the front and the winner.
        let difference = front ^ best
        return order ^ (difference | (difference &<< bestShift))
    }

    /// All the columns when every one is as short as the front, in whatever stored order: a
    /// row takes them in rank order all the same (see `placeTiedRow`). Else 0.
    @inline(__always)
    var tiedRowLength: Int {
        Self.count(tiedWith: shortest, among: others) == UInt64(columnCount &- 1) ? columnCount : 0
    }

    /// Places a row of `columnCount` items that each grow a column by `advance` from the height
    /// every column has (`tiedRowLength`): one by one, each would take the rank-first of the
    /// columns still at that height, whatever their stored order, so the row's k-th item is in
    /// the k-th column by rank, and leaves every column at the grown height; the heights are
    /// the same values the merges would give (min and max round nothing). The stored order
    /// stays as it was: among equal heights any order is valid, the tie rule deciding each
    /// time. Nil when the grown height is not higher: the front's column would then stay first
    /// and take the next item too.
    @inline(__always)
    mutating func placeTiedRow(advance: Double) -> Double? {
        let y = shortest
        let grown = LayoutArithmetic.grow(y, by: advance)
        guard grown > y else { return nil }
        shortest = grown
        others = Heights(repeating: grown, count: columnCount &- 1)
        return y
    }

    /// Writes each column's height to `columnHeights[column]`.
    @inline(__always)
    func store(columnHeights: UnsafeMutablePointer<Double>) {
        var heights = SIMD16<Double>()
        withUnsafeMutableBytes(of: &heights) { $0.withMemoryRebound(to: Double.self) { others.store($0.baseAddress!) } }
        columnHeights[Int(order & Self.fieldMask)] = shortest
        for position in 1..<columnCount {
            let column = (order &>> (UInt64(position) &* Self.fieldBits)) & Self.fieldMask
            columnHeights[Int(column)] = heights[position - 1]
        }
    }
}
