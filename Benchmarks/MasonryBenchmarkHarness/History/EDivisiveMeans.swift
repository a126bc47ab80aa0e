// E-Divisive means: the change points of a noisy series (wall time), with a deterministic permutation test.
import MasonryWorkloads

/// The change points of a noisy series, such as a benchmark's median wall time commit after
/// commit: E-Divisive means (Matteson and James, "A Nonparametric Approach for Multiple Change
/// Point Analysis of Multivariate Data", JASA 2014), the method MongoDB's performance CI and
/// Hunter (now Apache Otava) run over their benchmark histories.
///
/// - The statistic: for a split of a segment into `X` (the first `m` points) and `Y` (the other
///   `k`), the energy distance with exponent 1, `Q = m·k/(m+k) · (2·mean|x−y| − mean|x−x'| −
///   mean|y−y'|)`: large when the two sides differ in level (or spread), whatever the noise's
///   distribution. No normality assumed: wall times are skewed and have outliers.
/// - Hierarchical: find the split with the largest `Q` over every current segment, test it,
///   and if it is significant split there and search both sides again; stop at the first split
///   that is not.
/// - The test: a permutation test, `permutations` shuffles of the segment (199: p can reach
///   0.005), each searched for its own best `Q`; p = (1 + shuffles at least as large) / (1 +
///   shuffles), significant when p < `alpha`. The shuffles come from SplitMix64 with a fixed
///   seed, so the same series gives the same change points on every run and platform (Hunter
///   fixes its seed for the same reason).
/// - A minimum segment length, `minimumSegment` points on each side of every split (3): a
///   single spike, one slow run on a shared machine, can never be a segment of its own, so it
///   is never a change point (what apache/otava#150 asks for).
/// - A magnitude filter: a change point stays only when the medians of the segments on its two
///   sides differ by more than `thresholdPercent` (5, the gate's wall-time threshold); the
///   smallest is dropped first and its neighbours merged, until every one left is large enough.
///   Significant is not the same as worth reading: long series make small shifts significant.
struct EDivisiveMeans: Sendable {
    var minimumSegment = 3
    var alpha = 0.05
    var permutations = 199
    var thresholdPercent = 5.0
    /// The permutations' seed: fixed, so that the output is a function of the input alone.
    var seed: UInt64 = 0x4D61_736F_6E72_7921

    /// The change points of `values`: the indices where a new segment starts, ascending.
    /// O(c·permutations·n²) for c change points found in n values.
    func changePoints(_ values: [Double]) -> [Int] {
        precondition(minimumSegment >= 2, "the energy statistic needs two points on each side")
        return keepingLargeChanges(significantSplits(values), in: values)
    }

    /// The significant splits, hierarchically, before the magnitude filter; ascending.
    func significantSplits(_ values: [Double]) -> [Int] {
        var random = SplitMix64(seed: seed)
        var segments = [0..<values.count]
        var splits: [Int] = []
        while true {
            var best: (segment: Int, split: Int, statistic: Double)?
            for (index, segment) in segments.enumerated() {
                guard let candidate = Self.bestSplit(Array(values[segment]), minimumSegment: minimumSegment),
                      candidate.statistic > best?.statistic ?? -.infinity else { continue }
                best = (index, segment.lowerBound + candidate.split, candidate.statistic)
            }
            guard let best else { break }
            let segment = segments[best.segment]
            guard isSignificant(Array(values[segment]), statistic: best.statistic, random: &random) else { break }
            segments.replaceSubrange(best.segment...best.segment,
                                     with: [segment.lowerBound..<best.split, best.split..<segment.upperBound])
            splits.append(best.split)
        }
        return splits.sorted()
    }

    /// The split of `values` with the largest energy statistic `Q`, each side at least
    /// `minimumSegment` long (the first on ties); nil when `values` is too short to split.
    /// O(n²): the three sums are updated as each point moves from the right side to the left.
    static func bestSplit(_ values: [Double], minimumSegment: Int) -> (split: Int, statistic: Double)? {
        let count = values.count
        guard count >= 2 * minimumSegment else { return nil }
        var withinRight = 0.0
        for i in 0..<count { for j in (i + 1)..<count { withinRight += abs(values[i] - values[j]) } }
        var withinLeft = 0.0, across = 0.0
        var best: (split: Int, statistic: Double)?
        for moved in 0..<(count - minimumSegment) {
            var toLeft = 0.0, toRight = 0.0
            for i in 0..<moved { toLeft += abs(values[i] - values[moved]) }
            for j in (moved + 1)..<count { toRight += abs(values[j] - values[moved]) }
            withinLeft += toLeft
            withinRight -= toRight
            across += toRight - toLeft
            let split = moved + 1
            guard split >= minimumSegment else { continue }
            let m = Double(split), k = Double(count - split)
            let energy = 2 * across / (m * k) - withinLeft / (m * (m - 1) / 2) - withinRight / (k * (k - 1) / 2)
            let statistic = m * k / (m + k) * energy
            if statistic > best?.statistic ?? -.infinity { best = (split, statistic) }
        }
        return best
    }

    /// Whether `statistic`, the best split's of `values`, beats the best splits of shuffles of
    /// `values` often enough: p < alpha. Stops as soon as p can no longer get below alpha.
    /// O(permutations·n²).
    func isSignificant(_ values: [Double], statistic: Double, random: inout SplitMix64) -> Bool {
        let allowed = alpha * Double(permutations + 1) - 1
        var atLeastAsLarge = 0.0
        var shuffled = values
        for _ in 0..<permutations {
            // Fisher-Yates with the generator's own draws, not `shuffle(using:)`, whose algorithm
            // Swift may change: the same seed must give the same shuffles everywhere.
            for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
            }
            if let shuffledBest = Self.bestSplit(shuffled, minimumSegment: minimumSegment), shuffledBest.statistic >= statistic {
                atLeastAsLarge += 1
                if atLeastAsLarge >= allowed { return false }
            }
        }
        return atLeastAsLarge < allowed
    }

    /// `splits` without those whose neighbouring segments' medians differ by `thresholdPercent`
    /// or less, the smallest change dropped first. O(c²·n log n).
    func keepingLargeChanges(_ splits: [Int], in values: [Double]) -> [Int] {
        var kept = splits
        while !kept.isEmpty {
            let changes = Self.segmentMedians(around: kept, in: values).map { abs(Comparison.changePercent($0.before, $0.after)) }
            let smallest = changes.indices.min { changes[$0] < changes[$1] }!
            guard changes[smallest] <= thresholdPercent else { break }
            kept.remove(at: smallest)
        }
        return kept
    }

    /// For each split (ascending), the medians of the segments just before and just after it.
    /// O(n log n).
    static func segmentMedians(around splits: [Int], in values: [Double]) -> [(before: Double, after: Double)] {
        let bounds = [0] + splits + [values.count]
        let medians = zip(bounds, bounds.dropFirst()).map { SampleStatistics(Array(values[$0..<$1])).median }
        return splits.indices.map { (medians[$0], medians[$0 + 1]) }
    }
}
