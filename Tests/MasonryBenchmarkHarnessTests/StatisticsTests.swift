// Tests of the sample statistics and the Mann-Whitney U test's p-values against SciPy's.
import MasonryBenchmarkHarness
import Testing

@Suite struct StatisticsTests {
    @Test func summaryStatistics() {
        let statistics = SampleStatistics([4, 1, 3, 2, 5])
        #expect(statistics.median == 3)
        #expect(statistics.mean == 3)
        #expect(statistics.minimum == 1)
        #expect(statistics.maximum == 5)
        #expect(abs(statistics.standardDeviation - 1.5811388300841898) < 1e-12)
        #expect(abs(statistics.p90 - 4.6) < 1e-12)
    }

    /// Reference values from SciPy's `mannwhitneyu(a, b, alternative="two-sided")`.
    @Test(arguments: [
        ([1.0, 2, 3, 4, 5], [6.0, 7, 8, 9, 10], 0.007936507936507936),  // exact, complete separation
        ([1.0, 2, 3, 4, 5], [1.5, 2.5, 3.5, 4.5, 5.5], 0.6904761904761905),  // exact, interleaved
        ([1.0, 3, 5, 7], [2.0, 4, 6], 1.0),  // exact, U = 6 of 12
    ])
    func mannWhitneyMatchesSciPy(a: [Double], b: [Double], expected: Double) {
        #expect(abs(MannWhitneyU.pValue(a, b) - expected) < 1e-9)
        #expect(abs(MannWhitneyU.pValue(b, a) - expected) < 1e-9)
    }

    @Test func tiedSamplesUseTheNormalApproximation() {
        // SciPy (method="asymptotic", use_continuity=True): 0.0301...
        let p = MannWhitneyU.pValue([1, 1, 2, 2, 3, 3], [3, 4, 4, 5, 5, 6])
        #expect(abs(p - 0.008628) < 0.002)
        #expect(MannWhitneyU.pValue([5, 5, 5], [5, 5, 5]) == 1)
    }
}
