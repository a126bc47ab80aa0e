// Tests of the A/B comparison: round ratios, verdicts from interval and threshold, gated engines.
import Foundation
import MasonryBenchmarkHarness
import Testing

@Suite struct ABComparisonTests {
    static func run(_ values: [String: Double], metric: BenchmarkMetric = .time) -> BenchmarkReport {
        BenchmarkReportTests.report(values.keys.sorted().map { name in
            BenchmarkRecord(name: name, realTimes: [values[name]!], cpuTimes: [values[name]!],
                            counters: [metric == .instructions ? ["instructions": values[name]!] : [:]], threads: 1)
        })
    }

    /// Rounds of ABBA where HEAD's values are BASE's times `ratios[round]`.
    static func rounds(_ ratios: [Double], name: String = "prepare/optimized/x") -> [ABComparison.Round] {
        ratios.map { ratio in
            ABComparison.Round(order: "ABBA", base: [run([name: 1000]), run([name: 1000])],
                               head: [run([name: 1000 * ratio]), run([name: 1000 * ratio])])
        }
    }

    static func row(_ ratios: [Double], threshold: Double = 3) throws -> ABComparison.Row {
        var settings = ABComparison.Settings()
        settings.thresholdPercent = threshold
        return try #require(ABComparison(rounds: rounds(ratios), settings: settings)?.rows.first)
    }

    @Test func theRoundRatioIsTheGeometricMeanOfEachSidesRuns() throws {
        // ABBA with drift: BASE 100 then 130, HEAD 110 and 120; the ratio is sqrt(110 * 120 / (100 * 130)).
        let round = ABComparison.Round(order: "ABBA", base: [Self.run(["prepare/optimized/x": 100]), Self.run(["prepare/optimized/x": 130])],
                                       head: [Self.run(["prepare/optimized/x": 110]), Self.run(["prepare/optimized/x": 120])])
        let comparison = try #require(ABComparison(rounds: [round], settings: ABComparison.Settings()))
        #expect(abs(comparison.rows[0].logRatios[0] - 0.5 * log(110.0 * 120 / (100 * 130))) < 1e-12)
        #expect(comparison.rows[0].interval == nil)
        #expect(comparison.rows[0].verdict == .inconclusive)
        #expect(comparison.needsMoreRounds)
    }

    @Test(arguments: [
        ([1.05, 1.06, 1.04, 1.05, 1.07, 1.05], ABComparison.Verdict.regressed),  // interval [1.04, 1.07] above 1.03
        ([1.00, 1.01, 0.99, 1.00, 1.02, 0.995], .unchanged),  // [0.99, 1.02] inside +-3%
        ([0.90, 0.92, 0.91, 0.93, 0.90, 0.91], .improved),
        ([1.00, 1.06, 0.97, 1.04, 1.02, 1.05], .inconclusive),  // [0.97, 1.06] straddles 1.03
        ([1.05, 1.06, 1.04, 1.05, 1.07], .inconclusive),  // five rounds: no 95% interval yet
    ])
    func verdictsFollowTheIntervalAndThreshold(ratios: [Double], verdict: ABComparison.Verdict) throws {
        #expect(try Self.row(ratios).verdict == verdict)
    }

    /// The verdict is replayed over the rounds: it became "regressed" at round 6 and stayed.
    @Test func theRoundFromWhichTheVerdictHeldIsKept() throws {
        #expect(try Self.row([1.05, 1.06, 1.04, 1.05, 1.07, 1.05, 1.06, 1.05]).settledRound == 6)
        // Regressed at round 6, inconclusive from 7 (a round at 0.9 widens the interval), regressed again at 12.
        #expect(try Self.row([1.05, 1.06, 1.04, 1.05, 1.07, 1.05, 0.9, 1.05, 1.06, 1.05, 1.04, 1.05]).settledRound == 12)
    }

    @Test func instructionCountsNeedOneRound() throws {
        var settings = ABComparison.Settings()
        settings.metric = .instructions
        settings.thresholdPercent = 1
        let name = "prepare/optimized/x"
        let round = ABComparison.Round(order: "AB", base: [Self.run([name: 1_000_000], metric: .instructions)],
                                       head: [Self.run([name: 1_020_000], metric: .instructions)])
        let row = try #require(ABComparison(rounds: [round], settings: settings)?.rows.first)
        #expect(row.verdict == .regressed)
        #expect(abs(row.ratio - 1.02) < 1e-12)
        #expect(row.interval?.lowerBound == row.interval?.upperBound)
    }

    @Test func onlyGatedEnginesFailAndBenchmarksInOneSideAreListed() throws {
        let base = Self.run(["prepare/optimized/x": 100, "prepare/reference/x": 100, "prepare/optimized/old": 1])
        let head = Self.run(["prepare/optimized/x": 100, "prepare/reference/x": 150, "prepare/optimized/new": 1])
        // Two benchmarks share 95%: 97.5% each, which takes seven rounds.
        let rounds = (0..<7).map { _ in ABComparison.Round(order: "BAAB", base: [base, base], head: [head, head]) }
        let comparison = try #require(ABComparison(rounds: rounds, settings: ABComparison.Settings()))
        #expect(comparison.rows.map(\.verdict) == [.unchanged, .regressed])
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.onlyInBase == ["prepare/optimized/old"] && comparison.onlyInHead == ["prepare/optimized/new"])
        #expect(!comparison.needsMoreRounds)
        let markdown = ABReportWriters.markdown(comparison, base: "main", head: "HEAD")
        #expect(markdown.contains("| prepare/reference/x | 100 ns | 150 ns | 1.500 [1.500, 1.500] | regressed | no |"))
        #expect(markdown.contains("Gated (optimized): 0 regressed, 1 unchanged, 0 improved, 0 inconclusive."))
        let json = try JSONSerialization.jsonObject(with: ABReportWriters.json(comparison, base: "main", head: "HEAD")) as! [String: Any]
        #expect(json["rounds"] as? Int == 7 && json["regressions"] as? Int == 0)
        #expect(json["confidence_per_benchmark"] as? Double == 0.975)
        #expect((json["benchmarks"] as? [[String: Any]])?.first?["log_ratios"] as? [Double] == Array(repeating: 0, count: 7))
        #expect(ABComparison(rounds: Array(rounds.prefix(6)), settings: ABComparison.Settings())?.rows.allSatisfy { $0.interval == nil } == true)
        let unrelated = Self.run(["prepare/optimized/z": 1])
        #expect(ABComparison(rounds: [ABComparison.Round(order: "AB", base: [base], head: [unrelated])], settings: ABComparison.Settings()) == nil)
    }
}
