// `ChildProcess`: a worker child with piped stdin and stdout, whose reads and writes honour deadlines.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MasonrySupport

/// A child process with a pipe to its standard input, a pipe from its standard output and its
/// standard error in a file; reads and writes wait at most until a deadline, so a child that
/// hangs cannot hang its parent. The fuzzer's one handle on its workers (started, like every
/// child of the tool, as a `Subprocess`).
///
/// Not thread-safe: one owner drives it. The parent must ignore SIGPIPE (`ignoreBrokenPipes()`):
/// writing to a child that died must be an error, not the end of the parent.
final class ChildProcess {
    typealias Termination = Subprocess.Termination
    typealias SpawnError = Subprocess.StartError

    private let process: Subprocess
    /// The file the child's standard error goes to.
    let errorLogPath: String
    /// The child's standard output.
    private(set) var output: DescriptorReader

    /// Starts `executable` with `arguments` and the parent's environment plus `environment`;
    /// with `newProcessGroup`, as the leader of a process group of its own, which `kill()` ends
    /// whole (the child and whatever it started: a fuzz worker's external engine).
    init(executable: String, arguments: [String], environment: [String: String], errorLogPath: String,
         newProcessGroup: Bool = false) throws(SpawnError) {
        process = try Subprocess(executable: executable, arguments: arguments, environment: .adding(environment),
                                 input: .pipe, output: .pipe, error: .file(errorLogPath), newProcessGroup: newProcessGroup)
        output = DescriptorReader(process.output!)
        self.errorLogPath = errorLogPath
    }

    deinit {
        kill()
    }

    /// Makes writing to a closed pipe an error (EPIPE) instead of a signal that ends this process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    // MARK: Input and output

    /// Writes all of `bytes` to the child's standard input; false when the child is gone or the
    /// deadline passed.
    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        DescriptorIO.write(bytes, to: process.input!, deadline: deadline)
    }

    /// The next line of the child's output.
    func readLine(deadline: ContinuousClock.Instant) -> DescriptorReader.Read {
        output.readLine(deadline: deadline)
    }

    /// Exactly `count` bytes of the child's output.
    func read(count: Int, deadline: ContinuousClock.Instant) -> DescriptorReader.Read {
        output.read(count: count, deadline: deadline)
    }

    // MARK: Ending

    /// Kills the child (SIGKILL; its whole group when it leads one) if it runs, and reaps it.
    func kill() {
        process.kill()
    }

    /// Waits for the child to end (after its output closed) and says how it ended.
    func waitForExit() -> Termination {
        process.waitForExit()
    }

    /// What the child wrote to its standard error (at most the first `limit` bytes).
    func errorText(limit: Int = 65_536) -> String {
        guard let file = fopen(errorLogPath, "r") else { return "" }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = fread(&bytes, 1, bytes.count, file)
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
