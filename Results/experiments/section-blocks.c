// What a section costs the bare value chain by where its per-item outputs go (issue 20, stop 52).
//
// The 4096-section prepare (244 items a section, 4 columns) runs about 1.2x to 1.5x the
// one-section prepare of the same 1M items, against a target of 1.15x; its set-up's instructions
// explain about 50 ns of the ~300 a section costs (Results/README.md). This program times the
// floor's C chain (Sources/CValueChainFloor) over the same items, followed by the writes the
// engine makes per item (a 16-byte extent: y and height; a 4-byte column entry), with the outputs
// placed four ways, in interleaved rounds:
//
//   one-section    one chain over all items; the outputs in two arrays (extents, columns)
//   arrays         4096 sections, each from level columns; the outputs in the same two arrays,
//                  each section's after the one before (per buffer, across sections)
//   blocks         4096 sections; each section's outputs in a block of its own, its extents and
//                  then its columns (as SectionBufferLayout places a section's buffers), the
//                  blocks one after another in one allocation
//   allocations    as blocks, each block its own malloc, the last run's block freed just before
//                  (a fresh prepare after the previous layout was released)
//   gap N          (stop 53) the extents in one array with N unused bytes after each section's,
//                  the columns in the other array: what the blocks' jump in the extents costs
//   gap 1024 pf    as gap 1024, every line of the next section's extents prefetched for writing
//                  before a section starts
//   arrays, own    (stop 53) as arrays, on buffers no other way uses: whether the arrays gain
//                  from lines the one-section way left in the cache (they do not)
//
// Build and run from the repository root (clang comes with the Swift toolchain):
//   clang -O2 -I Sources/CValueChainFloor Results/experiments/section-blocks.c -o /tmp/section-blocks
//   /tmp/section-blocks
//   LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /tmp/section-blocks   # as masonry bench runs
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CValueChainFloor.h"
#include "interleaved-rounds.h"

enum { ITEMS = 1000000, SECTIONS = 4096, COLUMNS = 4, ROUNDS = 31, WAYS = 9 };
static const long perSection = ITEMS / SECTIONS;  // 244
static const long header = 256;                   // bytes before a block's buffers, as a section's header and small arrays

/// The chain over `count` items from `sorted` (left there), then each item's extent and column
/// written. Not inlined, and the same code for every placement of the outputs.
__attribute__((noinline)) static void layOut(const double *restrict heights, long count, double *restrict sorted,
                                             double *restrict extents, uint32_t *restrict columns) {
    double y[ITEMS / SECTIONS + 1];
    long done = 0;
    while (done < count) {  // the one-section chain in pieces of a section's size, its heights carried
        long piece = count - done < perSection ? count - done : perSection;
        masonry_sorted_chain(heights + done, piece, 8, sorted, COLUMNS, y);
        for (long item = 0; item < piece; item++) {
            extents[2 * (done + item)] = y[item];
            extents[2 * (done + item) + 1] = heights[done + item];
            columns[done + item] = (uint32_t)item;
        }
        done += piece;
    }
}

int main(void) {
    const long items = perSection * SECTIONS;
    const long blockBytes = header + 16 * perSection + 4 * perSection;
    double *heights = uniformHeights(items);
    double *extents = calloc(2 * items, sizeof(double));
    uint32_t *columns = calloc(items, sizeof(uint32_t));
    char *slab = calloc(SECTIONS, blockBytes);
    char **blocks = calloc(SECTIONS, sizeof(char *));
    static const long gaps[] = {64, 1024, 4096, 1024};
    char *gapped = calloc(SECTIONS, 16 * perSection + 4096);
    double *ownExtents = calloc(2 * items, sizeof(double));
    uint32_t *ownColumns = calloc(items, sizeof(uint32_t));
    double times[WAYS][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
        for (int turn = 0; turn < WAYS; turn++) {
            int way = (turn + round) % WAYS;  // each round in another order
            double start = nanoseconds();
            if (way == 0) {
                double sorted[COLUMNS] = {0};
                layOut(heights, items, sorted, extents, columns);
            }
            for (long section = 0; way > 0 && section < SECTIONS; section++) {
                double sorted[COLUMNS] = {0};
                const double *sectionHeights = heights + section * perSection;
                if (way == 1) {
                    layOut(sectionHeights, perSection, sorted, extents + 2 * section * perSection, columns + section * perSection);
                    continue;
                }
                if (way == 8) {
                    layOut(sectionHeights, perSection, sorted, ownExtents + 2 * section * perSection, ownColumns + section * perSection);
                    continue;
                }
                if (way >= 4) {
                    const long gap = gaps[way - 4], stride = 16 * perSection + gap;
                    if (way == 7 && section + 1 < SECTIONS) {
                        for (long line = 0; line < 16 * perSection; line += 64) __builtin_prefetch(gapped + (section + 1) * stride + line, 1, 3);
                    }
                    layOut(sectionHeights, perSection, sorted, (double *)(gapped + section * stride), columns + section * perSection);
                    continue;
                }
                char *block = slab + section * blockBytes;
                if (way == 3) {
                    free(blocks[section]);
                    block = blocks[section] = malloc(blockBytes);
                }
                layOut(sectionHeights, perSection, sorted, (double *)(block + header), (uint32_t *)(block + header + 16 * perSection));
            }
            __asm__ volatile("" ::: "memory");
            times[way][round] = (nanoseconds() - start) / items;
        }
    }
    double check = 0;
    for (long section = 0; section < SECTIONS; section++)
        check += ownExtents[2 * section * perSection] + ((double *)(gapped + section * (16 * perSection + 4096)))[1]
            + extents[2 * section * perSection] + ((double *)(slab + section * blockBytes + header))[1] + ((double *)(blocks[section] + header))[1];
    const char *names[WAYS] = {"one-section", "arrays", "blocks", "allocations", "gap 64", "gap 1024", "gap 4096", "gap 1024 pf", "arrays, own"};
    reportWays(names, WAYS, &times[0][0], ROUNDS, SECTIONS, perSection, COLUMNS, check);
    return 0;
}
