// The change points of an exact metric's series (instruction counts): every step beyond a threshold.

/// The change points of an exact metric's series, such as callgrind's instruction counts: the
/// same build counts the same instructions on every run, so a series moves only where a commit
/// moved it, and every step between consecutive points beyond the threshold is a change point,
/// at exactly that point. No statistics: there is no noise to see through (the gate judges
/// instruction counts the same way, `--instructions-threshold`).
enum ExactSteps {
    /// The indices `i` (from 1) where `values[i]` differs from `values[i - 1]` by more than
    /// `thresholdPercent` percent of `values[i - 1]` (any change at all from 0). O(n).
    static func changePoints(_ values: [Double], thresholdPercent: Double) -> [Int] {
        values.indices.dropFirst().filter { index in
            abs(Comparison.changePercent(values[index - 1], values[index])) > thresholdPercent
        }
    }
}
