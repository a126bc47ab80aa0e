import MasonryBenchmarkHarness

/// A `masonry` subcommand.
protocol Command {
    /// The name typed after `masonry`.
    static var name: String { get }
    /// One line for `masonry --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs with the arguments after the command name.
    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode
}

/// What a command runs with besides its arguments.
struct CommandContext {
    var console: Console
    /// The process's allocator, when jemalloc is (pre)loaded.
    var jemalloc: Jemalloc?
}

extension Command {
    static var qualifiedName: String { "masonry \(name)" }

    /// Parses the command's arguments (options take a value, flags none); for `--help`, prints
    /// the help and returns nil.
    static func parse(_ arguments: [String], options: Set<String>, flags: Set<String> = [],
                      console: Console) throws(CommandFailure) -> Arguments? {
        let parsed = try Arguments(arguments, command: qualifiedName, options: options, flags: flags)
        if parsed.wantsHelp {
            console.output(help + "\n")
            return nil
        }
        return parsed
    }
}
