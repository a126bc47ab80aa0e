// AllocatorStatistics: the process allocator's counters and controls, as the benchmarks use them.

/// The process's allocator when it can be asked about its memory (jemalloc, through `mallctl`):
/// the command line hands it to the benchmarks without knowing which allocator it is.
public protocol AllocatorStatistics: Sendable {
    /// The allocator's version.
    var version: String { get }
    /// The settings in force, as the result files record them.
    var settings: String { get }
    /// Keeps freed pages with the allocator, so that measured regions do not pay for returning them.
    func applyDecaySettings()
    /// Returns the freed pages to the system now.
    func purge()
    /// Bytes allocated and not freed, or nil when the allocator cannot say.
    func allocatedBytes() -> Int?
    /// Allocations requested so far, or nil when the allocator cannot say.
    func allocationRequests() -> UInt64?
}
