// jemalloc (Debian's libjemalloc-dev): linked into the benchmark harness and the `masonry` tool so
// that all their allocations go through it, for `mallctl`'s statistics (bytes allocated,
// allocation requests) and deliberate decay settings. The engine library never links it.
#include <jemalloc/jemalloc.h>
