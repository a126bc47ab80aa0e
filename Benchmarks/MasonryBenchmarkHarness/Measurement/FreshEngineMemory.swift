// What building a fresh engine retains and how many allocations it requests, past the process's first-use costs.
import MasonryLayout

/// The memory counters of building an engine from a description: `bytes_per_item` (bytes the
/// engine retains per item) and `mallocs` (allocation requests while it is built), read from
/// jemalloc's statistics around the build (empty without jemalloc).
///
/// An engine of the same type is built from the same description once before the one that is
/// measured and thrown away: the first build of a kind in a process also pays the Swift
/// runtime's one-time work (generic metadata and conformance caches, each allocated once), which
/// an app pays once, not per layout. Measured here: the first optimized prepare of a run took
/// 17 to 19 allocation requests whatever its size (1,000 or 100,000 items) and every later one 7,
/// so the memory table charged whichever benchmark ran first, and the small-layout row looked
/// like a fixed cost of small layouts. O(one more build).
enum FreshEngineMemory {
    /// Builds `Engine` from `description` on `threads` threads, and its counters.
    static func build<Engine: MeasurableEngine>(
        _: Engine.Type, _ description: LayoutDescription, threads: Int, jemalloc: Jemalloc?
    ) -> (engine: Engine, counters: [String: Double]) {
        blackHole(Engine(description, threads: threads))
        let bytesBefore = jemalloc?.allocatedBytes()
        let requestsBefore = jemalloc?.allocationRequests()
        let engine = Engine(description, threads: threads)
        let bytesAfter = jemalloc?.allocatedBytes()
        let requestsAfter = jemalloc?.allocationRequests()
        var counters: [String: Double] = [:]
        if let bytesBefore, let bytesAfter {
            counters[BenchmarkCounter.bytesPerItem.rawValue] = Double(bytesAfter - bytesBefore) / Double(max(1, description.itemCount))
        }
        if let requestsBefore, let requestsAfter { counters[BenchmarkCounter.mallocs.rawValue] = Double(requestsAfter - requestsBefore) }
        return (engine, counters)
    }
}
