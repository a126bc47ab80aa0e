// The floor benchmark's shortest-column value chain written in C: the yardstick of the Swift floor.
// The harness times it beside `ValueChainFloor` (Benchmarks/MasonryBenchmarkHarness/Plan/FloorBenchmark.swift)
// so that a run shows whether the Swift chain reaches what a C compiler makes of the same
// operations. The engine library never links it.
//
// Header only, every function `static inline`, in a module map without sources: Swift's clang
// importer compiles it into the harness's own object with the harness's optimization and
// debug information. A C source target would be a compile unit in clang's default DWARF 5,
// beside which valgrind 3.19 (Debian 12) gives up reading the tool's debug information
// ("possibly corrupted debuginfo file"), and --metric instructions with it; building that
// target with DWARF 4 takes unsafeFlags, which SwiftPM refuses in a dependency. Measured on
// this machine, 1M items, the chain imported so runs within 4% of the same code built by
// clang -O2 (2 columns 3.37 and 3.23 ns per item, 4 columns 4.12 and 4.16).
#ifndef MASONRY_CVALUECHAINFLOOR_H
#define MASONRY_CVALUECHAINFLOOR_H

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The operand order of PairMath's `minpd`/`maxpd` (`a < b ? a : b`, `a > b ? a : b`), so that
// every value, signed zeros included, equals the Swift floor's bit for bit. Both compile to
// `minsd`/`maxsd`.
#define MASONRY_CHAIN_MIN(a, b) ((a) < (b) ? (a) : (b))
#define MASONRY_CHAIN_MAX(a, b) ((a) > (b) ? (a) : (b))

/// The chain for a constant column count `K` (1...16), the heights in scalar registers: inlined
/// into each case of `masonry_sorted_chain`'s switch with `K` a literal, so the compiler unrolls
/// the merge. Per item `y = s0`, `v = s0 + (height + spacing)`, `s0' = min(v, s1)`,
/// `sk' = min(max(v, sk), sk+1)`, `last' = max(v, last)`.
static inline __attribute__((always_inline)) void masonry_chain_scalar(const double *heights, long count,
                                                                       double item_spacing, double *sorted,
                                                                       const long K, double *local_y) {
    double s[16];
    for (long k = 0; k < K; k++) s[k] = sorted[k];
    for (long i = 0; i < count; i++) {
        const double y = s[0];
        local_y[i] = y;
        const double v = y + (heights[i] + item_spacing);
        if (K == 1) {
            s[0] = v;
            continue;
        }
        s[0] = MASONRY_CHAIN_MIN(v, s[1]);
        // Without the pragma clang -O2 leaves the merge of the largest counts a loop through the stack.
#pragma GCC unroll 16
        for (long k = 1; k < K - 1; k++) s[k] = MASONRY_CHAIN_MIN(MASONRY_CHAIN_MAX(v, s[k]), s[k + 1]);
        s[K - 1] = MASONRY_CHAIN_MAX(v, s[K - 1]);
    }
    for (long k = 0; k < K; k++) sorted[k] = s[k];
}

#if defined(__SSE2__)
/// The same chain for a constant `K` (6...16) with the heights above the shortest in pairs of
/// an SSE2 register, and for an odd count the last one alone, as the Swift floor's
/// `HeightPairs<…<OneHeight>>` holds them: `min(max(v, pair), successors)`, the successors
/// `(pair.y, next.x)` one `shufpd` away; the last pair's successor is the height alone (or
/// +infinity, which leaves `max(v, last)` as in the scalar chain, bit for bit). The scalar
/// merge takes an instruction per height, the pairs one per two, and from 9 columns the scalar
/// chain has more heights than x86-64 has registers and spills them. Measured here, clang -O2,
/// 1M items, scalar and pairs, ns per item: 5 columns 4.35 and 4.43, 6 columns 4.64 and 4.45,
/// 8 columns 5.37 and 4.52, 9 columns 6.36 and 4.63, 12 columns 8.34 and 4.95, 16 columns 10.26
/// and 6.6 to 8.0 (2 shared cores).
static inline __attribute__((always_inline)) void masonry_chain_pairs(const double *heights, long count,
                                                                      double item_spacing, double *sorted,
                                                                      const long K, double *local_y) {
    // The K - 1 heights above the shortest: P pairs and, for an odd count, one more alone.
    const long P = (K - 1) / 2;
    const int alone = (K - 1) & 1;
    __m128d pairs[8];
#pragma GCC unroll 8
    for (long p = 0; p < P; p++) pairs[p] = _mm_loadu_pd(sorted + 1 + 2 * p);
    double last = alone ? sorted[K - 1] : 0;
    double shortest = sorted[0];
    for (long i = 0; i < count; i++) {
        const double y = shortest;
        local_y[i] = y;
        const double v = y + (heights[i] + item_spacing);
        shortest = MASONRY_CHAIN_MIN(v, _mm_cvtsd_f64(pairs[0]));
        const __m128d grown = _mm_set1_pd(v);
#pragma GCC unroll 8
        for (long p = 0; p < P - 1; p++)
            pairs[p] = _mm_min_pd(_mm_max_pd(grown, pairs[p]), _mm_shuffle_pd(pairs[p], pairs[p + 1], 1));
        const __m128d top = _mm_max_pd(grown, pairs[P - 1]);
        if (alone) {
            pairs[P - 1] = _mm_min_pd(top, _mm_shuffle_pd(pairs[P - 1], _mm_set_sd(last), 1));
            last = MASONRY_CHAIN_MAX(v, last);
        } else {
            pairs[P - 1] = _mm_min_pd(top, _mm_shuffle_pd(pairs[P - 1], _mm_set1_pd(__builtin_inf()), 1));
        }
    }
#pragma GCC unroll 8
    for (long p = 0; p < P; p++) _mm_storeu_pd(sorted + 1 + 2 * p, pairs[p]);
    if (alone) sorted[K - 1] = last;
    sorted[0] = shortest;
}
#define MASONRY_CHAIN_WIDE masonry_chain_pairs
#else
// Without SSE2 (arm64) the scalar chain, which is still the same chain, bit for bit.
#define MASONRY_CHAIN_WIDE masonry_chain_scalar
#endif

