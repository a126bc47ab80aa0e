// Reruns `masonry bench --metric instructions` under callgrind in a fixed, reproducible environment.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MasonryBenchmarkHarness
import MasonrySupport

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
    /// The environment variable carrying the checkout's commit, read by this process for the
    /// measured one: under valgrind, starting git has failed (Foundation's `Process` did, with
    /// EBADF closing valgrind's reserved descriptors).
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
        let version = Subprocess.output(of: valgrind, ["--version"]) ?? "unknown"
        let directory = try ScratchDirectory.make("callgrind")
        defer { try? FileManager.default.removeItem(at: directory) }

        let clientArguments = [ExecutablePath.current(), "bench"] + arguments + [childOption, directory.path]
        // valgrind's own messages (3.19 warns about DWARF 5 forms in Swift's debug information) go
        // to a log, shown when the measured process fails.
        let log = directory.appendingPathComponent("valgrind.log").path
        let valgrindArguments = ["--tool=callgrind", "--instr-atstart=no", "--log-file=\(log)",
                                 "--callgrind-out-file=\(directory.path)/callgrind.out"] + clientArguments
        let launcher: (executable: String, arguments: [String])
        if let setarch = executable(named: "setarch"), let machine = machine(),
           (try? Subprocess.run(setarch, [machine, "-R", "/bin/true"], output: .discarded, error: .discarded))?.termination == .exited(0) {
            launcher = (setarch, [machine, "-R", valgrind] + valgrindArguments)
        } else {
            // Containers whose seccomp profile refuses the personality change: counts then depend a
            // little more on where things land; the result file's context says "aslr": "on".
            console.error("masonry bench: warning: setarch -R is unavailable here; measuring with address-space randomisation on\n")
            launcher = (valgrind, valgrindArguments)
        }
        let environment = fixedEnvironment(arguments: clientArguments, valgrindVersion: version, commit: BenchmarkRunner.gitCommit())
        console.flush()
        let termination: Subprocess.Termination
        do {
            termination = try Subprocess.run(launcher.executable, launcher.arguments, environment: .replacing(environment)).termination
        } catch {
            throw CommandFailure(.badInput, "cannot start valgrind: \(error.reason)")
        }
        let status = termination.exitStatus.flatMap(ExitCode.init(rawValue:))
        if status == nil || status == .badInput, let text = try? String(contentsOfFile: log, encoding: .utf8) {
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("### unhandled dwarf2") }.suffix(20)
            if !lines.isEmpty { console.error("valgrind's log:\n" + lines.joined(separator: "\n") + "\n") }
        }
        guard let status else {
            let message = switch termination {
            case .exited(let code): "valgrind exited with status \(code)"
            case .signaled(let signal): "the measured process under valgrind ended with signal \(signal)"
            }
            throw CommandFailure(.badInput, message)
        }
        return status
    }

    /// PATH, `SWIFT_DETERMINISTIC_HASHING=1`, jemalloc's `MALLOC_CONF` for counting
    /// (`Jemalloc.countingConfiguration`), valgrind's version, the commit, `LD_PRELOAD` and
    /// `MASONRY_*` when set, and padding that brings arguments plus environment to `environmentBytes`.
    static func fixedEnvironment(arguments: [String], valgrindVersion: String, commit: String,
                                 inherited: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "SWIFT_DETERMINISTIC_HASHING": "1", versionVariable: valgrindVersion, commitVariable: commit,
            "MALLOC_CONF": Jemalloc.countingConfiguration,
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
        ExecutablePath.onPath(name)
    }

    /// `uname -m`: the architecture setarch is given.
    private static func machine() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        return withUnsafeBytes(of: &names.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
