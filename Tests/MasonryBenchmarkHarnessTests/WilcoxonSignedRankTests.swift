// Tests of the Wilcoxon signed-rank distribution and Hodges-Lehmann interval against published values.
import Foundation
import MasonryBenchmarkHarness
import Testing

/// The signed-rank distribution, statistic and Hodges-Lehmann interval against published values
/// and an independent brute-force enumeration (Python: every sign pattern, every Walsh average).
@Suite struct WilcoxonSignedRankTests {
    /// Hollander and Wolfe's depression-scale data (R's `?wilcox.test` example): x - y.
    static let depression = zip([1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30],
                                [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]).map { $0 - $1 }

    @Test func theNullDistributionCountsSignPatterns() {
        // n = 9: 1, 1, 1, 2, 2, 3 sign patterns (of 512) have T = 0 ... 5.
        let nine = WilcoxonSignedRank.cumulativeDistribution(9)
        #expect(Array(nine.prefix(6)) == [1, 2, 3, 5, 7, 10].map { $0 / 512.0 })
        #expect(nine.last == 1)
        let six: [Double] = [1, 2, 3].map { $0 / 64 }
        #expect(Array(WilcoxonSignedRank.cumulativeDistribution(6).prefix(3)) == six)
        // Symmetric about n(n+1)/4 and a probability distribution even where 2^n overflows an integer.
        let large = WilcoxonSignedRank.cumulativeDistribution(200)
        #expect(abs(large[10050] - 0.5) < 0.01)
        #expect(abs(large.last! - 1) < 1e-9)
    }

    /// R: `wilcox.test(x, y, paired = TRUE, alternative = "greater")` gives V = 40, p = 0.01953.
    @Test func theDepressionExampleMatchesR() {
        #expect(WilcoxonSignedRank.statistic(Self.depression) == 40)
        #expect(abs(WilcoxonSignedRank.pValueGreater(Self.depression) - 0.01953125) < 1e-12)
    }

    /// Hodges-Lehmann estimate 0.46 (Hollander and Wolfe); intervals by brute force.
    @Test(arguments: [
        (0.95, 0.46, 0.01, 0.786, 0.9609375),
        (0.90, 0.46, 0.175, 0.726, 0.90234375),
    ])
    func theIntervalOfTheDepressionExample(confidence: Double, estimate: Double, lower: Double, upper: Double, achieved: Double) throws {
        let interval = try #require(WilcoxonSignedRank.confidenceInterval(Self.depression, confidence: confidence))
        #expect(abs(interval.estimate - estimate) < 1e-9)
        #expect(abs(interval.lower - lower) < 1e-9)
        #expect(abs(interval.upper - upper) < 1e-9)
        #expect(interval.confidence == achieved)
    }

    @Test func tenLogRatiosAt95And99Percent() throws {
        let logRatios = [0.01, -0.02, 0.03, 0.015, 0.005, -0.01, 0.02, 0.0, 0.012, 0.007]
        let at95 = try #require(WilcoxonSignedRank.confidenceInterval(logRatios, confidence: 0.95))
        #expect(abs(at95.estimate - 0.0075) < 1e-12 && abs(at95.lower + 0.004) < 1e-12 && abs(at95.upper - 0.0175) < 1e-12)
        #expect(at95.confidence == 0.951171875)
        let at99 = try #require(WilcoxonSignedRank.confidenceInterval(logRatios, confidence: 0.99))
        #expect(abs(at99.lower + 0.01) < 1e-12 && abs(at99.upper - 0.021) < 1e-12)
    }

    /// Five values cannot give 95% (the widest interval, min to max, has 93.75%); six can (96.9%).
    @Test func tooFewValuesGiveNoInterval() throws {
        #expect(WilcoxonSignedRank.confidenceInterval([0.1, 0.2, 0.3, 0.4, 0.5], confidence: 0.95) == nil)
        let six = try #require(WilcoxonSignedRank.confidenceInterval([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], confidence: 0.95))
        #expect(six.lower == 0.1 && six.upper == 0.6 && six.confidence == 1 - 2 / 64.0)
        #expect(WilcoxonSignedRank.confidenceInterval([], confidence: 0.95) == nil)
    }
}
