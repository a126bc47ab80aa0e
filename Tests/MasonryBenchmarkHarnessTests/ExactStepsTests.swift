// Tests of the change points of exact series (instruction counts): every step beyond the threshold, exactly there.
@testable import MasonryBenchmarkHarness
import Testing

/// Exact series change exactly where a step beyond the threshold is, and nowhere else.
@Suite struct ExactStepsTests {
    @Test func aKnownStepIsFoundAtItsCommit() {
        let values: [Double] = [1_000_000, 1_000_000, 1_000_000, 1_100_000, 1_100_000, 1_100_000]
        #expect(ExactSteps.changePoints(values, thresholdPercent: 1) == [3])
    }

    @Test func aFlatSeriesHasNoChangePoint() {
        #expect(ExactSteps.changePoints(Array(repeating: 42_000, count: 20), thresholdPercent: 1).isEmpty)
        #expect(ExactSteps.changePoints([42_000], thresholdPercent: 1).isEmpty)
        #expect(ExactSteps.changePoints([], thresholdPercent: 1).isEmpty)
    }

    /// A step counts when it is more than the threshold, either way; from 0, any step counts.
    @Test(arguments: [
        ([1_000_000, 1_009_999], 1, []),
        ([1_000_000, 1_010_001], 1, [1]),
        ([1_000_000, 989_999], 1, [1]),
        ([1_000_000, 1_040_000], 5, []),
        ([1_000_000, 1_060_000, 1_060_000, 1_000_000], 5, [1, 3]),
        ([0, 0, 10], 1, [2]),
        ([100, 101, 102, 103], 1.5, []),
    ] as [([Double], Double, [Int])])
    func theThresholdIsRespected(values: [Double], threshold: Double, expected: [Int]) {
        #expect(ExactSteps.changePoints(values, thresholdPercent: threshold) == expected)
    }
}
