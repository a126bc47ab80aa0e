// The `masonry` tool's entry: its help, subcommand dispatch, and failures turned into exit statuses.
import MasonryLayout
import MasonrySupport

/// The `masonry` command-line tool: dispatches to a subcommand and turns failures into one line
/// on stderr and an exit status.
package enum MasonryTool {
    static var commands: [any Command.Type] { [LayoutCommand.self, QueryCommand.self, BenchCommand.self, CompareCommand.self, HistoryCommand.self, ABCommand.self, VerifyCommand.self, FuzzCommand.self] }

    static var help: String {
        let list = commands.map { "  \($0.name)\(String(repeating: " ", count: max(1, 10 - $0.name.count)))\($0.summary)" }
        return """
            USAGE: masonry COMMAND [OPTIONS]

            Masonry ("waterfall") collection layout engine and its verification tools.

            COMMANDS:
            \(list.joined(separator: "\n"))

            Run 'masonry help COMMAND' (or 'masonry COMMAND --help') for a command's options,
            'masonry --version' for the version. Exit status: 0 success, 1 a check failed, 2 bad
            input or usage.
            """
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    /// `jemalloc` is the process's allocator when the executable links it (benchmarks report
    /// memory and allocation counts only then).
    package static func run(_ arguments: [String], console: Console, jemalloc: (any AllocatorStatistics)? = nil) -> ExitCode {
        defer { console.flush() }
        guard let name = arguments.first else {
            console.error("masonry: missing command (see 'masonry --help')\n")
            return .badInput
        }
        switch name {
        case "--help", "-h":
            console.output(help + "\n")
            return .success
        case "--version":
            console.output("masonry \(MasonryVersion.description)\n")
            return .success
        case "help":
            return showHelp(for: Array(arguments.dropFirst()), console: console)
        default:
            break
        }
        guard let command = command(named: name, console: console) else { return .badInput }
        do {
            return try command.main(Array(arguments.dropFirst()), context: CommandContext(console: console, allocator: jemalloc))
        } catch {
            console.error("\(error.message.hasPrefix("masonry") ? "" : "\(command.qualifiedName): ")\(error.message)\n")
            return error.status
        }
    }

    /// `masonry help [COMMAND]`: the tool's help, or one command's.
    private static func showHelp(for arguments: [String], console: Console) -> ExitCode {
        guard let name = arguments.first else {
            console.output(help + "\n")
            return .success
        }
        guard arguments.count == 1 else {
            console.error("masonry help: unexpected argument '\(arguments[1])' (see 'masonry --help')\n")
            return .badInput
        }
        guard let command = command(named: name, console: console) else { return .badInput }
        console.output(command.help)
        return .success
    }

    /// The command called `name`, or nil after an error that suggests the closest name.
    private static func command(named name: String, console: Console) -> (any Command.Type)? {
        if let command = commands.first(where: { $0.name == name }) { return command }
        let suggestion = NameSuggestion.didYouMean(name, among: commands.map { $0.name } + ["help"], quote: "'")
        console.error("masonry: unknown command '\(name)'\(suggestion) (see 'masonry --help')\n")
        return nil
    }
}
