/// A `masonry` subcommand.
protocol Command {
    /// The name typed after `masonry`.
    static var name: String { get }
    /// One line for `masonry --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs with the arguments after the command name.
    static func run(_ arguments: [String], console: Console) throws(CommandFailure) -> ExitCode
}

extension Command {
    static var qualifiedName: String { "masonry \(name)" }
}
