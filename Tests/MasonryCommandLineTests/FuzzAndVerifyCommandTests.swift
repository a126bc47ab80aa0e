// Tests of `masonry fuzz` and `masonry verify`: short runs, replays, reproducers, bad arguments, help.
import Foundation
import MasonryLayout
@testable import MasonryCommandLine
import MasonrySupport
import MasonryVerification
import Testing

@Suite struct FuzzAndVerifyCommandTests {
    @Test func aShortFuzzRunReportsItsRate() {
        let run = runTool("fuzz", "--seconds", "30", "--cases", "40", "--seed", "5", "--in-process")
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("40 cases and 160 parser inputs"))
        #expect(run.output.contains("cases per second), seed 5"))
    }

    @Test func replayChecksAScenarioOrADescription() throws {
        let scenario = Fuzzer.scenario(seed: 11)
        let passing = try temporaryFile(scenario.jsonText(), name: "case.json")
        let run = runTool("fuzz", "--replay", passing, "--threads", "1,2", "--in-process")
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("passes on threads 1,2"))
        let description = examplesDirectory.appendingPathComponent("seed-002-shortest-column.json").path
        #expect(runTool("fuzz", "--replay", description, "--in-process").status == .success)
        let broken = try temporaryFile("{\"description\": {\"width\": -1, \"sections\": []}}", name: "broken.json")
        let refused = runTool("fuzz", "--replay", broken, "--in-process")
        #expect(refused.status == .badInput)
        #expect(refused.error.contains("description.width: must be > 0"))
    }

    /// A plain description that is invalid gets its own error, not "description: is required"
    /// (the scenario reader's complaint about a field the file was never meant to have).
    @Test func replayOfAnInvalidPlainDescriptionNamesItsField() throws {
        let broken = try temporaryFile("{\"width\": 100, \"sections\": [{\"columns\": 0, \"itemHeights\": [1]}]}", name: "plain.json")
        let refused = runTool("fuzz", "--replay", broken, "--in-process")
        #expect(refused.status == .badInput)
        #expect(refused.error.contains("sections[0].columns"), "\(refused.error)")
        #expect(!refused.error.contains("description: is required"))
    }

    @Test func failureReportsWriteAReproducerAndADrawing() throws {
        let directory = temporaryPath("report").path
        let scenario = Fuzzer.scenario(seed: 2)
        let reference = ReferenceLayoutEngine(scenario.scenarios[0].description)
        let failure = CheckFailure(message: "planted", layout: scenario.scenarios[0].description,
                                   candidateElements: [], referenceElements: allElements(of: reference))
        let console = Console(writeOutput: { _ in }, writeError: { _ in })
        try FailureReport.write(scenario, failure, name: "case-2", directory: directory, console: console)
        let written = try ScenarioChain(json: Array(Data(contentsOf: URL(fileURLWithPath: directory + "/case-2.json"))))
        #expect(written == scenario)
        #expect(FileManager.default.fileExists(atPath: directory + "/case-2.svg"))
    }

    @Test(arguments: [
        (["verify", "--suite", "huge"], "--suite must be one of smoke, standard, full"),
        (["verify", "--threads", "0"], "--threads must be a comma-separated list"),
        (["fuzz", "--seed", "-3"], "--seed must be an unsigned integer"),
        (["fuzz", "--seconds", "0"], "--seconds must be an integer"),
        (["fuzz", "--shrink-seconds", "-1"], "--shrink-seconds must be an integer in 0..."),
        (["fuzz", "--memory-limit", "1"], "--memory-limit must be an integer in 64..."),
        (["fuzz", "--case-timeout", "0"], "--case-timeout must be an integer in 1..."),
        (["fuzz", "--planted-fault", "gremlins"], "--planted-fault must be one of trap, hang, memory"),
        (["fuzz", "--distribution", "0"], "--distribution must be an integer"),
        (["fuzz", "--replay", "/nonexistent.json"], "cannot read '/nonexistent.json'"),
        (["fuzz", "--jobs", "0"], "--jobs must be an integer in 1...1024, got '0'"),
        (["fuzz", "--shard", "3/2"], "--shard must be K/N with 1 <= K <= N (part K of N), got '3/2'"),
        (["fuzz", "--shard", "0/2"], "--shard must be K/N with 1 <= K <= N"),
        (["verify", "--shard", "two"], "--shard must be K/N with 1 <= K <= N"),
        (["fuzz", "--replay", "x.json", "--jobs", "2"], "--jobs does not go with --replay"),
    ])
    func badArguments(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == .badInput)
        #expect(run.error.contains(message), "\(run.error)")
    }

    @Test func theDistributionIsATable() {
        let run = runTool("fuzz", "--distribution", "50", "--seed", "3")
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.hasPrefix("| share of cases | feature |"))
        #expect(run.output.contains("% | a section of 9 columns |"))
        #expect(run.output.contains("50 cases of seed 3, threads 1,2,3,8"))
    }

    @Test(arguments: [["verify", "--help"], ["fuzz", "--help"], ["bench", "--help"], ["compare", "--help"]])
    func help(arguments: [String]) {
        #expect(runTool(arguments).output.contains("USAGE: masonry \(arguments[0])"))
    }
}
