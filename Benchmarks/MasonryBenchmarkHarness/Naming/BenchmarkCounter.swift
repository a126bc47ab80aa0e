// The counters of a result file's entries (Google Benchmark's user counters), by name.
/// The counters of a result file's entries (Google Benchmark's user counters), by name: what the
/// harness writes and what the summary, the chart and the gate read.
public enum BenchmarkCounter: String, CaseIterable, Sendable {
    /// Nanoseconds per item of a prepare or an append.
    case nsPerItem = "ns_per_item"
    /// Callgrind's instruction count of one run of the measured region (per call for queries and lookups).
    case instructions
    /// Instructions per item, for prepare and append.
    case instructionsPerItem = "instructions_per_item"
    /// Bytes jemalloc holds per item after a fresh prepare.
    case bytesPerItem = "bytes_per_item"
    /// Allocation requests during a fresh prepare.
    case mallocs
    /// Elements a query returned, on average.
    case hits
    /// Query latency percentiles and maximum, in nanoseconds.
    case p50 = "p50_ns", p90 = "p90_ns", p99 = "p99_ns", max = "max_ns"

    /// The counters a gate compares exactly (deterministic on one build).
    public static let exact: [BenchmarkCounter] = [.instructions, .mallocs, .bytesPerItem]
}
