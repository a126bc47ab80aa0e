/// The forms of a command's output, chosen with `--format`; each command accepts some of them
/// (`masonry layout`: csv, json, svg; `masonry bench`: text, markdown).
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

    /// The `--format` declaration for a command that accepts `choices`, the first the default.
    static func option(_ choices: [OutputFormat], _ help: String) -> CommandOption {
        CommandOption("--format", value: choices.map(\.rawValue).joined(separator: "|"), help)
    }
}
