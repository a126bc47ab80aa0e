// Subprocess: the one way the tool starts another program (git, valgrind, a bench run, a fuzz worker).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

#if canImport(Glibc)
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
/// module leaves out (it sits behind a feature macro): the child closes every descriptor from
/// `lowest` up.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func posixSpawnFileActionsAddCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32
#endif

/// A program started with `posix_spawn`, each of its standard streams inherited, discarded,
/// piped to or from this process, or sent to a file.
///
/// `posix_spawn` rather than Foundation's `Process`: the fuzzer reads its workers' pipes with
/// deadlines and reaps them itself (`waitpid`), which `Process`'s own reaping would race, and
/// under valgrind `Process` cannot start a child at all (it fails with EBADF closing valgrind's
/// reserved descriptors). Not thread-safe: one owner drives it. This process's ends of the pipes
/// are closed on `exec`, so they do not leak into later children, and closed when it is freed.
public final class Subprocess {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// This process's own stream.
        case inherited
        /// `/dev/null`.
        case discarded
        /// A pipe to or from this process: `input`, `output` or `error`.
        case pipe
        /// A file, created or truncated (mode 0600); for output streams.
        case file(String)
    }

    /// The child's environment.
    public enum Environment: Sendable {
        case inherited
        /// This process's environment with these variables added or replaced.
        case adding([String: String])
        /// Exactly these variables.
        case replacing([String: String])
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or nil when a signal ended the child.
        public var exitStatus: Int32? {
            if case .exited(let status) = self { status } else { nil }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal) (\(Self.signalName(signal)))"
            }
        }

        /// The signal's name, with what usually sends it to a Swift program.
        public static func signalName(_ signal: Int32) -> String {
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

    /// Why a child did not start: `reason` is the system's word for it (`No such file or directory`).
    public struct StartError: Error, CustomStringConvertible {
        public var executable: String
        public var reason: String
        public var description: String { "cannot start \(executable): \(reason)" }
    }

    /// What a child that ran to its end left: how it ended and what it wrote to the piped streams.
    public struct Completion: Sendable {
        public var termination: Termination
        public var output: [UInt8]
        public var error: [UInt8]
    }

    public let pid: pid_t
    /// This process's ends of the pipes, for the streams started as `.pipe` (nil otherwise).
    public let input: Int32?
    public let output: Int32?
    public let error: Int32?
    /// Whether the child leads a process group of its own, which `kill()` ends whole.
    public let leadsProcessGroup: Bool
    private var termination: Termination?

    /// Starts `executable` (a path: PATH is not searched) with `arguments`; with
    /// `newProcessGroup`, as the leader of a new process group (`kill()` then ends the processes
    /// it starts too, and a terminal's Ctrl-C does not reach it: its parent ends it).
    public init(executable: String, arguments: [String], environment: Environment = .inherited,
                input: Stream = .inherited, output: Stream = .inherited, error: Stream = .inherited,
                newProcessGroup: Bool = false) throws(StartError) {
        var pipes: [(parent: Int32, child: Int32)?] = []
        func closePipes() {
            for pipe in pipes.compactMap({ $0 }) { close(pipe.parent); close(pipe.child) }
        }
        for (stream, isInput) in [(input, true), (output, false), (error, false)] {
            guard case .pipe = stream else { pipes.append(nil); continue }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                let reason = String(cString: strerror(errno))
                closePipes()
                throw StartError(executable: executable, reason: "pipe: \(reason)")
            }
            let (parent, child) = isInput ? (ends[1], ends[0]) : (ends[0], ends[1])
            _ = fcntl(parent, F_SETFD, FD_CLOEXEC)
            pipes.append((parent, child))
        }

        let variables: [String: String] = switch environment {
        case .inherited: ProcessInfo.processInfo.environment
        case .adding(let added): ProcessInfo.processInfo.environment.merging(added) { _, new in new }
        case .replacing(let variables): variables
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let streams = [input, output, error]
        /// posix_spawn with the child's streams set up, and with every other descriptor closed
        /// in the child when `closingOthers`.
        func spawn(closingOthers: Bool) -> (status: Int32, child: pid_t) {
            #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            #else
            var actions = posix_spawn_file_actions_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for (descriptor, stream) in streams.enumerated() {
                let target = Int32(descriptor)
                switch stream {
                case .inherited: break
                case .discarded:
                    posix_spawn_file_actions_addopen(&actions, target, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
                case .pipe: posix_spawn_file_actions_adddup2(&actions, pipes[descriptor]!.child, target)
                case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                }
            }
            for pipe in pipes.compactMap({ $0 }) {
                posix_spawn_file_actions_addclose(&actions, pipe.parent)
                posix_spawn_file_actions_addclose(&actions, pipe.child)
            }
            #if canImport(Glibc)
            if closingOthers { _ = posixSpawnFileActionsAddCloseFrom(&actions, 3) }
            #endif
            #if canImport(Darwin)
            var attributes: posix_spawnattr_t? = nil
            #else
            var attributes = posix_spawnattr_t()
            #endif
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            if newProcessGroup {
                posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
                posix_spawnattr_setpgroup(&attributes, 0)
            }
            var child: pid_t = 0
            let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
            return (status, child)
        }
        // The child gets its three streams and nothing else. Without the close it inherits every
        // descriptor this process holds without FD_CLOEXEC at that moment, another thread's too:
        // a file a test was still writing, which the child then held open until it exited, so
        // exec'ing that file failed with "Text file busy" (ABCommandTests, tests in parallel), or
        // a pipe end of another child's, whose reader then never saw end of file. Under valgrind
        // (instruction mode) closing "every" descriptor reaches valgrind's own, the close fails
        // with EBADF and so does the spawn: then the child inherits, as before.
        var (status, child) = spawn(closingOthers: true)
        if status == EBADF { (status, child) = spawn(closingOthers: false) }
        // A file just written (a script a test made, a binary a build linked) can still be open
        // for writing in a child that another thread's spawner (Foundation's `Process`, which
        // does not close others) has forked and not yet exec'd: "Text file busy" for that short
        // window (CI, ABCommandTests in parallel). Try again for up to half a second, as Go's
        // os/exec does.
        var busyRetries = 0
        while status == ETXTBSY, busyRetries < 50 {
            usleep(10_000)
            busyRetries += 1
            (status, child) = spawn(closingOthers: true)
            if status == EBADF { (status, child) = spawn(closingOthers: false) }
        }
        for pipe in pipes.compactMap({ $0 }) { close(pipe.child) }
        guard status == 0 else {
            for pipe in pipes.compactMap({ $0 }) { close(pipe.parent) }
            throw StartError(executable: executable, reason: String(cString: strerror(status)))
        }
        pid = child
        leadsProcessGroup = newProcessGroup
        self.input = pipes[0]?.parent
        self.output = pipes[1]?.parent
        self.error = pipes[2]?.parent
    }

    deinit {
        for descriptor in [input, output, error].compactMap({ $0 }) { close(descriptor) }
    }

    /// Runs `executable` to its end, reading its piped streams as it writes them. O(output).
    public static func run(_ executable: String, _ arguments: [String], environment: Environment = .inherited,
                           output: Stream = .inherited, error: Stream = .inherited) throws(StartError) -> Completion {
        let process = try Subprocess(executable: executable, arguments: arguments, environment: environment,
                                     output: output, error: error)
        let texts = readToEnd([process.output, process.error])
        return Completion(termination: process.waitForExit(), output: texts[0], error: texts[1])
    }

    /// The standard output of `executable`, without leading and trailing white space, when it
    /// starts, exits with status 0 and writes something; its standard error is discarded.
    public static func output(of executable: String, _ arguments: [String]) -> String? {
        guard let completion = try? run(executable, arguments, output: .pipe, error: .discarded),
              completion.termination == .exited(0) else { return nil }
        let text = String(decoding: completion.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Kills the child (SIGKILL; its whole process group when it leads one) if it has not
    /// ended, and reaps it.
    public func kill() {
        guard termination == nil else { return }
        // Not reaped yet, so the pid (and the group's id) is still the child's.
        let target = leadsProcessGroup ? -pid : pid
        #if canImport(Glibc)
        _ = Glibc.kill(target, SIGKILL)
        #else
        _ = Darwin.kill(target, SIGKILL)
        #endif
        _ = waitForExit()
    }

    /// Waits for the child to end and says how it ended (the same answer on every later call).
    public func waitForExit() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The wait status: the low 7 bits are the signal (0 when the child exited).
        let signal = status & 0x7F
        let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        termination = ended
        return ended
    }

    /// Everything written to each descriptor until its writer closes it (nil: nothing to read),
    /// all read together so that a child filling one pipe never waits on a reader of the other.
    private static func readToEnd(_ descriptors: [Int32?]) -> [[UInt8]] {
        var contents = descriptors.map { _ in [UInt8]() }
        var open = descriptors.enumerated().compactMap { index, descriptor in descriptor.map { (index, $0) } }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            var stillOpen: [(Int, Int32)] = []
            for ((index, descriptor), polled) in zip(open, polled) {
                guard polled.revents != 0 else { stillOpen.append((index, descriptor)); continue }
                let count = read(descriptor, &chunk, chunk.count)
                if count > 0 {
                    contents[index].append(contentsOf: chunk[..<count])
                    stillOpen.append((index, descriptor))
                } else if count < 0 && errno == EINTR {
                    stillOpen.append((index, descriptor))
                }
            }
            open = stillOpen
        }
        return contents
    }
}
