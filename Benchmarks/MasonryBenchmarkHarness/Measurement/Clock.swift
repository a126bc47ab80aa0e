// Wall and process CPU time via `clock_gettime`, peak resident memory, and `blackHole`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic wall time and process CPU time, in nanoseconds, read with `clock_gettime`
/// directly: the clock's own cost (tens of nanoseconds) must stay small next to what it times.
enum Clock {
    @inline(__always)
    static func wall() -> Double { read(CLOCK_MONOTONIC) }

    /// CPU time of every thread of the process.
    @inline(__always)
    static func cpu() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// `body`'s wall and process CPU time, in nanoseconds. The CPU clock is read outside the
    /// wall clock's pair: it is a system call (760 to 970 ns here, against 22 to 43 for the wall
    /// clock's vDSO read). Inside the pair, as the prepares, updates and the floor had it until
    /// stop 53, it was in each of their wall times: a 1,000-item prepare measured 1.32 times a
    /// 100K-item one per item, and 1.04 times without it (`masonry ab` of the two harnesses, 16
    /// rounds; the engine unchanged).
    @inline(__always)
    static func time(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        time(wall: wall, cpu: cpu, body)
    }

    /// `time(_:)` with the clocks given, for a test to see the order of the reads.
    @inline(__always)
    static func time(wall: () -> Double, cpu: () -> Double, _ body: () -> Void) -> (wall: Double, cpu: Double) {
        let cpuStart = cpu()
        let wallStart = wall()
        body()
        let wallEnd = wall()
        return (wallEnd - wallStart, cpu() - cpuStart)
    }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    /// The process's peak resident memory so far, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }
}

/// Keeps a value alive and opaque to the optimizer, so measured work is not removed.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
