// Summary statistics of a sample of measurements, and the two-sided Mann-Whitney U test.
import Foundation

/// Summary statistics of a sample of measurements.
package struct SampleStatistics: Sendable, Equatable {
    package let count: Int
    package let mean: Double
    package let median: Double
    /// Sample standard deviation (n - 1); 0 for a single value.
    package let standardDeviation: Double
    package let minimum: Double
    package let maximum: Double
    package let p90: Double
    package let p99: Double

    /// Summarizes `samples` (at least one). O(n log n).
    package init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "statistics of no samples")
        let sorted = samples.sorted()
        count = sorted.count
        mean = sorted.reduce(0, +) / Double(count)
        median = Self.quantile(sorted, 0.5)
        let average = mean
        let squares = sorted.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        standardDeviation = count > 1 ? (squares / Double(count - 1)).squareRoot() : 0
        minimum = sorted[0]
        maximum = sorted[count - 1]
        p90 = Self.quantile(sorted, 0.9)
        p99 = Self.quantile(sorted, 0.99)
    }

    /// The `q` quantile of sorted values, interpolating linearly between ranks (type 7, as R and NumPy default).
    package static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}

/// The two-sided Mann-Whitney U test: do two samples come from the same distribution?
///
/// Exact for small samples without ties (the usual case for a handful of repetitions: five
/// against five can reach p = 0.008), a normal approximation with tie and continuity
/// corrections otherwise.
package enum MannWhitneyU {
    /// The two-sided p-value for samples `a` and `b` (each non-empty).
    package static func pValue(_ a: [Double], _ b: [Double]) -> Double {
        let m = a.count, n = b.count
        precondition(m > 0 && n > 0, "Mann-Whitney U of an empty sample")
        let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieCorrection = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end + 2) / 2  // ranks are 1-based
            for index in start...end { ranks[index] = rank }
            let ties = Double(end - start + 1)
            tieCorrection += ties * ties * ties - ties
            start = end + 1
        }
        let rankSumA = zip(pooled, ranks).filter { $0.0.1 == 0 }.reduce(0) { $0 + $1.1 }
        let uA = rankSumA - Double(m * (m + 1)) / 2
        let uSmall = min(uA, Double(m * n) - uA)
        if tieCorrection == 0, m + n <= 40 {
            return min(1, 2 * exactLowerTail(Int(uSmall.rounded()), m, n))
        }
        let total = Double(m + n)
        let variance = Double(m * n) / 12 * ((total + 1) - tieCorrection / (total * (total - 1)))
        guard variance > 0 else { return 1 }
        let z = max(0, abs(uA - Double(m * n) / 2) - 0.5) / variance.squareRoot()
        return min(1, erfc(z / 2.0.squareRoot()))
    }

    /// P(U <= u) for sizes m and n under the null hypothesis, by counting arrangements:
    /// c(m, n, u) = c(m - 1, n, u - n) + c(m, n - 1, u).
    private static func exactLowerTail(_ u: Int, _ m: Int, _ n: Int) -> Double {
        // counts[i][j][k]: arrangements of i and j values with U = k; built up one size at a time.
        var counts = [[[Double]]](repeating: [[Double]](repeating: [], count: n + 1), count: m + 1)
        for i in 0...m {
            for j in 0...n {
                var row = [Double](repeating: 0, count: i * j + 1)
                if i == 0 || j == 0 {
                    row[0] = 1
                } else {
                    for k in 0...(i * j) {
                        let fromA = k - j >= 0 && k - j < counts[i - 1][j].count ? counts[i - 1][j][k - j] : 0
                        let fromB = k < counts[i][j - 1].count ? counts[i][j - 1][k] : 0
                        row[k] = fromA + fromB
                    }
                }
                counts[i][j] = row
            }
        }
        let distribution = counts[m][n]
        let total = distribution.reduce(0, +)
        return distribution.prefix(u + 1).reduce(0, +) / total
    }
}
