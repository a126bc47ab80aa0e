// What a run measures: wall and CPU time, or callgrind's instruction counts, and each one's limits.
import CCallgrind

/// What a run measures: wall and CPU time, or the instructions callgrind counts (deterministic).
package enum BenchmarkMetric: String, CaseIterable, Sendable {
    /// Wall and process CPU time: what users feel, noisy on a shared machine.
    case time
    /// Instructions executed in each measured region, counted by Valgrind's callgrind: the same on
    /// every run of the same build, so a gate can judge them by a threshold alone.
    case instructions

    /// The largest workload measured with this metric: callgrind runs a measured region a few
    /// hundred times slower than native (measured here: the reference engine's 1.8 ms prepare of
    /// 100K items takes 0.7 s, dump included), so instruction mode stops at 100K items (the smoke
    /// suite whole, and the standard suite's workloads up to 100K items).
    package var largestWorkload: Int? {
        switch self {
        case .time: nil
        case .instructions: 100_000
        }
    }

    /// Whether this build can count instructions: compiled with valgrind's headers.
    package static var instructionCountingIsBuiltIn: Bool { masonry_callgrind_available() != 0 }

    /// Whether this process runs under valgrind (its client requests then take effect).
    package static var isRunningUnderValgrind: Bool { masonry_running_on_valgrind() != 0 }
}
