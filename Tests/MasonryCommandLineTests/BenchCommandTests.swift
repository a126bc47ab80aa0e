// Tests of `masonry bench` and `masonry compare`: result files, baselines, the gate, bad options.
import Foundation
import MasonryBenchmarkHarness
import MasonryCommandLine
import Testing

@Suite struct BenchCommandTests {
    @Test func aFilteredRunWritesEveryResultFileAndVerifies() throws {
        let directory = temporaryPath("bench")
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

    /// Format v2's workload: the spans feed runs on the reference and optimized engines, verified;
    /// the peer (CHT has no spanning items) is skipped, and the summary says why.
    @Test func theSpansWorkloadSkipsThePeerAndSaysWhy() throws {
        let directory = temporaryPath("spans")
        let out = directory.appendingPathComponent("spans.json").path
        let run = runTool("bench", "--suite", "smoke", "--filter", "spans:feed", "--repetitions", "2", "--out", out)
        #expect(run.status == .success, "\(run.error)")
        let report = try BenchmarkReport(jsonData: Data(contentsOf: URL(fileURLWithPath: out)))
        let suffix = "placement:shortestColumn/items:10000/sections:1/columns:4/heights:photo/spans:feed/threads:1"
        #expect(report.records.contains { $0.name == "prepare/optimized/\(suffix)" })
        #expect(report.records.contains { $0.name == "prepare/reference/\(suffix)" })
        #expect(!report.records.contains { $0.engine == "peer" })
        let summary = try String(contentsOfFile: directory.appendingPathComponent("spans.md").path, encoding: .utf8)
        #expect(summary.contains("prepare/peer/\(suffix): CHTCollectionViewWaterfallLayout has no items spanning columns"), "\(summary)")
        #expect(run.output.contains("every engine gave the reference's frames, bit for bit"), "\(run.output)")
    }

    @Test func aRunWithABaselineWritesTheComparisonIntoItsSummary() throws {
        let directory = temporaryPath("baseline")
        let baseline = directory.appendingPathComponent("baseline.json").path
        let current = directory.appendingPathComponent("current.json").path
        let selection = ["bench", "--suite", "smoke", "--engines", "optimized", "--filter", "prepare/.*items:1000/", "--repetitions", "2"]
        #expect(runTool(selection + ["--out", baseline]).status == .success)
        // Two repetitions against two cannot reach p < 0.05: no time regression, whatever the machine does.
        let run = runTool(selection + ["--out", current, "--baseline", baseline])
        #expect(run.status == .success, "\(run.error)")
        let summary = try String(contentsOfFile: directory.appendingPathComponent("current.md").path, encoding: .utf8)
        #expect(summary.contains("### Comparison with \(baseline)"))
        #expect(summary.contains("| prepare/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1 |"))
        #expect(summary.contains("0 regression(s) in the gated engines (optimized)"))
        let mismatched = try temporaryFile(#"{"context": {"metric": "instructions"}, "benchmarks": [{"name": "x", "real_time": 1}]}"#)
        #expect(runTool(selection + ["--baseline", mismatched]).error.contains("measured instructions, this run measures time"))
    }

    /// Regression: an unwritable `--out` (here a directory) failed only after the whole suite ran.
    @Test func anUnwritableOutFailsBeforeMeasuring() throws {
        let directory = temporaryPath("out")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The filter matches nothing: had the run started, it would fail with "no benchmark matches".
        let run = runTool("bench", "--suite", "smoke", "--filter", "matches-nothing", "--out", directory.path)
        #expect(run.status == .badInput)
        #expect(run.error.contains("cannot write '\(directory.path)': it is a directory"), "\(run.error)")
    }

    @Test(arguments: [
        (["bench", "--suite", "huge"], "--suite must be one of smoke, standard, full"),
        (["bench", "--engines", "reference,fast"], "unknown engine 'fast'"),
        (["bench", "--repetitions", "1"], "--repetitions must be an integer"),
        (["bench", "--filter", "("], "--filter is not a valid regular expression"),
        (["bench", "--threshold", "5"], "--threshold needs --baseline"),
        (["bench", "--baseline", "/nonexistent.json"], "cannot read '/nonexistent.json'"),
        (["bench", "--suite", "smoke", "--filter", "matches-nothing"], "no benchmark matches the filter"),
        (["bench", "--engines", "optimized,external"], "--engines external needs --engine-command"),
        (["bench", "--metric", "instructions", "--engine-command", "python3"],
         "--metric instructions does not go with --engine-command: an engine program times itself"),
        (["bench", "--engine-command", "/nonexistent/engine"], "masonry bench: --engine-command: '/nonexistent/engine' is not an executable file"),
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
        let baseline = try Self.resultFile(["prepare/optimized/x": [100, 101, 99, 100, 102], "query/optimized/y": [10, 11, 10, 9, 10]])
        let slower = try Self.resultFile(["prepare/optimized/x": [200, 202, 198, 200, 204], "query/optimized/y": [10, 10, 11, 9, 10]])
        let run = runTool("compare", baseline, slower)
        #expect(run.status == .checkFailed)
        #expect(run.output.contains("| prepare/optimized/x |"))
        #expect(run.output.contains("regression |"))
        #expect(run.output.contains("1 regression(s) in the gated engines (optimized)"))
        #expect(runTool("compare", baseline, baseline).status == .success)
        #expect(runTool("compare", baseline, slower, "--threshold", "150").status == .success)
    }

    /// Regression: a file that is not JSON gave Foundation's generic "the data is not in the
    /// correct format"; the message names the file and where the text stops being JSON.
    @Test(arguments: [
        ("benchmark,real_time\nx,1\n", "not JSON: invalid value at line 1, column 1 ('benchmark,real_time')"),
        ("", "the file is empty"),
        ("{\"benchmarks\": [", "not JSON: the text ends inside a value (line 1, column 17)"),
        ("{\"context\": {},\n  \"benchmarks\": [1, 2,, 3]}", "not JSON: invalid value at line 2, column 23 (', 3]}')"),
    ])
    func aFileThatIsNotJSONIsNamedWithWhatIsWrong(text: String, message: String) throws {
        let baseline = try Self.resultFile(["prepare/x": [1, 2]])
        let notJSON = try temporaryFile(text, name: "results.csv")
        let run = runTool("compare", baseline, notJSON)
        #expect(run.status == .badInput)
        #expect(run.error.contains("\(notJSON): \(message)"), "\(run.error)")
    }

    /// Instruction-mode files with function counts: the regressed benchmark's functions are
    /// listed under the table, the changed one first; --profile lists an unchanged one too.
    @Test func aRegressedBenchmarksFunctionsAreListed() throws {
        func file(_ find: Double) throws -> String {
            var report = BenchmarkReport(
                context: BenchmarkContext(date: "", hostName: "", cpuCount: 1, swiftVersion: "", gitCommit: "",
                                          jemallocVersion: "", jemallocOptions: "", suite: "smoke", peakResidentBytes: 0),
                records: ["query/optimized/x", "query/optimized/y"].map { name in
                    let functions = [FunctionCost(name: "closure", inclusive: 400 + (name.hasSuffix("x") ? find : 100), exclusive: 0),
                                     FunctionCost(name: "SectionQuery.find<A>()", inclusive: name.hasSuffix("x") ? find : 100,
                                                  exclusive: name.hasSuffix("x") ? find : 100)]
                    return BenchmarkRecord(name: name, realTimes: [1], cpuTimes: [1],
                                           counters: [["instructions": functions[0].inclusive]], threads: 1, functions: functions)
                })
            report.context.measurement.metric = "instructions"
            return try temporaryFile(String(decoding: report.jsonData(), as: UTF8.self), name: "result.json")
        }
        let base = try file(100), head = try file(160)
        let run = runTool("compare", base, head, "--format", "markdown")
        #expect(run.status == .checkFailed)
        #expect(run.output.contains("### Functions of query/optimized/x: the 2 largest changes, instructions per call"), "\(run.output)")
        #expect(run.output.contains("| SectionQuery.find&lt;A>() | 100 | 160 | +60 | 100 | 160 | +60 |"), "\(run.output)")
        #expect(!run.output.contains("Functions of query/optimized/y"))
        let profiled = runTool("compare", base, head, "--profile", "/y$")
        #expect(profiled.output.contains("Functions of query/optimized/y\n"), "\(profiled.output)")
        #expect(profiled.output.contains("No function's count changed."))
        let bad = runTool("compare", base, head, "--profile", "(")
        #expect(bad.status == .badInput)
        #expect(bad.error.contains("--profile is not a valid regular expression"), "\(bad.error)")
    }

    /// `--out FILE`: the rows and the regressed benchmark's functions as JSON, for scripts (as
    /// `masonry ab --out` writes them), and the Markdown summary beside it.
    @Test func outWritesTheRowsAndFunctionsAsJSONAndTheMarkdown() throws {
        func file(_ find: Double) throws -> String {
            var report = BenchmarkReport(
                context: BenchmarkContext(date: "", hostName: "", cpuCount: 1, swiftVersion: "", gitCommit: "",
                                          jemallocVersion: "", jemallocOptions: "", suite: "smoke", peakResidentBytes: 0),
                records: [BenchmarkRecord(name: "query/optimized/x", realTimes: [1], cpuTimes: [1], counters: [["instructions": 400 + find]],
                                          threads: 1, functions: [FunctionCost(name: "find()", inclusive: find, exclusive: find)])])
            report.context.measurement.metric = "instructions"
            return try temporaryFile(String(decoding: report.jsonData(), as: UTF8.self), name: "result.json")
        }
        let base = try file(100), head = try file(160)
        let out = temporaryPath("gate").appendingPathComponent("gate.json").path
        #expect(runTool("compare", base, head, "--out", out).status == .checkFailed)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        #expect(document["regressions"] as? Int == 1)
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["name"] as? String == "query/optimized/x" && rows[0]["metric"] as? String == "instructions")
        #expect(rows[0]["verdict"] as? String == "regression" && rows[0]["current"] as? Double == 560)
        let functions = try #require(rows[0]["functions"] as? [[String: Any]])
        #expect(functions.first?["name"] as? String == "find()" && functions.first?["self_change"] as? Double == 60)
        let markdown = try String(contentsOfFile: out.replacingOccurrences(of: ".json", with: ".md"), encoding: .utf8)
        #expect(markdown.contains("| query/optimized/x |") && markdown.contains("Functions of query/optimized/x"), "\(markdown)")
        #expect(runTool("compare", base, head, "--out", FileManager.default.temporaryDirectory.path).status == .badInput)
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

@Suite struct InstructionOptionTests {
    @Test(arguments: [
        (["bench", "--callgrind-child", "/tmp"], "--callgrind-child is internal"),
        (["bench", "--metric", "instructions", "--callgrind-child", "/tmp", "--suite", "smoke"], "--callgrind-child is internal"),
        (["bench", "--metric", "cycles"], "--metric must be one of time, instructions"),
        (["bench", "--metric", "instructions", "--repetitions", "0"], "--repetitions must be an integer in 1...1000"),
        (["bench", "--instructions-threshold", "1"], "--instructions-threshold needs --baseline"),
    ])
    func badInstructionOptionsFailFast(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == .badInput)
        #expect(run.error.contains(message), "\(run.error)")
    }
}
