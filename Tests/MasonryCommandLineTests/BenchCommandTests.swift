import Foundation
import MasonryBenchmarkHarness
import MasonryCommandLine
import Testing

@Suite struct BenchCommandTests {
    @Test func aFilteredRunWritesEveryResultFileAndVerifies() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("masonry-bench-\(UUID().uuidString)")
        let out = directory.appendingPathComponent("latest.json").path
        let run = runTool("bench", "--suite", "smoke", "--filter", "items:1000/", "--repetitions", "2", "--out", out)
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("### prepare (ns/item)"))
        #expect(run.output.contains("every engine gave the reference's frames, bit for bit"))
        let report = try BenchmarkReport(jsonData: Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(report.records.contains { $0.name == "prepare/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1" })
        #expect(report.records.contains { $0.name.hasPrefix("prepare/peer/") })
        #expect(report.records.allSatisfy { $0.realTimes.count == 2 })
        #expect(report.records.first { $0.engine == "optimized" }?.medianCounter("ns_per_item") != nil)
        // The test bundle does not load jemalloc (see JemallocPreload): no memory counters here;
        // .ci/run checks them on the real tool.
        #expect(report.context.jemallocVersion == "not linked")
        for sibling in ["latest.md", "latest.svg", "latest.github-action.json"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(sibling).path), "\(sibling)")
        }
        let svg = try String(contentsOf: directory.appendingPathComponent("latest.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("polyline"))
        // Regression: writing over existing result files failed ("The file doesn't exist").
        let again = runTool("bench", "--suite", "smoke", "--filter", "prepare/optimized/placement:roundRobin/items:1000/",
                            "--repetitions", "2", "--out", out)
        #expect(again.status == .success, "\(again.error)")
        let replaced = try BenchmarkReport(jsonData: Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(replaced.records.map(\.name) == ["prepare/optimized/placement:roundRobin/items:1000/sections:1/columns:4/threads:1"])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".latest.json.partial").path))
    }

    @Test(arguments: [
        (["bench", "--suite", "huge"], "--suite must be one of smoke, standard, full"),
        (["bench", "--engines", "reference,fast"], "unknown engine 'fast'"),
        (["bench", "--repetitions", "1"], "--repetitions must be an integer"),
        (["bench", "--filter", "("], "--filter is not a valid regular expression"),
        (["bench", "--threshold", "5"], "--threshold and --alpha need --baseline"),
        (["bench", "--baseline", "/nonexistent.json"], "cannot read '/nonexistent.json'"),
        (["bench", "--suite", "smoke", "--filter", "matches-nothing"], "no benchmark matches the filter"),
    ])
    func badArgumentsFailFast(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == .badInput)
        #expect(run.error.contains(message), "\(run.error)")
    }
}

@Suite struct CompareCommandTests {
    static func resultFile(_ times: [String: [Double]]) throws -> String {
        let report = BenchmarkReport(
            context: BenchmarkContext(date: "", hostName: "", cpuCount: 1, swiftVersion: "", gitCommit: "",
                                      jemallocVersion: "", jemallocOptions: "", suite: "smoke", peakResidentBytes: 0),
            records: times.keys.sorted().map { name in
                BenchmarkRecord(name: name, realTimes: times[name]!, cpuTimes: times[name]!,
                                counters: times[name]!.map { _ in [:] }, threads: 1)
            })
        return try temporaryFile(String(decoding: report.jsonData(), as: UTF8.self), name: "result.json")
    }

    @Test func aPlantedTwoTimesSlowdownFailsTheGate() throws {
        let baseline = try Self.resultFile(["prepare/x": [100, 101, 99, 100, 102], "query/y": [10, 11, 10, 9, 10]])
        let slower = try Self.resultFile(["prepare/x": [200, 202, 198, 200, 204], "query/y": [10, 10, 11, 9, 10]])
        let run = runTool("compare", baseline, slower)
        #expect(run.status == .checkFailed)
        #expect(run.output.contains("| prepare/x |"))
        #expect(run.output.contains("regression |"))
        #expect(run.output.contains("1 regression(s)"))
        #expect(runTool("compare", baseline, baseline).status == .success)
        #expect(runTool("compare", baseline, slower, "--threshold", "150").status == .success)
    }

    @Test func unusableInputIsExitTwo() throws {
        let baseline = try Self.resultFile(["prepare/x": [1, 2]])
        let unrelated = try Self.resultFile(["prepare/z": [1, 2]])
        let malformed = try temporaryFile("{\"benchmarks\": [", name: "bad.json")
        #expect(runTool("compare", baseline, unrelated).status == .badInput)
        #expect(runTool("compare", baseline, malformed).status == .badInput)
        #expect(runTool("compare", baseline, "/nonexistent.json").status == .badInput)
        #expect(runTool("compare", baseline).status == .badInput)
        #expect(runTool("compare", baseline, baseline, "--alpha", "2").status == .badInput)
    }
}
