#include "CCallgrind.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

int masonry_callgrind_available(void) { return 1; }

int masonry_running_on_valgrind(void) { return RUNNING_ON_VALGRIND; }

void masonry_callgrind_begin(void) {
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
}

void masonry_callgrind_end(void) { CALLGRIND_STOP_INSTRUMENTATION; }

void masonry_callgrind_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

#else
// Built without valgrind's headers (macOS, or valgrind not installed): the tool reports that
// instruction counts need valgrind instead of measuring nothing.
int masonry_callgrind_available(void) { return 0; }

int masonry_running_on_valgrind(void) { return 0; }

void masonry_callgrind_begin(void) {}

void masonry_callgrind_end(void) {}

void masonry_callgrind_dump(const char *name) { (void)name; }
#endif
