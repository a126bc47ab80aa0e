// Item counts and update indices at the optimized engine's checkpoint boundaries.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// Checkpoint intervals a section with `columns` columns may have: the optimized engine's
    /// own first (`VerificationHooks.checkpointInterval(columns:)`: the engine tells it, so it is
    /// never restated here), then the powers of two and multiples of the column count an interval
    /// is likely to be, so that the boundaries stay covered when the engine's rule changes.
    public static func checkpointIntervals(columns: Int) -> [Int] {
        let engine = VerificationHooks.checkpointInterval(columns: columns)
        return [engine] + [32, 64, 128, 256, 8 * columns, 32 * columns].filter { $0 != engine && $0 >= 8 }
    }

    /// An item count of k·K - 1, k·K or k·K + 1 for a checkpoint interval K of `columns` columns
    /// (the engine's own most of the time), k mostly 1, with k·K at most `maximum` (else an
    /// ordinary count up to `maximum`).
    public mutating func boundaryCount(columns: Int, maximum: Int) -> Int {
        let intervals = Self.checkpointIntervals(columns: columns).filter { $0 <= maximum }
        guard !intervals.isEmpty else { return integer(0...maximum) }
        let interval = chance(0.6) ? intervals[0] : pick(intervals)
        let multiple = max(1, min(pick([1, 1, 1, 2, 3]), maximum / interval))
        return max(0, multiple * interval + integer(-1...1))
    }

    /// Indices at checkpoint boundaries (k·K - 1, k·K, k·K + 1, every interval of
    /// `checkpointIntervals`) within `0...count`.
    public static func boundaryIndices(columns: Int, count: Int) -> [Int] {
        var indices: Set<Int> = []
        for interval in checkpointIntervals(columns: columns) {
            var boundary = interval
            while boundary <= count + 1, indices.count < 64 {
                for index in (boundary - 1)...(boundary + 1) where (0...count).contains(index) { indices.insert(index) }
                boundary += interval
            }
        }
        return indices.sorted()
    }
}
