// The floor benchmark's shortest-column value chain written in C: the yardstick of the Swift floor.
// The harness times it beside `ValueChainFloor` (Benchmarks/MasonryBenchmarkHarness/Plan/FloorBenchmark.swift)
// so that a run shows whether the Swift chain reaches what a C compiler makes of the same
// operations. The engine library never links it.
#ifndef MASONRY_CVALUECHAINFLOOR_H
#define MASONRY_CVALUECHAINFLOOR_H

/// Lays out `count` items of a shortest-column section from the `columns` ascending column
/// heights `sorted`, writing item i's section-local y to `local_y[i]` and leaving the heights,
/// ascending, in `sorted`. Per item, in this order (LayoutArithmetic.grow and advance):
/// `y = s0`, `v = s0 + (heights[i] + item_spacing)`, then the sorted merge `s0' = v < s1 ? v : s1`,
/// `sk' = m < sk+1 ? m : sk+1` with `m = v > sk ? v : sk`, `last' = v > last ? v : last`.
/// The heights sit in registers for 1 to 16 columns (one loop per count, unrolled), in memory
/// above. O(count × columns).
void masonry_sorted_chain(const double *heights, long count, double item_spacing, double *sorted, long columns,
                          double *local_y);

#endif
