// Tests that long runs report progress on stderr, `--quiet` silences it, and stdout stays the same.
@testable import MasonryCommandLine
import MasonryBenchmarkHarness
import Testing

/// Long runs report progress on stderr (`[n/total] name (elapsed, about … left)`); `--quiet`
/// turns it off; standard output is the same either way.
@Suite struct ProgressOutputTests {

    /// The `[n/total]` counters of the progress lines (on a terminal they are separated by
    /// redraws rather than newlines).
    static func counters(_ text: String) -> [(Int, Int)] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).compactMap { line in
            guard let open = line.firstIndex(of: "["), let slash = line.firstIndex(of: "/"), let close = line.firstIndex(of: "]"),
                  open < slash, slash < close, let n = Int(line[line.index(after: open)..<slash]),
                  let total = Int(line[line.index(after: slash)..<close]) else { return nil }
            return (n, total)
        }
    }

    @Test(arguments: [
        ["bench", "--suite", "smoke", "--filter", "items:1000/", "--repetitions", "2"],  // prepares and floors
        ["bench", "--suite", "smoke", "--engines", "optimized", "--filter", "lookup|append", "--repetitions", "2"],  // interactions
    ])
    func benchCountsEveryBenchmarkAgainstThePlannedTotal(selection: [String]) throws {
        let run = runTool(selection)
        #expect(run.status == .success, "\(run.error)")
        let counters = Self.counters(run.error)
        // One line per benchmark, numbered 1...total: the plan matches what the runner runs.
        #expect(!counters.isEmpty)
        #expect(counters.map(\.0) == Array(1...counters.count))
        #expect(counters.allSatisfy { $0.1 == counters.count })
        #expect(run.error.contains("elapsed"))
        let quiet = runTool(selection + ["--quiet"])
        #expect(quiet.status == .success)
        #expect(Self.counters(quiet.error).isEmpty, "\(quiet.error)")
    }

    @Test(arguments: [BenchmarkSuite.smoke, .standard, .full], [nil, "prepare", "query/optimized", "items:100000/"])
    func thePlannedCountFollowsTheSelection(suite: BenchmarkSuite, filter: String?) throws {
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = suite
        configuration.filter = filter
        let all = try BenchmarkRunner(configuration, progress: { _ in }).plannedBenchmarkCount()
        configuration.engines = [.optimized]
        let optimized = try BenchmarkRunner(configuration, progress: { _ in }).plannedBenchmarkCount()
        #expect(optimized <= all)
        configuration.filter = "matches-nothing"
        #expect(try BenchmarkRunner(configuration, progress: { _ in }).plannedBenchmarkCount() == 0)
    }

    @Test func verifyAndFuzzAreQuietOnRequest() {
        let fuzz = runTool("fuzz", "--seconds", "30", "--cases", "5", "--in-process", "--quiet")
        #expect(fuzz.status == .success, "\(fuzz.error)")
        #expect(fuzz.error.isEmpty, "\(fuzz.error)")
        #expect(fuzz.output.contains("5 cases"))
    }
}
