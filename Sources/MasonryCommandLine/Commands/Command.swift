// The `Command` protocol of `masonry`'s subcommands, their context, and the shared help-or-run `main`.
import MasonrySupport

/// A `masonry` subcommand: its options declared once in `signature` (the parser and `--help`
/// read the same declarations) and what it does with the parsed arguments.
protocol Command {
    /// The command's name, summary, usage, options and exit statuses.
    static var signature: CommandSignature { get }
    /// Runs with the parsed arguments (never a request for help: `main` answers that).
    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode
    /// Parses the arguments after the command name and runs (a command of several forms, such
    /// as `masonry fuzz`, chooses the form's signature first).
    static func main(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode
}

/// What a command runs with besides its arguments.
struct CommandContext {
    var console: Console
    /// The process's allocator, when it can report its memory (jemalloc, (pre)loaded).
    var allocator: (any AllocatorStatistics)?
}

extension Command {
    /// The name typed after `masonry`.
    static var name: String { signature.name }
    /// One line for `masonry --help`.
    static var summary: String { signature.summary }
    /// The full `--help` text, rendered from the signature.
    static var help: String { signature.helpText }
    static var qualifiedName: String { signature.qualifiedName }

    /// Parses the arguments after the command name against the signature; prints the help for
    /// `-h`/`--help` (anywhere), otherwise runs the command.
    static func main(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(arguments, signature: signature)
        if parsed.wantsHelp {
            context.console.output(help)
            return .success
        }
        return try run(parsed, context: context)
    }
}
