import MasonryBenchmarkHarness

/// The `masonry` command-line tool: dispatches to a subcommand and turns failures into one line
/// on stderr and an exit status.
public enum MasonryTool {
    static var commands: [any Command.Type] { [LayoutCommand.self, QueryCommand.self, BenchCommand.self, CompareCommand.self, ABCommand.self, VerifyCommand.self, FuzzCommand.self] }

    static var help: String {
        let list = commands.map { "  \($0.name)\(String(repeating: " ", count: max(1, 10 - $0.name.count)))\($0.summary)" }
        return """
            USAGE: masonry COMMAND [OPTIONS]

            Masonry ("waterfall") collection layout engine and its verification tools.

            COMMANDS:
            \(list.joined(separator: "\n"))

            Run 'masonry COMMAND --help' for a command's options. Exit status: 0 success, 1 a check
            failed, 2 bad input or usage.
            """
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    /// `jemalloc` is the process's allocator when the executable links it (benchmarks report
    /// memory and allocation counts only then).
    public static func run(_ arguments: [String], console: Console, jemalloc: Jemalloc? = nil) -> ExitCode {
        defer { console.flush() }
        guard let name = arguments.first else {
            console.error("masonry: missing command (see 'masonry --help')\n")
            return .badInput
        }
        if name == "--help" || name == "help" || name == "-h" {
            console.output(help + "\n")
            return .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            console.error("masonry: unknown command '\(name)' (see 'masonry --help')\n")
            return .badInput
        }
        do {
            return try command.run(Array(arguments.dropFirst()), context: CommandContext(console: console, jemalloc: jemalloc))
        } catch {
            console.error("\(error.message.hasPrefix("masonry") ? "" : "\(command.qualifiedName): ")\(error.message)\n")
            return error.status
        }
    }
}
