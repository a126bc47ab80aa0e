// The Wilcoxon signed-rank test and the Hodges-Lehmann confidence interval of paired differences.
import Foundation

/// The Wilcoxon signed-rank test on paired differences, and the exact confidence interval of
/// their pseudo-median (the Hodges-Lehmann estimate: the median of the Walsh averages
/// `(d_i + d_j) / 2`, i <= j), as R's `wilcox.test(d, conf.int = TRUE)` computes it for small
/// samples without ties.
///
/// `Scripts/ab` uses it on the per-round log ratios HEAD/BASE: distribution-free (assuming only
/// a symmetric distribution of the paired differences), robust to a round hit by a burst of load,
/// and exact for the few rounds a CI job can afford.
package enum WilcoxonSignedRank {
    /// The pseudo-median's estimate and confidence interval.
    package struct Interval: Sendable, Equatable {
        package var estimate: Double
        package var lower: Double
        package var upper: Double
        /// The confidence actually achieved (the distribution is discrete): at least the one asked for.
        package var confidence: Double
    }

    /// The largest sample the exact distribution is computed for (O(n^3) work).
    package static let largestExactSample = 1000

    /// P(T <= t) for t = 0 ... n(n+1)/2, where T is the sum of the ranks of the positive
    /// differences among n, under the null hypothesis (each sign equally likely). O(n^3).
    package static func cumulativeDistribution(_ n: Int) -> [Double] {
        precondition((0...largestExactSample).contains(n), "signed-rank distribution of \(n) values")
        let total = n * (n + 1) / 2
        // counts[t]: subsets of {1, ..., k} summing to t, scaled by 1/2 per rank added so that
        // the values stay probabilities (2^1000 would overflow a Double).
        var counts = [Double](repeating: 0, count: total + 1)
        counts[0] = 1
        var reach = 0
        for rank in stride(from: 1, through: n, by: 1) {
            reach += rank
            for sum in stride(from: reach, through: rank, by: -1) { counts[sum] = (counts[sum] + counts[sum - rank]) / 2 }
            for sum in stride(from: min(rank - 1, reach), through: 0, by: -1) { counts[sum] /= 2 }
        }
        var cumulative = counts
        for sum in cumulative.indices.dropFirst() { cumulative[sum] += cumulative[sum - 1] }
        return cumulative
    }

    /// V, the sum of the ranks of the positive differences (zeros dropped, ties given mean ranks).
    package static func statistic(_ differences: [Double]) -> Double {
        let nonZero = differences.filter { $0 != 0 }.sorted { abs($0) < abs($1) }
        var sum = 0.0
        var start = 0
        while start < nonZero.count {
            var end = start
            while end + 1 < nonZero.count, abs(nonZero[end + 1]) == abs(nonZero[start]) { end += 1 }
            let rank = Double(start + end + 2) / 2
            sum += rank * Double(nonZero[start...end].count { $0 > 0 })
            start = end + 1
        }
        return sum
    }

    /// The one-sided p-value P(V >= v) that the differences are centred above zero (exact).
    package static func pValueGreater(_ differences: [Double]) -> Double {
        let n = differences.count { $0 != 0 }
        guard n > 0 else { return 1 }
        let v = statistic(differences)
        let cumulative = cumulativeDistribution(n)
        // P(V >= v) = P(V <= n(n+1)/2 - v) by symmetry.
        let mirrored = Int((Double(n * (n + 1) / 2) - v).rounded(.down))
        return mirrored < 0 ? 0 : min(1, cumulative[min(mirrored, cumulative.count - 1)])
    }

    /// The Hodges-Lehmann estimate and the exact confidence interval at `confidence` (such as
    /// 0.95): `[W_(k), W_(M+1-k)]` among the M sorted Walsh averages, with k the smallest rank
    /// whose tail holds (1 - confidence) / 2, as R's `qsignrank`. Nil when the sample is too small
    /// for that confidence (fewer than 6 values at 0.95). O(n^2 log n).
    package static func confidenceInterval(_ differences: [Double], confidence: Double) -> Interval? {
        let n = differences.count
        guard n > 0, n <= largestExactSample else { return nil }
        let cumulative = cumulativeDistribution(n)
        // R: k = qsignrank(alpha / 2, n), at least 1; the interval's confidence is then
        // 1 - 2 P(T <= k - 1), which for too few values falls short of the one asked for.
        let tail = (1 - confidence) / 2
        guard let quantile = cumulative.firstIndex(where: { $0 >= tail }) else { return nil }
        let k = max(quantile, 1)
        let achieved = 1 - 2 * cumulative[k - 1]
        guard achieved >= confidence - 1e-12 else { return nil }
        var walsh: [Double] = []
        walsh.reserveCapacity(n * (n + 1) / 2)
        for i in 0..<n {
            for j in i..<n { walsh.append((differences[i] + differences[j]) / 2) }
        }
        walsh.sort()
        let m = walsh.count
        let estimate = m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2
        return Interval(estimate: estimate, lower: walsh[k - 1], upper: walsh[m - k], confidence: achieved)
    }
}
