// `DoublePair` and its lane-wise min, max and less-than (SSE2 intrinsics on x86-64), and scalar min and max.
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Two doubles in one 128-bit register: the unit the sorted-heights kernels work in.
typealias DoublePair = SIMD2<Double>

/// Lane-wise minimum, maximum and comparisons of `DoublePair`s, each one SSE2 instruction
/// (`minpd`, `maxpd`, `cmpltpd`, `cmplepd`) on x86-64, and the scalar minimum and maximum (`minsd`,
/// `maxsd`). O(1) each.
///
/// On x86-64 the lane-wise ones are the compiler's SSE2 intrinsics (baseline x86-64, no extra
/// target flag). The same operations written as `replacing(with:where:)` selects compile to
/// `minpd`/`maxpd` in small functions, but inside the kernels LLVM splits some of them into a
/// compare and a three-instruction blend; measured here, that made the 4-column kernel 1.4x
/// slower. The intrinsics cannot be rewritten. Elsewhere (arm64) the selects are used.
///
/// Every one gives the same bits as any other way to take a minimum or maximum of the same
/// values: no NaN reaches a kernel (lengths are validated finite and non-negative) and no -0
/// (descriptions read -0 as 0, and sums of non-negative lengths are never -0), so two equal
/// heights are the same double, whichever one is returned.
enum PairMath {
    /// `a < b ? a : b` in each lane.
    @inline(__always)
    static func minimum(_ a: DoublePair, _ b: DoublePair) -> DoublePair {
        #if arch(x86_64)
        _mm_min_pd(a, b)
        #else
        a.replacing(with: b, where: .!(a .< b))
        #endif
    }

    /// `a < b ? a : b` for one double (`minsd` on x86-64), the value a lane of `minimum` gives.
    ///
    /// The chains take the next shortest height with it from the grown height itself rather than
    /// from a lane of the grown height broadcast to a pair: the broadcast (`unpcklpd`, one cycle)
    /// is then off the loop-carried chain, which is one `addsd` and one `minsd`, as C compiles
    /// it. Measured here (floor, 100K and 1M items, interleaved runs, fastest of 60 repetitions):
    /// 2 columns 3.67 -> 3.02 ns per item (0.83x; the C chain 3.07 in the same runs, where the
    /// Swift floor had been 1.17x slower); 4 and 8 columns within 3%, as the C chain in the same
    /// runs: there each height's own max-then-min, not the shortest, bounds the chain, as in C.
    @inline(__always)
    static func minimum(_ a: Double, _ b: Double) -> Double {
        a < b ? a : b
    }

    /// `a > b ? a : b` for one double (`maxsd`), the value a lane of `maximum` gives.
    @inline(__always)
    static func maximum(_ a: Double, _ b: Double) -> Double {
        a > b ? a : b
    }

    /// `a > b ? a : b` in each lane.
    @inline(__always)
    static func maximum(_ a: DoublePair, _ b: DoublePair) -> DoublePair {
        #if arch(x86_64)
        _mm_max_pd(a, b)
        #else
        a.replacing(with: b, where: .!(b .< a))
        #endif
    }

    /// -1 in each lane where `a < b`, 0 elsewhere.
    @inline(__always)
    static func lessThanMask(_ a: DoublePair, _ b: DoublePair) -> SIMD2<Int64> {
        #if arch(x86_64)
        unsafeBitCast(_mm_cmplt_pd(a, b), to: SIMD2<Int64>.self)
        #else
        SIMD2<Int64>(repeating: 0).replacing(with: -1, where: a .< b)
        #endif
    }

    /// -1 in each lane where `a == b`, 0 elsewhere (`cmpeqpd`).
    @inline(__always)
    static func equalMask(_ a: DoublePair, _ b: DoublePair) -> SIMD2<Int64> {
        #if arch(x86_64)
        unsafeBitCast(_mm_cmpeq_pd(a, b), to: SIMD2<Int64>.self)
        #else
        SIMD2<Int64>(repeating: 0).replacing(with: -1, where: a .== b)
        #endif
    }

    /// `a` in the lanes where `mask` is -1, `b` where it is 0 (`andpd`, `andnpd`, `orpd`).
    @inline(__always)
    static func select(_ a: DoublePair, _ b: DoublePair, where mask: SIMD2<Int64>) -> DoublePair {
        #if arch(x86_64)
        let lanes = unsafeBitCast(mask, to: DoublePair.self)
        return _mm_or_pd(_mm_and_pd(lanes, a), _mm_andnot_pd(lanes, b))
        #else
        return b.replacing(with: a, where: mask .!= 0)
        #endif
    }

    /// Bit 0 set where `mask.x` is -1, bit 1 where `mask.y` is (`movmskpd`).
    @inline(__always)
    static func bits(_ mask: SIMD2<Int64>) -> UInt32 {
        #if arch(x86_64)
        UInt32(truncatingIfNeeded: _mm_movemask_pd(unsafeBitCast(mask, to: DoublePair.self)))
        #else
        (mask.x != 0 ? 1 : 0) | (mask.y != 0 ? 2 : 0)
        #endif
    }

    /// -1 in each lane where `a <= b`, 0 elsewhere.
    @inline(__always)
    static func lessThanOrEqualMask(_ a: DoublePair, _ b: DoublePair) -> SIMD2<Int64> {
        #if arch(x86_64)
        unsafeBitCast(_mm_cmple_pd(a, b), to: SIMD2<Int64>.self)
        #else
        SIMD2<Int64>(repeating: 0).replacing(with: -1, where: a .<= b)
        #endif
    }
}
