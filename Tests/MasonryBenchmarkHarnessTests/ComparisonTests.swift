// Tests of the regression gate: time by threshold and Mann-Whitney, exact metrics, gated engines only.
import MasonryBenchmarkHarness
import Testing

/// The regression gate: time judged by threshold and Mann-Whitney, exact metrics by threshold
/// alone, only the gated engines failing it.
@Suite struct ComparisonTests {
    static let a = "prepare/optimized/a", b = "prepare/optimized/b"

    static func record(_ name: String, _ times: [Double], _ counters: [String: Double] = [:]) -> BenchmarkRecord {
        BenchmarkRecord(name: name, realTimes: times, cpuTimes: times, counters: times.map { _ in counters }, threads: 1)
    }

    static func report(_ records: [BenchmarkRecord], metric: BenchmarkMetric = .time, cpuModel: String = "AMD EPYC") -> BenchmarkReport {
        var report = BenchmarkReportTests.report(records)
        report.context.measurement = MeasurementEnvironment(
            metric: metric.rawValue, cpuModel: cpuModel, glibcVersion: "glibc 2.36", valgrindVersion: "valgrind-3.19.0",
            addressRandomization: "off", deterministicHashing: true, environmentBytes: 4096)
        return report
    }

    let baseline = report([record(a, [100, 102, 98, 101, 99]), record(b, [50, 51, 49, 50, 52])])

    @Test func aPlantedSlowdownIsARegression() throws {
        let current = Self.report([Self.record(Self.a, [200, 204, 196, 202, 198]), Self.record(Self.b, [50, 52, 49, 51, 50])])
        let comparison = try #require(Comparison(baseline: baseline, current: current))
        #expect(comparison.regressions.map(\.name) == [Self.a])
        #expect(ComparisonWriters.markdown(comparison).contains("| \(Self.a) | 100 ns | 200 ns | +100% | 0.008 | regression | time | yes |"))
    }

    @Test func theSameMeasurementsAreNoRegression() throws {
        let comparison = try #require(Comparison(baseline: baseline, current: baseline))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.rows.allSatisfy { $0.verdict == .same })
    }

    @Test func aSmallOrNoisyChangeIsNoRegression() throws {
        // 5% slower, consistently: under the threshold.
        let slower = Self.report([Self.record(Self.a, [105, 107, 103, 106, 104])])
        #expect(try #require(Comparison(baseline: baseline, current: slower)).regressions.isEmpty)
        // A median 30% slower from overlapping, noisy samples: not significant.
        let noisy = Self.report([Self.record(Self.a, [60, 130, 140, 90, 135])])
        #expect(try #require(Comparison(baseline: baseline, current: noisy)).regressions.isEmpty)
    }

    @Test func runsWithNothingInCommonCannotBeCompared() {
        let other = Self.report([Self.record("prepare/optimized/c", [1, 2])])
        #expect(Comparison(baseline: baseline, current: other) == nil)
        #expect(Comparison(baseline: baseline, current: baseline, filter: try! Regex("nothing")) == nil)
    }

    /// Instruction counts: one repetition each, judged by the threshold alone (default 1%).
    @Test(arguments: [
        (1_000_000.0, 1_009_999.0, Comparison.Verdict.same),
        (1_000_000, 1_010_001, .regression),
        (1_000_000, 989_999, .improvement),
        (1_000_000, 1_000_000, .same),
    ])
    func instructionsAreJudgedByThresholdAlone(old: Double, new: Double, verdict: Comparison.Verdict) throws {
        let before = Self.report([Self.record(Self.a, [old], ["instructions": old])], metric: .instructions)
        let after = Self.report([Self.record(Self.a, [new], ["instructions": new])], metric: .instructions)
        let comparison = try #require(Comparison(baseline: before, current: after))
        // No time row for instruction-mode files: real_time holds the counts.
        #expect(comparison.rows.map(\.metric) == ["instructions"])
        #expect(comparison.rows[0].verdict == verdict)
        #expect(comparison.rows[0].pValue == nil)
        #expect(comparison.regressions.isEmpty == (verdict != .regression))
    }

    /// Allocations: any increase is a regression unless the threshold allows it.
    @Test func anyAllocationIncreaseIsARegression() throws {
        let counters = ["mallocs": 15.0, "bytes_per_item": 12.9]
        let before = Self.report([Self.record(Self.a, [100, 100], counters)])
        let oneMore = Self.report([Self.record(Self.a, [100, 100], ["mallocs": 16, "bytes_per_item": 12.9])])
        let comparison = try #require(Comparison(baseline: before, current: oneMore))
        #expect(comparison.regressions.map(\.metric) == ["mallocs"])
        #expect(ComparisonWriters.markdown(comparison).contains("| \(Self.a) | 15 | 16 | +6.7% | – | regression | mallocs | yes |"))
        var lenient = Comparison.Policy()
        lenient.allocationThresholdPercent = 10
        #expect(try #require(Comparison(baseline: before, current: oneMore, policy: lenient)).regressions.isEmpty)
        let fromZero = Self.report([Self.record(Self.a, [100, 100], ["mallocs": 0])])
        let toOne = Self.report([Self.record(Self.a, [100, 100], ["mallocs": 1])])
        #expect(try #require(Comparison(baseline: fromZero, current: toOne, policy: lenient)).regressions.count == 1)
    }

    /// The optimized engine gates by default; the reference and peer are reported only.
    @Test func onlyTheGatedEnginesFailTheGate() throws {
        let names = ["prepare/reference/x", "prepare/peer/x", "prepare/optimized/x"]
        let before = Self.report(names.map { Self.record($0, [1000], ["instructions": 1000]) }, metric: .instructions)
        let after = Self.report(names.map { Self.record($0, [2000], ["instructions": 2000]) }, metric: .instructions)
        let byDefault = try #require(Comparison(baseline: before, current: after))
        #expect(byDefault.regressions.map(\.name) == ["prepare/optimized/x"])
        #expect(byDefault.reportedRegressions.map(\.name) == ["prepare/reference/x", "prepare/peer/x"])
        var all = Comparison.Policy()
        all.gatedEngines = ["reference", "peer", "optimized"]
        #expect(try #require(Comparison(baseline: before, current: after, policy: all)).regressions.count == 3)
        let filtered = try #require(Comparison(baseline: before, current: after, filter: try Regex("/peer/")))
        #expect(filtered.rows.map(\.name) == ["prepare/peer/x"])
        #expect(filtered.regressions.isEmpty)
    }

    @Test func contextsDifferingInWhatMovesCountsAreNamed() {
        let here = Self.report([], cpuModel: "AMD EPYC").context
        let there = Self.report([], cpuModel: "Intel Xeon").context
        #expect(Comparison.contextDifferences(here, here).isEmpty)
        #expect(Comparison.contextDifferences(here, there) == ["cpu_model differs: 'AMD EPYC' in the baseline, 'Intel Xeon' in the current run"])
        // Files written before these fields existed compare without warnings.
        #expect(Comparison.contextDifferences(BenchmarkReportTests.report([]).context, there).isEmpty)
    }
}
