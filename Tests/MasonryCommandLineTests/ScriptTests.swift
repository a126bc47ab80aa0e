// Tests of the shell scripts' own logic: `Scripts/bench` lets the user's options win (with a stand-in tool), `Scripts/mutate` checks its shard.
import Foundation
import Testing

/// The shell scripts' own logic, run with a stand-in tool that prints the arguments it gets.
@Suite struct ScriptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `Scripts/NAME arguments` with `MASONRY_TOOL` set to a script that echoes its arguments.
    static func runScript(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let echo = try temporaryFile("#!/bin/sh\necho \"$@\"\n", name: "echo-tool")
        chmod(echo, 0o755)
        let process = Process()
        process.executableURL = repository.appendingPathComponent("Scripts/\(name)")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["MASONRY_TOOL": echo]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Regression: the script put its defaults before the user's options, so `Scripts/bench --suite
    /// smoke` (the README's example) failed with "--suite given twice".
    @Test(arguments: [
        ([], "bench --suite standard --out Results/latest.json"),
        (["--suite", "smoke"], "bench --out Results/latest.json --suite smoke"),
        (["--suite=smoke", "--filter", "prepare/"], "bench --out Results/latest.json --suite=smoke --filter prepare/"),
        (["--out", "/tmp/x.json", "--suite", "full"], "bench --out /tmp/x.json --suite full"),
        (["--filter", "--suite"], "bench --suite standard --out Results/latest.json --filter --suite"),
    ])
    func benchLetsTheUsersOptionsWin(arguments: [String], expected: String) throws {
        let run = try Self.runScript("bench", arguments)
        #expect(run.status == 0)
        #expect(run.output == expected)
    }

    /// `Scripts/mutate --shard K/N` takes 1 <= K <= N and refuses anything else with exit 2,
    /// before it builds anything.
    @Test(arguments: ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3"])
    func mutateRefusesABadShard(shard: String) throws {
        #expect(try Self.runScript("mutate", ["--shard", shard, "--list"]).status == 2)
    }
}
