// The `--format` choices of command output (csv, json, svg, text, markdown) and their options.
import MasonrySupport

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

    /// `--format text|markdown` of the commands that print summaries; without it, the console's.
    static let summaryOption = Option("--format", value: "text|markdown", .choice(among: [OutputFormat.text, .markdown]),
                                      shown: "text on a terminal, markdown otherwise", """
        text: tables aligned in columns; markdown: Markdown tables, as in
        the result files
        """)

    /// The summary format asked for, or the console's: text on a terminal, Markdown in a pipe or a file.
    static func summary(_ arguments: Arguments, console: Console) throws(CommandFailure) -> OutputFormat {
        try arguments.value(summaryOption) ?? (console.outputIsTerminal ? .text : .markdown)
    }

    /// The `--format` declaration for a command that accepts `choices`, the first the default.
    static func option(_ choices: [OutputFormat], _ help: String) -> Option<OutputFormat> {
        Option("--format", value: choices.map(\.rawValue).joined(separator: "|"), .choice(among: choices), default: choices[0], help)
    }
}
