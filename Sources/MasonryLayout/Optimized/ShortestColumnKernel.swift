/// The shortest-column placement loop of the optimized engine.
///
/// Column heights live in the lanes of one SIMD vector (unused lanes hold +infinity, which never
/// wins), and the argmin is a branch-free tournament: each round pairs neighbouring blocks of
/// lanes (`evenHalf` against `oddHalf`), so the lower block always holds the lower column
/// indices and the tie rule is one comparison (`<` keeps the lowest index, `<=` the highest).
/// The loop's cost is its dependency chain per item: log2(lanes) rounds of compare-and-blend,
/// then one addition; `height + itemSpacing` is computed off that chain.
enum ShortestColumnKernel {
    /// Places `count` items whose heights start at `heights`, writing each item's local y and
    /// column, and leaves the columns' new heights in `state`.
    @inlinable
    static func place<Lanes: ColumnLanes, Rule: TieRule>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
        state: inout Lanes, rule: Rule.Type,
        localY: UnsafeMutablePointer<Double>, columns: UnsafeMutablePointer<UInt16>
    ) {
        var lanes = state
        let laneNumbers = Lanes.laneNumbers
        for index in 0..<count {
            // Off the dependency chain: only needs the input.
            let advance = LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing)
            let (shortest, lane) = lanes.shortestLane(rule)
            localY[index] = shortest
            columns[index] = UInt16(lane)
            // One-hot blend instead of a dynamic lane store, so the heights never leave registers.
            lanes.replace(with: Lanes(repeating: LayoutArithmetic.grow(shortest, by: advance)),
                          where: laneNumbers .== Lanes(repeating: lane))
        }
        state = lanes
    }

    /// The same placement for more columns than a vector holds: a plain scan, as the reference does.
    static func placeScalar<Rule: TieRule>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
        state: UnsafeMutableBufferPointer<Double>, rule: Rule.Type,
        localY: UnsafeMutablePointer<Double>, columns: UnsafeMutablePointer<UInt16>
    ) {
        for index in 0..<count {
            let advance = LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing)
            var shortest = 0
            var shortestHeight = state[0]
            for column in 1..<state.count where Rule.prefersSecond(shortestHeight, state[column]) {
                shortest = column
                shortestHeight = state[column]
            }
            localY[index] = shortestHeight
            columns[index] = UInt16(shortest)
            state[shortest] = LayoutArithmetic.grow(shortestHeight, by: advance)
        }
    }
}

/// How equally short columns are ranked, as a compile-time choice so the kernel has no branch on it.
@usableFromInline
protocol TieRule {
    /// Whether the column with the higher index (`second`) wins against the lower one (`first`).
    static func prefersSecond(_ first: Double, _ second: Double) -> Bool
    static func prefersSecond<V: SIMD>(_ first: V, _ second: V) -> SIMDMask<V.MaskStorage> where V.Scalar == Double
}

@usableFromInline
enum LowestIndexWins: TieRule {
    @inlinable static func prefersSecond(_ first: Double, _ second: Double) -> Bool { second < first }
    @inlinable static func prefersSecond<V: SIMD>(_ first: V, _ second: V) -> SIMDMask<V.MaskStorage> where V.Scalar == Double {
        second .< first
    }
}

@usableFromInline
enum HighestIndexWins: TieRule {
    @inlinable static func prefersSecond(_ first: Double, _ second: Double) -> Bool { second <= first }
    @inlinable static func prefersSecond<V: SIMD>(_ first: V, _ second: V) -> SIMDMask<V.MaskStorage> where V.Scalar == Double {
        second .<= first
    }
}

/// A SIMD vector of column heights, one column per lane.
@usableFromInline
protocol ColumnLanes: SIMD where Scalar == Double {
    /// 0, 1, 2, … in lane order.
    static var laneNumbers: Self { get }
    /// The shortest lane's height and its lane number (as a Double, to stay in vector registers).
    func shortestLane<Rule: TieRule>(_ rule: Rule.Type) -> (height: Double, lane: Double)
}

extension SIMD2: ColumnLanes where Scalar == Double {
    @inlinable static var laneNumbers: Self { SIMD2(0, 1) }

    @inlinable
    func shortestLane<Rule: TieRule>(_ rule: Rule.Type) -> (height: Double, lane: Double) {
        Rule.prefersSecond(self[0], self[1]) ? (self[1], 1) : (self[0], 0)
    }
}

extension SIMD4: ColumnLanes where Scalar == Double {
    @inlinable static var laneNumbers: Self { SIMD4(0, 1, 2, 3) }

    @inlinable
    func shortestLane<Rule: TieRule>(_ rule: Rule.Type) -> (height: Double, lane: Double) {
        let takeOdd = Rule.prefersSecond(evenHalf, oddHalf)
        let pairs = evenHalf.replacing(with: oddHalf, where: takeOdd)
        let lanes = SIMD2<Double>(0, 2).replacing(with: SIMD2(1, 3), where: takeOdd)
        return Rule.prefersSecond(pairs[0], pairs[1]) ? (pairs[1], lanes[1]) : (pairs[0], lanes[0])
    }
}

extension SIMD8: ColumnLanes where Scalar == Double {
    @inlinable static var laneNumbers: Self { SIMD8(0, 1, 2, 3, 4, 5, 6, 7) }

    @inlinable
    func shortestLane<Rule: TieRule>(_ rule: Rule.Type) -> (height: Double, lane: Double) {
        let takeOdd = Rule.prefersSecond(evenHalf, oddHalf)
        let pairs = evenHalf.replacing(with: oddHalf, where: takeOdd)
        let pairLanes = SIMD4<Double>(0, 2, 4, 6).replacing(with: SIMD4(1, 3, 5, 7), where: takeOdd)
        let takeOddPair = Rule.prefersSecond(pairs.evenHalf, pairs.oddHalf)
        let quads = pairs.evenHalf.replacing(with: pairs.oddHalf, where: takeOddPair)
        let quadLanes = pairLanes.evenHalf.replacing(with: pairLanes.oddHalf, where: takeOddPair)
        return Rule.prefersSecond(quads[0], quads[1]) ? (quads[1], quadLanes[1]) : (quads[0], quadLanes[0])
    }
}
