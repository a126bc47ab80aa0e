// `DoublePair` and its lane-wise min, max and less-than: SSE2 intrinsics on x86-64, selects elsewhere.
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Two doubles in one 128-bit register: the unit the sorted-heights kernels work in.
typealias DoublePair = SIMD2<Double>

/// Lane-wise minimum, maximum and comparison of `DoublePair`s, each one SSE2 instruction
/// (`minpd`, `maxpd`, `cmpltpd`) on x86-64.
///
/// On x86-64 they are the compiler's SSE2 intrinsics (baseline x86-64, no extra target flag).
/// The same operations written as `replacing(with:where:)` selects compile to `minpd`/`maxpd`
/// in small functions, but inside the kernels LLVM splits some of them into a compare and a
/// three-instruction blend; measured here, that made the 4-column kernel 1.4x slower. The
/// intrinsics cannot be rewritten. Elsewhere (arm64) the selects are used: they give the same
/// values, since no NaN reaches a kernel and the description reads -0 as 0.
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
}
