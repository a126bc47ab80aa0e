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

    /// The engine's stderr log is removed however its start ends: it was left in the temporary
    /// directory when the engine did not answer hello (the client was never made, so nothing
    /// removed it).
    @Test(arguments: [
        (["fuzz", "--seconds", "1", "--engine-command", "sh -c 'exit 3'"], Int32(2)),
        (["verify", "--suite", "smoke", "--shard", "1/400", "--engine-command", "sh -c 'echo no hello; exit 0'"], Int32(2)),
    ])
    func theEnginesLogIsRemovedWhetherItStartsOrNot(_ arguments: [String], _ status: Int32) throws {
        let scratch = try temporaryDirectory()
        let run = try MasonryExecutable.run(arguments + ["--quiet"], environment: ["TMPDIR": scratch])
        #expect(run.status == status, "\(run.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
    }

    /// A hanging engine is a timeout finding of the case, and it dies with its worker, leaving
    /// no file of the worker's behind (the killed worker's engine log was left in the temporary
    /// directory).
    @Test func anEngineThatHangsIsATimeoutFindingAndDoesNotOutliveTheRun() throws {
        let marker = 600 + Int.random(in: 0..<300)
        let engine = try scriptEngine("read request; exec sleep \(marker)")
        let out = try temporaryDirectory()
        let scratch = try temporaryDirectory()
        let run = try MasonryExecutable.run(["fuzz", "--engine-command", engine, "--engine-timeout", "1", "--seconds", "20",
                                             "--shrink-seconds", "5", "--jobs", "1", "--out", out, "--quiet"],
                                            environment: ["TMPDIR": scratch])
        #expect(run.status == 1)
        #expect(run.error.contains("masonry fuzz: timeout: "), "\(run.error)")
        let left = try MasonryExecutable.processes(matching: "sleep \(marker)")
        #expect(left.isEmpty, "left running: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
    }

    @Test(.enabled(if: pythonEngineCommand() != nil, "python3 is not installed (CI installs it)"))
    func benchMeasuresAndVerifiesTheEngineProgramBesideTheOptimizedEngine() throws {
        let out = try temporaryDirectory() + "/results.json"
        // The optimized engine at 1,000 items (a debug build); the Python one at 100,000 too: a query, an update, a lookup (skipped).
        let filter = "items:1000/|^(query|update|lookup)/external/placement:shortestColumn/items:100000/sections:1/columns:4/threads:1(/rect:viewport)?$"
        let run = try MasonryExecutable.run(["bench", "--suite", "smoke", "--filter", filter, "--repetitions", "2",
                                             "--engine-command", try #require(pythonEngineCommand()), "--out", out, "--quiet"])
        #expect(run.status == 0, "\(run.error)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let names = ((object?["benchmarks"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        for name in ["prepare/external/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1",
                     "query/external/placement:shortestColumn/items:100000/sections:1/columns:4/threads:1/rect:viewport",
                     "update/external/placement:shortestColumn/items:100000/sections:1/columns:4/threads:1",
                     "prepare/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1"] {
            #expect(names.contains(name), "\(name) is not in \(names)")
        }
        #expect(!names.contains { $0.hasPrefix("lookup/external/") || $0.hasPrefix("session/external/") })
        #expect(run.output.contains("every engine gave the reference's frames, bit for bit"))
        #expect(run.output.contains("`external` is python-masonry (format v2)"))
        #expect(run.output.contains("lookup/external/placement:shortestColumn/items:100000/sections:1/columns:4/threads:1: "
                                    + "the engine protocol times prepare, apply and query"))
    }

    @Test(.enabled(if: pythonEngineCommand() != nil, "python3 is not installed (CI installs it)"))
    func thePythonEnginesPlantedFaultIsFoundAndShrunkByTheTool() throws {
        let out = try temporaryDirectory()
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
