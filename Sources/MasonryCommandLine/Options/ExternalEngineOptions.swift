// The `--engine-command` and `--engine-timeout` options: an engine in another program, over the engine protocol.
import MasonrySupport
import MasonryVerification

/// `--engine-command CMD` and `--engine-timeout S`, which `verify`, `fuzz` and `bench` share:
/// the engine under test is a program that speaks the engine protocol (EngineProtocol.md).
enum ExternalEngineOptions {
    static let command = Option("--engine-command", value: "CMD", .text, """
        check the engine program CMD instead of the optimized engine: it
        speaks the engine protocol (JSON lines) on its standard input and
        output; words split as a shell splits them, without expansions
        """)
    static let timeout = Option("--engine-timeout", value: "S", .integer(in: 1...86_400), default: 10, """
        the longest the engine program may take over one request: past
        it, it hangs (a fuzz case may take 30 times as long in all)
        """)
    static let options: [any DeclaredOption] = [command, timeout]

    /// The engine program the arguments name, started and greeted; nil without
    /// `--engine-command`. A fuzz worker's (`inWorker`) shares the worker's process group, which
    /// the fuzzer kills whole when a case hangs. A command that does not start or speaks another
    /// protocol is bad input (exit status 2, one line).
    static func process(_ arguments: Arguments, command name: String, inWorker: Bool = false) throws(CommandFailure) -> ExternalEngineProcess? {
        guard let command = try arguments.value(Self.command) else { return nil }
        let timeLimit = Double(try arguments.value(timeout))
        do {
            return try ExternalEngineProcess(command: command, tool: "masonry \(MasonryVersion.number)", timeLimit: timeLimit,
                                             ownProcessGroup: !inWorker)
        } catch {
            throw CommandFailure(.badInput, "\(name): \(error)")
        }
    }

    /// The options that pass the engine program on to a fuzz worker.
    static func workerArguments(_ arguments: Arguments) throws(CommandFailure) -> [String] {
        guard let command = try arguments.value(Self.command) else { return [] }
        return [Self.command.name, command, timeout.name, "\(try arguments.value(timeout))"]
    }
}
