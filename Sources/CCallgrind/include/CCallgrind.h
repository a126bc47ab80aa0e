// Callgrind's client requests (Debian's `valgrind` package, <valgrind/callgrind.h>) as plain C
// functions: the requests are inline assembly macros, which Swift cannot call. Outside valgrind
// every request is a no-op costing a few instructions. Used by the benchmark harness's
// instruction-count mode only; the engine library never links it.
#ifndef MASONRY_CCALLGRIND_H
#define MASONRY_CCALLGRIND_H

/// 1 when this file was compiled with valgrind's headers, so the requests below do something.
int masonry_callgrind_available(void);

/// Non-zero when the process runs under valgrind (RUNNING_ON_VALGRIND).
int masonry_running_on_valgrind(void);

/// Starts a measured region: CALLGRIND_ZERO_STATS, then CALLGRIND_START_INSTRUMENTATION.
void masonry_callgrind_begin(void);

/// Ends a measured region: CALLGRIND_STOP_INSTRUMENTATION.
void masonry_callgrind_end(void);

/// CALLGRIND_DUMP_STATS_AT(name): writes the counts since the last zeroing to the next profile
/// file (`--callgrind-out-file` with `.1`, `.2`, … appended), before returning.
void masonry_callgrind_dump(const char *name);

#endif
