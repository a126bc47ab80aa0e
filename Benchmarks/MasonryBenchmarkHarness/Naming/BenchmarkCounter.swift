// The counters of a result file's entries (Google Benchmark's user counters), by name.
/// The counters of a result file's entries (Google Benchmark's user counters), by name: what the
/// harness writes and what the summary, the chart and the gate read.
package enum BenchmarkCounter: String, CaseIterable, Sendable {
    /// Nanoseconds per item of a prepare or an append (of a floor: the Swift chain's).
    case nsPerItem = "ns_per_item"
    /// A shortest-column floor's C build of the same chain (`CValueChain`), nanoseconds per
    /// item, timed in the same repetitions as the Swift floor's `ns_per_item`.
    case cNsPerItem = "c_ns_per_item"
    /// Callgrind's instruction count of one run of the measured region (per call for queries and lookups).
    case instructions
    /// Instructions per item, for prepare and append.
    case instructionsPerItem = "instructions_per_item"
    /// Bytes jemalloc holds per item after a fresh prepare (for a session, of the engine it
    /// starts from, every item unmeasured).
    case bytesPerItem = "bytes_per_item"
    /// Allocation requests during a fresh prepare.
    case mallocs
    /// Elements a query returned, on average.
    case hits
    /// Query latency (per frame for a session) percentiles and maximum, in nanoseconds.
    case p50 = "p50_ns", p90 = "p90_ns", p99 = "p99_ns", max = "max_ns"
    /// Frames a session benchmark measured (the reference and peer engines run fewer).
    case frames
    /// A session's frames that took over 8.33 ms, one frame at 120 Hz (time mode).
    case framesOverBudget = "frames_over_budget"
    /// The index of a session's slowest frame (0: the first, cold one), in time mode.
    case slowestFrame = "slowest_frame"
    /// A session's per-frame process CPU time: p50, p99 and maximum, in nanoseconds (time mode).
    case cpuP50 = "cpu_p50_ns", cpuP99 = "cpu_p99_ns", cpuMax = "cpu_max_ns"
    /// A session's updates per frame, on average (one per contiguous run measured).
    case updatesPerFrame = "updates_per_frame"
    /// The 99th percentile over a session's frames of the items from each of the frame's
    /// updates to the section's end, summed: what a reflow re-places.
    case suffixItemsP99 = "suffix_items_p99"
    /// An estimated `reflow` session's yardstick: `suffix_items_p99` items re-placed at the engine's own
    /// prepare speed, measured after the frames (the best of three fresh prepares of its final
    /// description, per item); nanoseconds, or instructions in instruction mode.
    case suffixReplaceP99 = "suffix_replace_p99"
    /// An estimated `keepColumns` session's floor: its `suffix_items_p99` last items re-stacked
    /// in their columns by the column-height chain alone (`RestackFloor.chain`), measured after
    /// the frames; nanoseconds, time mode only.
    case restackChainP99 = "restack_chain_p99"
    /// The same re-stack writing each item's extent as the engine stores it (`RestackFloor.restack`).
    case restackFloorP99 = "restack_floor_p99"

    /// The counters a gate compares exactly (deterministic on one build).
    package static let exact: [BenchmarkCounter] = [.instructions, .mallocs, .bytesPerItem]
}
