#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MasonryBenchmarkHarness

/// Runs `masonry bench --metric instructions` again under Valgrind's callgrind, so the user types
/// one command: the same executable and arguments plus the internal `--callgrind-child DIR`, with
/// instrumentation off at start (`--instr-atstart=no`: the harness turns it on around each
/// measured region), address-space randomisation off (`setarch -R`), fixed hashing seeds and a
/// fixed environment, padded to a constant size so the initial stack sits at the same address
/// whatever the paths and options. The measured process writes the results; this one waits and
/// passes its exit status on.
enum CallgrindLauncher {
    /// The internal option that tells `masonry bench` it is the measured process.
    static let childOption = "--callgrind-child"
    /// The environment variable carrying valgrind's version to the measured process.
    static let versionVariable = "MASONRY_VALGRIND_VERSION"
    /// The environment variable carrying the checkout's commit: under valgrind, Foundation's
    /// `Process` cannot start `git` (it fails with EBADF closing valgrind's reserved descriptors).
    static let commitVariable = "MASONRY_GIT_COMMIT"
    /// Bytes of argument and environment strings the measured process starts with (before
    /// valgrind adds its own few, the same on every run).
    static let environmentBytes = 8192

    static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> ExitCode {
        guard BenchmarkMetric.instructionCountingIsBuiltIn else {
            throw CommandFailure(.badInput, "--metric instructions: this masonry was built without valgrind's headers; "
                                 + "install valgrind (Scripts/lib/requirements.sh does) and rebuild")
        }
        guard let valgrind = executable(named: "valgrind") else {
            throw CommandFailure(.badInput, "--metric instructions needs valgrind, which is not on PATH "
                                 + "(Debian: apt-get install valgrind; Scripts/lib/requirements.sh installs it)")
        }
        let version = (try? capture(valgrind, ["--version"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        let directory = try ScratchDirectory.make("callgrind")
        defer { try? FileManager.default.removeItem(at: directory) }

        let tool = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let clientArguments = [tool, "bench"] + arguments + [childOption, directory.path]
        // valgrind's own messages (3.19 warns about DWARF 5 forms in Swift's debug information) go
        // to a log, shown when the measured process fails.
        let log = directory.appendingPathComponent("valgrind.log").path
        let valgrindArguments = ["--tool=callgrind", "--instr-atstart=no", "--log-file=\(log)",
                                 "--callgrind-out-file=\(directory.path)/callgrind.out"] + clientArguments
        let process = Process()
        if let setarch = executable(named: "setarch"), let machine = machine(),
           (try? capture(setarch, [machine, "-R", "/bin/true"])) != nil {
            process.executableURL = URL(fileURLWithPath: setarch)
            process.arguments = [machine, "-R", valgrind] + valgrindArguments
        } else {
            // Containers whose seccomp profile refuses the personality change: counts then depend a
            // little more on where things land; the result file's context says "aslr": "on".
            console.error("masonry bench: warning: setarch -R is unavailable here; measuring with address-space randomisation on\n")
            process.executableURL = URL(fileURLWithPath: valgrind)
            process.arguments = valgrindArguments
        }
        process.environment = fixedEnvironment(arguments: clientArguments, valgrindVersion: version,
                                               commit: BenchmarkRunner.gitCommit())
        console.flush()
        do {
            try process.run()
        } catch {
            throw CommandFailure(.badInput, "cannot start valgrind: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let status = process.terminationReason == .exit ? ExitCode(rawValue: process.terminationStatus) : nil
        if status == nil || status == .badInput, let text = try? String(contentsOfFile: log, encoding: .utf8) {
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("### unhandled dwarf2") }.suffix(20)
            if !lines.isEmpty { console.error("valgrind's log:\n" + lines.joined(separator: "\n") + "\n") }
        }
        guard let status else {
            throw CommandFailure(.badInput, process.terminationReason == .exit
                                 ? "valgrind exited with status \(process.terminationStatus)"
                                 : "the measured process under valgrind ended with signal \(process.terminationStatus)")
        }
        return status
    }

    /// PATH, `SWIFT_DETERMINISTIC_HASHING=1`, valgrind's version, the commit, `LD_PRELOAD` and
    /// `MASONRY_*` when set, and padding that brings arguments plus environment to `environmentBytes`.
    static func fixedEnvironment(arguments: [String], valgrindVersion: String, commit: String,
                                 inherited: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "SWIFT_DETERMINISTIC_HASHING": "1", versionVariable: valgrindVersion, commitVariable: commit,
        ]
        // A preloaded allocator and the tool's own settings (MASONRY_*) stay as they are: the
        // measured process must allocate as this one does.
        for (key, value) in inherited where key == "LD_PRELOAD" || (key.hasPrefix("MASONRY_") && environment[key] == nil) {
            environment[key] = value
        }
        let padding = "MASONRY_PADDING"
        let used = arguments.reduce(0) { $0 + $1.utf8.count + 1 }
            + environment.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 } + padding.utf8.count + 2
        environment[padding] = String(repeating: "x", count: max(0, environmentBytes - used))
        return environment
    }

    /// The full path of `name` on PATH, or nil.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `uname -m`: the architecture setarch is given.
    private static func machine() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        return withUnsafeBytes(of: &names.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Runs a command to completion and returns its standard output; throws when it fails.
    static func capture(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandFailure(.badInput, "\(executable) exited with \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
