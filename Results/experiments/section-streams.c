// Which of a section's buffers makes 4096 sections cost more than one (issue 20, stop 53).
//
// section-blocks.c found that the bare chain pays 1.6x to 2x for 4096 sections when each
// section's outputs sit in a block of their own, and that the cost follows a jump of 1 KiB or more
// in the extents' stream. The engine's block for a 244-item section (SectionBufferLayout) holds
// more than extents: small arrays first (per checkpoint, every 32 items: the smallest height, the
// column heights, the columns' last items), then the extents (16 bytes an item), then the columns
// (2 bytes an item); about 4.9 KB, which jemalloc serves from its 5,120-byte class. This program
// writes all three per section, as the engine does, over the floor's C chain, with each buffer
// either in the section's 5,120-byte block or running across sections (31 interleaved rounds):
//
//   all across       the extents, the columns and the small arrays each in one array over all
//                    sections, one section's after the one before
//   engine blocks    everything in the section's block, 5,120 bytes apart (the engine today)
//   extents across   the extents across sections; the small arrays and the columns in blocks of
//                    their own size (1,080 bytes apart)
//   ext+col across   the extents and the columns across sections; the small arrays in blocks of
//                    1,080 bytes
//   small in 5 KB    the extents and the columns across sections; the small arrays left in
//                    5,120-byte blocks (what moving only the item buffers out of the block gives)
//
// Build and run from the repository root:
//   clang -O2 -I Sources/CValueChainFloor Results/experiments/section-streams.c -o /tmp/section-streams
//   /tmp/section-streams
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "CValueChainFloor.h"
#include "interleaved-rounds.h"

enum { ITEMS = 1000000, SECTIONS = 4096, COLUMNS = 4, ROUNDS = 31, WAYS = 5 };
static const long perSection = ITEMS / SECTIONS;  // 244
static const long smallBytes = 512;               // 8 checkpoints of 8 words
static const long engineBlock = 5120;             // jemalloc's class for the engine's ~4.9 KB block
static const long restBlock = 512 + 2 * 244 + 80; // small arrays and columns alone: 1,080 bytes

/// One section: the chain from level columns, then per item its extent (y, height) and its column,
/// and every 32 items a checkpoint (the smallest height, the column heights, the item).
__attribute__((noinline)) static void layOutSection(const double *restrict heights, double *restrict extents,
                                                    uint16_t *restrict columns, double *restrict small) {
    double y[ITEMS / SECTIONS + 1];
    double sorted[COLUMNS] = {0};
    masonry_sorted_chain(heights, perSection, 8, sorted, COLUMNS, y);
    for (long item = 0; item < perSection; item++) {
        extents[2 * item] = y[item];
        extents[2 * item + 1] = heights[item];
        columns[item] = (uint16_t)(item & 3);
        if ((item & 31) == 31) {
            double *checkpoint = small + (item >> 5) * 8;
            checkpoint[0] = y[item];
            for (int column = 0; column < COLUMNS; column++) checkpoint[1 + column] = sorted[column];
            checkpoint[5] = (double)item;
        }
    }
}

int main(void) {
    const long items = perSection * SECTIONS;
    double *heights = uniformHeights(items);
    double *extents = calloc(2 * items, sizeof(double));
    uint16_t *columns = calloc(items, sizeof(uint16_t));
    double *small = calloc(SECTIONS, smallBytes);
    char *blocks = calloc(SECTIONS, engineBlock);
    char *rest = calloc(SECTIONS, restBlock);
    double times[WAYS][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
        for (int turn = 0; turn < WAYS; turn++) {
            int way = (turn + round) % WAYS;  // each round in another order
            double start = nanoseconds();
            for (long section = 0; section < SECTIONS; section++) {
                const double *sectionHeights = heights + section * perSection;
                double *sectionExtents = extents + 2 * section * perSection;
                uint16_t *sectionColumns = columns + section * perSection;
                char *block = blocks + section * engineBlock, *restOfIt = rest + section * restBlock;
                switch (way) {
                case 0: layOutSection(sectionHeights, sectionExtents, sectionColumns, small + section * smallBytes / 8); break;
                case 1: layOutSection(sectionHeights, (double *)(block + smallBytes), (uint16_t *)(block + smallBytes + 16 * perSection),
                                      (double *)block); break;
                case 2: layOutSection(sectionHeights, sectionExtents, (uint16_t *)(restOfIt + smallBytes), (double *)restOfIt); break;
                case 3: layOutSection(sectionHeights, sectionExtents, sectionColumns, (double *)restOfIt); break;
                default: layOutSection(sectionHeights, sectionExtents, sectionColumns, (double *)block); break;
                }
            }
            __asm__ volatile("" ::: "memory");
            times[way][round] = (nanoseconds() - start) / items;
        }
    }
    double check = extents[2 * (items - 1)] + ((double *)(blocks + (SECTIONS - 1) * engineBlock + smallBytes))[0] + small[0];
    const char *names[WAYS] = {"all across", "engine blocks", "extents across", "ext+col across", "small in 5 KB"};
    reportWays(names, WAYS, &times[0][0], ROUNDS, SECTIONS, perSection, COLUMNS, check);
    return 0;
}
