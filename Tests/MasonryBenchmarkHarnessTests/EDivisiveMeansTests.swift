// Tests of E-Divisive means on noisy series: shifts found where they are, spikes and noise not, the same answer every run.
@testable import MasonryBenchmarkHarness
import MasonryWorkloads
import Testing

/// E-Divisive means finds level shifts in noisy series exactly where they are, and neither a
/// single spike nor noise; deterministically.
@Suite struct EDivisiveMeansTests {
    /// `count` values around `level`, ±`noisePercent` percent uniform noise from `seed`, times
    /// `factor` from index `shiftAt` on.
    static func series(count: Int = 30, level: Double = 1_000, noisePercent: Double = 2, seed: UInt64,
                       shiftAt: Int? = nil, factor: Double = 1.2) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let noise = 1 + noisePercent / 100 * (2 * random.unitDouble() - 1)
            return level * noise * (shiftAt.map { index >= $0 ? factor : 1 } ?? 1)
        }
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    @Test(arguments: seeds)
    func aShiftOf20PercentIsFoundExactly(seed: UInt64) {
        #expect(EDivisiveMeans().changePoints(Self.series(seed: seed, shiftAt: 15)) == [15])
        #expect(EDivisiveMeans().changePoints(Self.series(seed: seed, shiftAt: 15, factor: 0.8)) == [15])
    }

    @Test(arguments: seeds)
    func noiseAloneHasNoChangePoint(seed: UInt64) {
        #expect(EDivisiveMeans().changePoints(Self.series(seed: seed)).isEmpty)
    }

    @Test func aConstantSeriesHasNoChangePoint() {
        #expect(EDivisiveMeans().changePoints(Array(repeating: 500, count: 30)).isEmpty)
        #expect(EDivisiveMeans().changePoints([500, 500, 500]).isEmpty)
        #expect(EDivisiveMeans().changePoints([]).isEmpty)
    }

    /// One run three times slower (a busy machine), anywhere in the series: not a change point.
    @Test(arguments: seeds.prefix(3), [0, 1, 2, 10, 15, 27, 28, 29])
    func aSingleSpikeIsNotAChangePoint(seed: UInt64, at index: Int) {
        var values = Self.series(seed: seed)
        values[index] *= 3
        #expect(EDivisiveMeans().changePoints(values).isEmpty, "\(values)")
    }

    /// Every change point has at least the minimum segment on each side: two runs at a new
    /// level at the end are a segment of their own only when the minimum is 2.
    @Test(arguments: [2, 3, 4])
    func segmentsAreAtLeastTheMinimumLong(minimumSegment: Int) {
        let values = Self.series(seed: 9, shiftAt: 28, factor: 1.5)
        let changePoints = EDivisiveMeans(minimumSegment: minimumSegment).changePoints(values)
        #expect(changePoints.allSatisfy { $0 >= minimumSegment && $0 <= values.count - minimumSegment }, "\(changePoints)")
        #expect((changePoints == [28]) == (minimumSegment == 2), "\(changePoints)")
    }

    @Test func severalShiftsAreEachFound() {
        let values = Self.series(seed: 10, shiftAt: 15) + Self.series(count: 15, seed: 11)
        #expect(EDivisiveMeans().changePoints(values) == [15, 30])
    }

    /// A consistent 3% shift is significant, but counts only when the threshold is under 3%.
    @Test(arguments: [(1, [15]), (5, [])] as [(Double, [Int])])
    func theThresholdIsRespected(threshold: Double, expected: [Int]) {
        let values = Self.series(noisePercent: 0.2, seed: 12, shiftAt: 15, factor: 1.03)
        #expect(EDivisiveMeans().significantSplits(values).contains(15))
        #expect(EDivisiveMeans(thresholdPercent: threshold).changePoints(values) == expected)
    }

    @Test func theSameSeriesGivesTheSameChangePoints() {
        // A weak shift, near the test's significance level: the permutations decide.
        let values = Self.series(noisePercent: 10, seed: 13, shiftAt: 12, factor: 1.08)
        let first = EDivisiveMeans(thresholdPercent: 0).changePoints(values)
        for _ in 0..<3 { #expect(EDivisiveMeans(thresholdPercent: 0).changePoints(values) == first) }
    }

    /// The best split of two levels, each three values long, is between them.
    @Test func theBestSplitIsBetweenTwoLevels() throws {
        let best = try #require(EDivisiveMeans.bestSplit([1, 1, 1, 5, 5, 5], minimumSegment: 3))
        #expect(best.split == 3)
        #expect(best.statistic > 0)
        #expect(EDivisiveMeans.bestSplit([1, 1, 1, 5, 5], minimumSegment: 3) == nil)
    }
}
