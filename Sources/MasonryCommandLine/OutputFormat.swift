/// The forms of a command's output, chosen with `--format`; each command accepts some of them
/// (`masonry layout`: csv, json, svg; `masonry bench` and `masonry compare`: text, markdown).
import MasonrySupport

enum OutputFormat: String, CaseIterable {
    /// Comma-separated values with a header line.
    case csv
    /// A JSON document.
    case json
    /// A drawing (SVG 1.1).
    case svg
    /// Aligned plain-text tables, for a terminal.
    case text
    /// Markdown tables, for files and pull requests.
    case markdown

    /// `--format text|markdown` of the commands that print summaries.
    static let summaryOption = option([.text, .markdown], """
        text: tables aligned in columns; markdown: Markdown tables, as in
        the result files (default: text on a terminal, markdown otherwise)
        """)

    /// The summary format asked for, or the console's: text on a terminal, Markdown in a pipe or a file.
    static func summary(_ arguments: Arguments, console: Console) throws(CommandFailure) -> OutputFormat {
        try arguments.choice(summaryOption, among: [.text, .markdown], default: console.outputIsTerminal ? .text : .markdown)
    }

    /// The `--format` declaration for a command that accepts `choices`, the first the default.
    static func option(_ choices: [OutputFormat], _ help: String) -> CommandOption {
        CommandOption("--format", value: choices.map(\.rawValue).joined(separator: "|"), help)
    }
}
