// `masonry verify` and `masonry fuzz` with `--engine-command`: bad commands, a hanging engine, the Python engine's planted fault.
import Foundation
import Testing

@Suite struct EngineCommandTests {
    @Test(arguments: [
        (["verify", "--engine-command", "/nonexistent/engine"], "masonry verify: --engine-command: '/nonexistent/engine' is not an executable file"),
        (["verify", "--engine-command", "sh", "--threads", "2"],
         "masonry verify: --threads does not go with --engine-command (the engine program's threads are its own) (see 'masonry verify --help')"),
        (["fuzz", "--seconds", "1", "--engine-command", "sh -c 'exit 3'"], "masonry fuzz: the engine (sh -c 'exit 3') exited with status 3 before answering hello"),
    ])
    func aBadEngineCommandIsBadInput(_ arguments: [String], _ message: String) throws {
        let run = try MasonryExecutable.run(arguments)
        #expect(run.status == 2)
        #expect(run.error == message + "\n")
        #expect(run.output.isEmpty)
    }

    /// A hanging engine is a timeout finding of the case, and it dies with its worker.
    @Test func anEngineThatHangsIsATimeoutFindingAndDoesNotOutliveTheRun() throws {
        let marker = 600 + Int.random(in: 0..<300)
        let engine = try scriptEngine("read request; exec sleep \(marker)")
        let out = temporaryDirectory()
        let run = try MasonryExecutable.run(["fuzz", "--engine-command", engine, "--engine-timeout", "1", "--seconds", "20",
                                             "--shrink-seconds", "5", "--jobs", "1", "--out", out, "--quiet"])
        #expect(run.status == 1)
        #expect(run.error.contains("masonry fuzz: timeout: "), "\(run.error)")
        let left = try MasonryExecutable.processes(matching: "sleep \(marker)")
        #expect(left.isEmpty, "left running: \(left)")
    }

    @Test(.enabled(if: pythonEngineCommand() != nil, "python3 is not installed (CI installs it)"))
    func thePythonEnginesPlantedFaultIsFoundAndShrunkByTheTool() throws {
        let out = temporaryDirectory()
        let run = try MasonryExecutable.run(["fuzz", "--engine-command", try #require(pythonEngineCommand("--planted-fault ties")),
                                             "--seconds", "30", "--shrink-seconds", "60", "--jobs", "1", "--out", out, "--quiet"])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("engine: python-masonry (format v2), planted fault ties;"))
        let shrunk = try #require(run.output.firstMatch(of: /shrunk from \d+ to (\d+) items/).map { Int($0.1)! })
        #expect(shrunk <= 10)
        let reproducer = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".json") })
        let replay = try MasonryExecutable.run(["fuzz", "--replay", "\(out)/\(reproducer)", "--engine-command", try #require(pythonEngineCommand())])
        #expect(replay.status == 0, "\(replay.output) \(replay.error)")
    }
}