/// The same chain for any column count, the heights in `s` itself: position k reads position
/// k + 1 before it is overwritten.
static inline void masonry_chain_in_memory(const double *heights, long count, double item_spacing, double *s,
                                           long columns, double *local_y) {
    for (long i = 0; i < count; i++) {
        const double y = s[0];
        local_y[i] = y;
        const double v = y + (heights[i] + item_spacing);
        s[0] = MASONRY_CHAIN_MIN(v, s[1]);
        for (long k = 1; k < columns - 1; k++) s[k] = MASONRY_CHAIN_MIN(MASONRY_CHAIN_MAX(v, s[k]), s[k + 1]);
        s[columns - 1] = MASONRY_CHAIN_MAX(v, s[columns - 1]);
    }
}

/// Lays out `count` items of a shortest-column section from the `columns` ascending column
/// heights `sorted`, writing item i's section-local y to `local_y[i]` and leaving the heights,
/// ascending, in `sorted`. Per item, in this order (LayoutArithmetic.grow and advance):
/// `y = s0`, `v = s0 + (heights[i] + item_spacing)`, then the sorted merge `s0' = v < s1 ? v : s1`,
/// `sk' = m < sk+1 ? m : sk+1` with `m = v > sk ? v : sk`, `last' = v > last ? v : last`.
/// The heights sit in scalar registers for 1 to 5 columns, in register pairs for 6 to 16 (one
/// unrolled loop per count), in memory above. O(count × columns).
static inline void masonry_sorted_chain(const double *heights, long count, double item_spacing, double *sorted,
                                        long columns, double *local_y) {
#define MASONRY_CHAIN_CASE(K, CHAIN) \
    case K: CHAIN(heights, count, item_spacing, sorted, K, local_y); return;
    switch (columns) {
        MASONRY_CHAIN_CASE(1, masonry_chain_scalar) MASONRY_CHAIN_CASE(2, masonry_chain_scalar)
        MASONRY_CHAIN_CASE(3, masonry_chain_scalar) MASONRY_CHAIN_CASE(4, masonry_chain_scalar)
        MASONRY_CHAIN_CASE(5, masonry_chain_scalar) MASONRY_CHAIN_CASE(6, MASONRY_CHAIN_WIDE)
        MASONRY_CHAIN_CASE(7, MASONRY_CHAIN_WIDE) MASONRY_CHAIN_CASE(8, MASONRY_CHAIN_WIDE)
        MASONRY_CHAIN_CASE(9, MASONRY_CHAIN_WIDE) MASONRY_CHAIN_CASE(10, MASONRY_CHAIN_WIDE)
        MASONRY_CHAIN_CASE(11, MASONRY_CHAIN_WIDE) MASONRY_CHAIN_CASE(12, MASONRY_CHAIN_WIDE)
        MASONRY_CHAIN_CASE(13, MASONRY_CHAIN_WIDE) MASONRY_CHAIN_CASE(14, MASONRY_CHAIN_WIDE)
        MASONRY_CHAIN_CASE(15, MASONRY_CHAIN_WIDE) MASONRY_CHAIN_CASE(16, MASONRY_CHAIN_WIDE)
        default: masonry_chain_in_memory(heights, count, item_spacing, sorted, columns, local_y); return;
    }
#undef MASONRY_CHAIN_CASE
}

#endif
