// A fixed number of column heights in ascending order, held in `DoublePair` registers.
/// A fixed number of column heights in ascending order, held in `DoublePair` registers: the
/// part of the shortest-column state that the kernel updates per item with a min/max merge.
///
/// Built by nesting: `HeightPairs<HeightPairs<OneHeight>>` holds five heights (a section of
/// six columns: the shortest is held apart, see `SortedColumns`). Once specialized and
/// inlined, `merge` is straight-line code: per pair one `maxpd`, one shuffle and one `minpd`.
/// Positions past the heights in use hold +infinity, which every merge leaves in place, so one
/// type serves every column count up to its capacity.
protocol SortedHeights {
    /// How many heights the type holds.
    static var capacity: Int { get }
    /// Positions 0 and 1 of this block (position 1 is +infinity for `OneHeight`).
    var pair: DoublePair { get }
    /// Reads `capacity` heights in ascending order.
    init(_ heights: UnsafePointer<Double>)
    /// `count` heights equal to `height` (at most `capacity`), +infinity after them.
    init(repeating height: Double, count: Int)
    /// Inserts `value` (the same in both lanes) into the sorted heights and drops the lowest,
    /// which the caller takes as the new shortest: position k becomes
    /// `min(max(value, height[k]), height[k + 1])`, the last `max(value, height[last])`.
    mutating func merge(_ value: DoublePair)
    /// Lanes that sum to minus the number of heights below `value` (or equal to it, with
    /// `orEqual`: a constant once inlined).
    func countBelow(_ value: DoublePair, orEqual: Bool) -> SIMD2<Int64>
    /// The heights at most `value` as bits, position k at bit k: a run of ones from bit 0, as
    /// the heights are ascending (+infinity padding never is at most a finite height).
    func bitsAtMost(_ value: DoublePair) -> UInt32
    /// Writes the `capacity` heights in ascending order.
    func store(_ heights: UnsafeMutablePointer<Double>)
}

extension SortedHeights {
    /// The last pair's count: its lanes below `value` (+infinity padding never is: heights are
    /// finite).
    @inline(__always)
    func countBelow(_ value: DoublePair, orEqual: Bool) -> SIMD2<Int64> {
        orEqual ? PairMath.lessThanOrEqualMask(pair, value) : PairMath.lessThanMask(pair, value)
    }

    /// The last pair's bits.
    @inline(__always)
    func bitsAtMost(_ value: DoublePair) -> UInt32 {
        PairMath.bits(PairMath.lessThanOrEqualMask(pair, value))
    }
}

/// The last height, with +infinity in the second lane.
struct OneHeight: SortedHeights {
    private(set) var pair: DoublePair

    static var capacity: Int { 1 }

    @inline(__always)
    init(_ heights: UnsafePointer<Double>) {
        pair = DoublePair(heights[0], .infinity)
    }

    @inline(__always)
    init(repeating height: Double, count: Int) {
        pair = DoublePair(count > 0 ? height : .infinity, .infinity)
    }

    @inline(__always)
    mutating func merge(_ value: DoublePair) {
        pair = PairMath.maximum(value, pair)  // the second lane stays +infinity
    }

    @inline(__always)
    func store(_ heights: UnsafeMutablePointer<Double>) {
        heights[0] = pair.x
    }
}

/// The last two heights.
struct TwoHeights: SortedHeights {
    private(set) var pair: DoublePair

    static var capacity: Int { 2 }

    @inline(__always)
    init(_ heights: UnsafePointer<Double>) {
        pair = DoublePair(heights[0], heights[1])
    }

    @inline(__always)
    init(repeating height: Double, count: Int) {
        pair = DoublePair(count > 0 ? height : .infinity, count > 1 ? height : .infinity)
    }

    @inline(__always)
    mutating func merge(_ value: DoublePair) {
        pair = PairMath.minimum(PairMath.maximum(value, pair), DoublePair(pair.y, .infinity))
    }

    @inline(__always)
    func store(_ heights: UnsafeMutablePointer<Double>) {
        heights[0] = pair.x
        heights[1] = pair.y
    }
}

/// Two heights followed by more.
struct HeightPairs<Next: SortedHeights>: SortedHeights {
    private(set) var pair: DoublePair
    private var next: Next

    static var capacity: Int { 2 + Next.capacity }

    @inline(__always)
    init(_ heights: UnsafePointer<Double>) {
        pair = DoublePair(heights[0], heights[1])
        next = Next(heights + 2)
    }

    @inline(__always)
    init(repeating height: Double, count: Int) {
        pair = DoublePair(count > 0 ? height : .infinity, count > 1 ? height : .infinity)
        next = Next(repeating: height, count: count &- 2)
    }

    @inline(__always)
    mutating func merge(_ value: DoublePair) {
        let shifted = DoublePair(pair.y, next.pair.x)
        pair = PairMath.minimum(PairMath.maximum(value, pair), shifted)
        next.merge(value)
    }

    @inline(__always)
    func countBelow(_ value: DoublePair, orEqual: Bool) -> SIMD2<Int64> {
        (orEqual ? PairMath.lessThanOrEqualMask(pair, value) : PairMath.lessThanMask(pair, value))
            &+ next.countBelow(value, orEqual: orEqual)
    }

    @inline(__always)
    func bitsAtMost(_ value: DoublePair) -> UInt32 {
        PairMath.bits(PairMath.lessThanOrEqualMask(pair, value)) | next.bitsAtMost(value) &<< 2
    }

    @inline(__always)
    func store(_ heights: UnsafeMutablePointer<Double>) {
        heights[0] = pair.x
        heights[1] = pair.y
        next.store(heights + 2)
    }
}

/// Code generic over the `SortedHeights` type of a column count: the one place that says which
/// register layout serves which column count (the exact one up to 8 columns; 12 and 16 padded
/// above, so that 16 columns compile to 9 specializations rather than 15).
protocol SortedHeightsVisitor {
    associatedtype Result
    func visit<Heights: SortedHeights>(_: Heights.Type) -> Result
}

extension SortedHeightsVisitor {
    /// Sorted heights serve 2 to 16 columns.
    static var columnRange: ClosedRange<Int> { 2...16 }

    /// `visit` with the type that holds `columns - 1` heights; nil outside `columnRange`.
    func visit(columns: Int) -> Result? {
        typealias Pairs = HeightPairs
        switch columns {
        case 2: return visit(OneHeight.self)
        case 3: return visit(TwoHeights.self)
        case 4: return visit(Pairs<OneHeight>.self)
        case 5: return visit(Pairs<TwoHeights>.self)
        case 6: return visit(Pairs<Pairs<OneHeight>>.self)
        case 7: return visit(Pairs<Pairs<TwoHeights>>.self)
        case 8: return visit(Pairs<Pairs<Pairs<OneHeight>>>.self)
        case 9...12: return visit(Pairs<Pairs<Pairs<Pairs<Pairs<OneHeight>>>>>.self)
        case 13...16: return visit(Pairs<Pairs<Pairs<Pairs<Pairs<Pairs<Pairs<OneHeight>>>>>>>.self)
        default: return nil
        }
    }
}
