#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process with a pipe to its standard input, a pipe from its standard output and its
/// standard error in a file; reads and writes wait at most until a deadline, so a child that
/// hangs cannot hang its parent. The one place the fuzzer touches processes and file descriptors.
///
/// Not thread-safe: one owner drives it. The parent must ignore SIGPIPE (`ignoreBrokenPipes()`):
/// writing to a child that died must be an error, not the end of the parent.
final class ChildProcess {
    /// How the child ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal) (\(Self.signalName(signal)))"
            }
        }

        static func signalName(_ signal: Int32) -> String {
            switch signal {
            case SIGILL: "SIGILL: a trap, such as an index out of range or a failed precondition"
            case SIGTRAP: "SIGTRAP: a trap, such as an index out of range or a failed precondition"
            case SIGABRT: "SIGABRT"
            case SIGSEGV: "SIGSEGV"
            case SIGBUS: "SIGBUS"
            case SIGKILL: "SIGKILL: out of memory, or killed"
            case SIGFPE: "SIGFPE"
            default: "signal \(signal)"
            }
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    /// The file the child's standard error goes to.
    let errorLogPath: String
    private let toChild: Int32
    /// The child's standard output.
    private(set) var output: DescriptorReader
    private var termination: Termination?

    /// Starts `executable` with `arguments` and the parent's environment plus `environment`.
    init(executable: String, arguments: [String], environment: [String: String], errorLogPath: String) throws(SpawnError) {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&output) == 0 else {
            close(input[0]); close(input[1])
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // The parent's ends must not leak into later children.
        for descriptor in [input[1], output[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorLogPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for descriptor in [input[0], input[1], output[0], output[1]] { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(input[0])
        close(output[1])
        guard status == 0 else {
            close(input[1]); close(output[0])
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        toChild = input[1]
        self.output = DescriptorReader(output[0])
        self.errorLogPath = errorLogPath
    }

    deinit {
        kill()
        close(toChild)
        close(output.descriptor)
    }

    /// Makes writing to a closed pipe an error (EPIPE) instead of a signal that ends this process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    // MARK: Input and output

    /// Writes all of `bytes` to the child's standard input; false when the child is gone or the
    /// deadline passed.
    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        DescriptorIO.write(bytes, to: toChild, deadline: deadline)
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

    /// Kills the child (SIGKILL) if it runs, and reaps it.
    func kill() {
        guard termination == nil else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(pid, SIGKILL)
        #else
        _ = Darwin.kill(pid, SIGKILL)
        #endif
        _ = waitForExit()
    }

    /// Waits for the child to end (after its output closed) and says how it ended.
    func waitForExit() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The wait status: the low 7 bits are the signal (0 when the child exited).
        let signal = status & 0x7F
        let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        termination = ended
        return ended
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
