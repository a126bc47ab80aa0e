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
