#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds (`CLOCK_MONOTONIC`), read directly to keep the timer's own cost
/// (tens of nanoseconds) small next to sub-microsecond queries.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Nanoseconds `body` takes.
@inline(__always)
func measure(_ body: () -> Void) -> Double {
    let start = monotonicNanoseconds()
    body()
    return Double(monotonicNanoseconds() - start)
}

/// The value at quantile `q` (0...1) of already sorted samples (nearest rank).
func quantile(_ sorted: [Double], _ q: Double) -> Double {
    sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - (q == 0 ? 0 : 1))]
}

func median(_ samples: [Double]) -> Double {
    quantile(samples.sorted(), 0.5)
}

/// Keeps a value alive and opaque to the optimizer, so measured work is not removed.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
