// What the experiments share: their heights, a monotonic clock, and the report of ways timed in rounds.
#ifndef MASONRY_EXPERIMENTS_INTERLEAVED_ROUNDS_H
#define MASONRY_EXPERIMENTS_INTERLEAVED_ROUNDS_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/// `count` uniform whole heights, 100 to 249, the same in every experiment (`srand(1)`).
static inline double *uniformHeights(long count) {
    double *heights = malloc(sizeof(double) * count);
    srand(1);
    for (long item = 0; item < count; item++) heights[item] = 100 + rand() % 150;
    return heights;
}

/// The monotonic clock, in nanoseconds.
static inline double nanoseconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e9 + time.tv_nsec;
}

/// The median of `count` values, which it sorts in place.
static inline double median(double *values, int count) {
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++)
            if (values[j] < values[i]) { double swap = values[i]; values[i] = values[j]; values[j] = swap; }
    return values[count / 2];
}

/// Prints each way's median ns an item (`times`: `ways` rows of `rounds`), its ratio to the first
/// way's, and the difference in ns a section of `perSection` items.
static inline void reportWays(const char *const *names, int ways, double *times, int rounds, int sections, long perSection,
                              int columns, double check) {
    printf("%d sections of %ld items, %d columns, median of %d interleaved rounds (check %.0f)\n", sections, perSection, columns,
           rounds, check);
    double base = median(times, rounds);
    for (int way = 0; way < ways; way++) {
        double value = way == 0 ? base : median(times + way * rounds, rounds);
        printf("%-15s %6.3f ns/item  %5.2fx  %+6.0f ns a section\n", names[way], value, value / base, (value - base) * perSection);
    }
}

#endif
