// Tests of a benchmark history built from result files: values per run, gaps, and change points by metric.
@testable import MasonryBenchmarkHarness
import Testing

/// A history reads each benchmark's median per run, leaves gaps out, and finds change points by
/// the metric's method.
@Suite struct BenchmarkHistoryTests {
    static let a = "prepare/optimized/a", b = "lookup/optimized/b"

    /// An instruction-mode run at `commit` with an instruction count per benchmark.
    static func instructionRun(_ commit: String, _ counts: [String: Double]) -> (report: BenchmarkReport, subject: String?) {
        var report = ComparisonTests.report(counts.keys.sorted().map { ComparisonTests.record($0, [1], ["instructions": counts[$0]!]) },
                                            metric: .instructions)
        report.context.gitCommit = commit
        return (report, "subject of \(commit)")
    }

    /// A time-mode run at `commit` with wall times per benchmark.
    static func timeRun(_ commit: String, _ times: [String: [Double]]) -> (report: BenchmarkReport, subject: String?) {
        var report = ComparisonTests.report(times.keys.sorted().map { ComparisonTests.record($0, times[$0]!) })
        report.context.gitCommit = commit
        return (report, nil)
    }

    /// Commit hashes `c0000000…`, `c1000000…`, 40 digits.
    static func commit(_ index: Int) -> String {
        let digits = String(index, radix: 16)
        return "c" + digits + String(repeating: "0", count: 39 - digits.count)
    }

    @Test func aKnownStepIsFoundAtItsCommit() throws {
        let runs = (0..<6).map { Self.instructionRun(Self.commit($0), [Self.a: $0 < 4 ? 1_000 : 1_250, Self.b: 300]) }
        let history = try #require(BenchmarkHistory(runs: runs))
        #expect(history.metric == .instructions)
        #expect(history.series.map(\.name) == [Self.b, Self.a])
        let stepped = history.series[1]
        #expect(stepped.changePoints == [BenchmarkHistory.ChangePoint(point: 4, commit: 4, before: 1_000, after: 1_250)])
        #expect(history.commits[stepped.changePoints[0].commit].hash == Self.commit(4))
        #expect((stepped.first, stepped.last, stepped.minimum, stepped.maximum) == (1_000, 1_250, 1_000, 1_250))
        #expect(stepped.changePercent == 25)
        #expect(history.series[0].changePoints.isEmpty)
    }

    /// A benchmark missing from a run is a gap: the change point is at the next run that has it.
    @Test func aMissingBenchmarkIsAGap() throws {
        let runs = [Self.instructionRun(Self.commit(0), [Self.a: 100]), Self.instructionRun(Self.commit(1), [Self.b: 5]),
                    Self.instructionRun(Self.commit(2), [Self.a: 200])]
        let history = try #require(BenchmarkHistory(runs: runs))
        let series = try #require(history.series.first { $0.name == Self.a })
        #expect(series.points.map(\.commit) == [0, 2])
        #expect(series.changePoints.map(\.commit) == [2])
    }

    @Test func theFilterSelectsBenchmarks() throws {
        let runs = [Self.instructionRun(Self.commit(0), [Self.a: 100, Self.b: 5])]
        #expect(try #require(BenchmarkHistory(runs: runs, filter: try Regex("^prepare"))).series.map(\.name) == [Self.a])
        #expect(BenchmarkHistory(runs: runs, filter: try Regex("nothing")) == nil)
        #expect(BenchmarkHistory(runs: []) == nil)
    }

    /// Wall time: the median of the repetitions per run, E-Divisive means over the runs; the
    /// change point's levels are the medians of the segments on either side.
    @Test func wallTimeShiftsAreFoundByEDivisiveMeans() throws {
        let medians = EDivisiveMeansTests.series(count: 20, seed: 3, shiftAt: 10, factor: 1.3)
        let runs = medians.enumerated().map { index, median in Self.timeRun(Self.commit(index), [Self.a: [median * 0.9, median, median * 1.5]]) }
        let history = try #require(BenchmarkHistory(runs: runs))
        #expect(history.series[0].points.map(\.value) == medians)
        let change = try #require(history.series[0].changePoints.first)
        #expect(history.series[0].changePoints.count == 1)
        #expect(change.commit == 10)
        #expect(abs(change.changePercent - 30) < 5)
    }

    /// The threshold's default is the metric's: 1% for counts, 5% for wall time.
    @Test func theDefaultThresholdDependsOnTheMetric() {
        #expect(BenchmarkHistory.Policy().threshold(for: .instructions) == 1)
        #expect(BenchmarkHistory.Policy().threshold(for: .time) == 5)
        #expect(BenchmarkHistory.Policy(thresholdPercent: 2).threshold(for: .time) == 2)
    }
}
