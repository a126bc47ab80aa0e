// The sorted-heights value chain in C, one fully unrolled loop per column count up to 16.
#include "CValueChainFloor.h"

// The operand order of PairMath's `minpd`/`maxpd` (`a < b ? a : b`, `a > b ? a : b`), so that
// every value, signed zeros included, equals the Swift floor's bit for bit. Both compile to
// `minsd`/`maxsd`.
#define CHAIN_MIN(a, b) ((a) < (b) ? (a) : (b))
#define CHAIN_MAX(a, b) ((a) > (b) ? (a) : (b))

/// The chain for a constant column count `K` (1...16): inlined into each case of the switch
/// below with `K` a literal, so the compiler unrolls the merge and keeps `s` in registers.
static inline __attribute__((always_inline)) void chain(const double *heights, long count, double item_spacing,
                                                        double *sorted, const long K, double *local_y) {
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
        s[0] = CHAIN_MIN(v, s[1]);
        // Without the pragma clang -O2 leaves the merge of the largest counts a loop through the stack.
#pragma GCC unroll 16
        for (long k = 1; k < K - 1; k++) s[k] = CHAIN_MIN(CHAIN_MAX(v, s[k]), s[k + 1]);
        s[K - 1] = CHAIN_MAX(v, s[K - 1]);
    }
    for (long k = 0; k < K; k++) sorted[k] = s[k];
}

/// The same chain for any column count, the heights in `sorted` itself: position k reads
/// position k + 1 before it is overwritten.
static void chain_in_memory(const double *heights, long count, double item_spacing, double *s, long columns,
                            double *local_y) {
    for (long i = 0; i < count; i++) {
        const double y = s[0];
        local_y[i] = y;
        const double v = y + (heights[i] + item_spacing);
        s[0] = CHAIN_MIN(v, s[1]);
        for (long k = 1; k < columns - 1; k++) s[k] = CHAIN_MIN(CHAIN_MAX(v, s[k]), s[k + 1]);
        s[columns - 1] = CHAIN_MAX(v, s[columns - 1]);
    }
}

void masonry_sorted_chain(const double *heights, long count, double item_spacing, double *sorted, long columns,
                          double *local_y) {
#define CHAIN_CASE(K) \
    case K: chain(heights, count, item_spacing, sorted, K, local_y); return;
    switch (columns) {
        CHAIN_CASE(1) CHAIN_CASE(2) CHAIN_CASE(3) CHAIN_CASE(4) CHAIN_CASE(5) CHAIN_CASE(6) CHAIN_CASE(7) CHAIN_CASE(8)
        CHAIN_CASE(9) CHAIN_CASE(10) CHAIN_CASE(11) CHAIN_CASE(12) CHAIN_CASE(13) CHAIN_CASE(14) CHAIN_CASE(15) CHAIN_CASE(16)
        default: chain_in_memory(heights, count, item_spacing, sorted, columns, local_y); return;
    }
#undef CHAIN_CASE
}
