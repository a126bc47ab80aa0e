// The process allocator's statistics and settings, read and written through jemalloc's `mallctl`.
import MasonrySupport

/// The process allocator's statistics and settings, read and written through jemalloc's `mallctl`.
///
/// `masonry bench` preloads jemalloc (Debian builds it unprefixed, so it replaces `malloc` for
/// every allocation of the process) and hands its `mallctl` in; nothing links it, so test
/// bundles stay free of it. Statistics are cached by jemalloc and refreshed by
/// writing `epoch`; the calling thread's cache is flushed first so that its contents count.
package struct Jemalloc: AllocatorStatistics {
    /// The signature of jemalloc's `mallctl(name, oldp, oldlenp, newp, newlen)`.
    package typealias Control = @convention(c) (
        UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
    ) -> Int32

    private let control: Control

    package init(mallctl: Control) {
        control = mallctl
    }

    private func mallctl(_ name: String, _ old: UnsafeMutableRawPointer?, _ oldLength: UnsafeMutablePointer<Int>?,
                         _ new: UnsafeMutableRawPointer?, _ newLength: Int) -> Int32 {
        control(name, old, oldLength, new, newLength)
    }

    /// The decay settings the harness runs with: freed pages are never returned to the system
    /// during a run, so a repetition reuses the pages the previous one freed instead of faulting
    /// them back in (which would time the kernel, not the engine).
    package static let decaySettings = "dirty_decay_ms:-1,muzzy_decay_ms:-1"

    /// `MALLOC_CONF` of the process whose instructions are counted: no thread-cache garbage
    /// collection (its event would come once per 1 TiB allocated or freed). jemalloc runs one
    /// every 64 KiB allocated or freed, on the cache bin next in turn, so what a region pays
    /// for it depends on everything the run did before: the optimized section delete's one free
    /// (its section's layout storage, which triggers it) cost 199 to 2,190 instructions in it,
    /// the delete's count moving by up to 2.1x between repetitions. A start-up option: no
    /// `mallctl` changes it.
    package static let countingConfiguration = "tcache_gc_incr_bytes:1099511627776"

    /// jemalloc's version string, such as `5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c`.
    package var version: String {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return "unknown" }
        return String(cString: pointer)
    }

    /// Applies `decaySettings` to every arena that exists and to those created later.
    package func applyDecaySettings() {
        var never = -1  // ssize_t
        _ = mallctl("arenas.dirty_decay_ms", nil, nil, &never, MemoryLayout<Int>.size)
        _ = mallctl("arenas.muzzy_decay_ms", nil, nil, &never, MemoryLayout<Int>.size)
        var arenas: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.narenas", &arenas, &size, nil, 0) == 0 else { return }
        for arena in 0..<arenas {
            // Arenas not yet initialized refuse the write; they take the defaults above.
            _ = mallctl("arena.\(arena).dirty_decay_ms", nil, nil, &never, MemoryLayout<Int>.size)
            _ = mallctl("arena.\(arena).muzzy_decay_ms", nil, nil, &never, MemoryLayout<Int>.size)
        }
    }

    /// Returns every arena's unused dirty pages to the system now. The harness calls it between
    /// benchmarks: with decay off, pages would otherwise pile up across a whole suite (8.7 GB
    /// peak for the standard suite), while within a benchmark's repetitions they are reused.
    package func purge() {
        _ = mallctl("arena.4096.purge", nil, nil, nil, 0)  // MALLCTL_ARENAS_ALL
    }

    /// The settings in force, as `name:value` pairs, for the result file.
    package var settings: String {
        ["opt.dirty_decay_ms", "opt.muzzy_decay_ms", "arenas.dirty_decay_ms", "arenas.muzzy_decay_ms", "opt.tcache_gc_incr_bytes"].map { name in
            var value = 0
            var size = MemoryLayout<Int>.size
            let read = mallctl(name, &value, &size, nil, 0) == 0
            return "\(name):\(read ? "\(value)" : "unavailable")"
        }.joined(separator: ",") + ",opt.narenas:\(readUInt32("opt.narenas").map(String.init) ?? "unavailable")"
    }

    /// Moves this thread's allocations to a new arena, its cache emptied, and returns every
    /// arena's unused pages (`purge`). What the thread allocates next comes from bins and
    /// extents that nothing before has touched, so its cost does not depend on what the process
    /// allocated earlier. Memory freed later goes back to the arena it came from. False when
    /// jemalloc refuses (it allows 4,095 arenas): the thread then stays where it was.
    @discardableResult
    package func moveToFreshArena() -> Bool {
        var arena: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.create", &arena, &size, nil, 0) == 0,
              mallctl("thread.arena", nil, nil, &arena, MemoryLayout<UInt32>.size) == 0 else { return false }
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
        purge()
        return true
    }

    /// Bytes allocated by the application now (`stats.allocated`), after flushing this thread's cache.
    package func allocatedBytes() -> Int? {
        refresh()
        var value = 0
        var size = MemoryLayout<Int>.size
        return mallctl("stats.allocated", &value, &size, nil, 0) == 0 ? value : nil
    }

    /// Allocation requests so far over all arenas: small plus large `nrequests` (`nmalloc`
    /// undercounts, as it misses requests served from thread caches).
    package func allocationRequests() -> UInt64? {
        refresh()
        // MALLCTL_ARENAS_ALL (4096) sums every arena.
        guard let small = readUInt64("stats.arenas.4096.small.nrequests"),
              let large = readUInt64("stats.arenas.4096.large.nrequests") else { return nil }
        return small + large
    }

    private func refresh() {
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
        var newEpoch: UInt64 = 1
        var oldEpoch: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        _ = mallctl("epoch", &oldEpoch, &size, &newEpoch, MemoryLayout<UInt64>.size)
    }

    private func readUInt64(_ name: String) -> UInt64? {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        return mallctl(name, &value, &size, nil, 0) == 0 ? value : nil
    }

    private func readUInt32(_ name: String) -> UInt32? {
        var value: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        return mallctl(name, &value, &size, nil, 0) == 0 ? value : nil
    }
}
