/// The shortest-column placement loop of the optimized engine.
///
/// Column heights live in general-purpose registers as IEEE-754 bit patterns: for non-negative
/// doubles (the description refuses negative lengths and reads -0 as 0) the bit patterns order
/// exactly as the values do, so the argmin is a tournament of integer compares and conditional
/// moves, with no branch to mispredict. Each round pairs neighbouring blocks of columns, so the
/// lower block always holds the lower indices and the tie rule is one comparison (`<` keeps the
/// lowest index, `<=` the highest). The loop's speed is its dependency chain per item:
/// log2(columns) compare-and-move rounds, a move to the FPU, one addition and a move back;
/// `height + itemSpacing` is computed off that chain.
///
/// (Measured here: the same tournament in `SIMD4`/`SIMD8<Double>` lanes ran at 21 ns/item for
/// four columns, because lane masks round-trip through general registers on x86-64's baseline
/// SSE2; these registers run at about a quarter of that.)
enum ShortestColumnKernel {
    /// Where a block's results go: each item's local y and column, from item `firstItem` of the section.
    struct Output {
        let localY: UnsafeMutablePointer<Double>
        let columns: UnsafeMutablePointer<UInt16>
        let firstItem: Int
    }

    /// Places `count` items whose heights start at `heights`, leaves the columns' new heights in
    /// `state`, and records in `lastItems` each column's last item (for rect queries).
    static func place<Columns: ColumnTournament, Rule: TieRule>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
        state: inout Columns, rule: Rule.Type, output: Output, lastItems: UnsafeMutablePointer<UInt32>
    ) {
        var registers = state
        for index in 0..<count {
            // Off the dependency chain: only needs the input.
            let advance = LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing)
            let (shortest, lane) = registers.shortest(rule)
            let y = Double(bitPattern: shortest)
            output.localY[index] = y
            output.columns[index] = UInt16(truncatingIfNeeded: lane)
            lastItems[lane] = UInt32(truncatingIfNeeded: output.firstItem + index)
            registers.set(lane: lane, to: LayoutArithmetic.grow(y, by: advance).bitPattern)
        }
        state = registers
    }

    /// The same placement for more columns than the register tournament holds: a plain scan, as the reference does.
    static func placeScalar<Rule: TieRule>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
        state: UnsafeMutableBufferPointer<Double>, rule: Rule.Type, output: Output, lastItems: UnsafeMutablePointer<UInt32>
    ) {
        for index in 0..<count {
            let advance = LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing)
            var shortest = 0
            var shortestHeight = state[0]
            for column in 1..<state.count where Rule.prefersSecond(shortestHeight, state[column]) {
                shortest = column
                shortestHeight = state[column]
            }
            output.localY[index] = shortestHeight
            output.columns[index] = UInt16(shortest)
            lastItems[shortest] = UInt32(truncatingIfNeeded: output.firstItem + index)
            state[shortest] = LayoutArithmetic.grow(shortestHeight, by: advance)
        }
    }
}

/// How equally short columns are ranked, as a compile-time constant so the kernel has no branch on it.
protocol TieRule {
    static var highestIndexWins: Bool { get }
}

enum LowestIndexWins: TieRule {
    static var highestIndexWins: Bool { false }
}

enum HighestIndexWins: TieRule {
    static var highestIndexWins: Bool { true }
}

extension TieRule {
    /// Whether the column with the higher index (`second`) wins against the lower one (`first`).
    @inline(__always)
    static func prefersSecond<Height: Comparable>(_ first: Height, _ second: Height) -> Bool {
        highestIndexWins ? second <= first : second < first
    }
}

/// A fixed number of column heights held as bit patterns, with a branch-free argmin.
///
/// Built by pairing: `ColumnPair<ColumnPair<OneColumn>>` holds four columns, and once
/// specialized and inlined the tournament is straight-line code.
protocol ColumnTournament {
    /// Columns held; lanes past the layout's column count hold `OneColumn.padding`, which never wins.
    static var width: Int { get }
    init(heights: UnsafeBufferPointer<Double>, from first: Int)
    /// The shortest column's height bits and lane, ties by `Rule`.
    func shortest<Rule: TieRule>(_ rule: Rule.Type) -> (bits: UInt64, lane: Int)
    /// Sets column `lane` (relative to this block) to `bits`, with conditional moves.
    mutating func set(lane: Int, to bits: UInt64)
    func store(into heights: UnsafeMutableBufferPointer<Double>, from first: Int)
}

struct OneColumn: ColumnTournament {
    var bits: UInt64

    static var width: Int { 1 }

    /// Sorts above every height (+infinity is 0x7FF0…) and stays below 2^63, like all of them.
    static let padding: UInt64 = 0x7FFF_FFFF_FFFF_FFFF

    @inline(__always)
    init(heights: UnsafeBufferPointer<Double>, from first: Int) {
        bits = first < heights.count ? heights[first].bitPattern : Self.padding
    }

    @inline(__always)
    func shortest<Rule: TieRule>(_ rule: Rule.Type) -> (bits: UInt64, lane: Int) { (bits, 0) }

    @inline(__always)
    mutating func set(lane: Int, to newBits: UInt64) {
        let difference = UInt64(bitPattern: Int64(lane))
        let isThisLane = ((difference | (0 &- difference)) >> 63) &- 1  // all ones when lane == 0
        bits ^= (bits ^ newBits) & isThisLane
    }

    @inline(__always)
    func store(into heights: UnsafeMutableBufferPointer<Double>, from first: Int) {
        if first < heights.count { heights[first] = Double(bitPattern: bits) }
    }
}

struct ColumnPair<Half: ColumnTournament>: ColumnTournament {
    var low: Half
    var high: Half

    static var width: Int { 2 * Half.width }

    @inline(__always)
    init(heights: UnsafeBufferPointer<Double>, from first: Int) {
        low = Half(heights: heights, from: first)
        high = Half(heights: heights, from: first + Half.width)
    }

    @inline(__always)
    func shortest<Rule: TieRule>(_ rule: Rule.Type) -> (bits: UInt64, lane: Int) {
        let (lowBits, lowLane) = low.shortest(rule)
        let (highBits, highLane) = high.shortest(rule)
        // Both are below 2^63, so the sign of their difference is the comparison: mask
        // arithmetic rather than `?:`, which LLVM turns into branches that mispredict.
        let borrow = Rule.highestIndexWins ? highBits &- lowBits &- 1 : highBits &- lowBits
        let takeHigh = 0 &- (borrow >> 63)  // all ones when the high block wins
        let lane = UInt64(bitPattern: Int64(lowLane)) ^ ((UInt64(bitPattern: Int64(lowLane)) ^ UInt64(bitPattern: Int64(highLane + Half.width))) & takeHigh)
        return (lowBits ^ ((lowBits ^ highBits) & takeHigh), Int(bitPattern: UInt(lane)))
    }

    @inline(__always)
    mutating func set(lane: Int, to bits: UInt64) {
        low.set(lane: lane, to: bits)
        high.set(lane: lane - Half.width, to: bits)
    }

    @inline(__always)
    func store(into heights: UnsafeMutableBufferPointer<Double>, from first: Int) {
        low.store(into: heights, from: first)
        high.store(into: heights, from: first + Half.width)
    }
}
