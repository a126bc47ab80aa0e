// What a command accepts and how its help describes it, rendered from the option declarations.

/// What a command accepts and how it is described: its usage lines, a discussion, its options
/// (each declared once, as `Option` or `Flag`) and its exit statuses. The parser and `--help`
/// both read it, so the help cannot drift from what the command accepts.
public struct CommandSignature: Sendable {
    /// The command's name after the tool's (`bench`).
    public let name: String
    /// The tool and the command, as errors and the usage name it (`masonry bench`).
    public let qualifiedName: String
    /// One line for the tool's list of commands.
    public let summary: String
    /// The forms of the command, without the qualified name (`FILE|- [--format csv|json]`).
    public let usage: [String]
    /// Paragraphs of explanation between the usage and the options.
    public let discussion: String
    /// The options in help order; `--help` is added by the signature.
    public let options: [OptionDeclaration]
    /// What the exit statuses mean for this command.
    public let exitStatus: String
    /// The " did you mean …?" to append when `word` is not among `candidates` (empty for none):
    /// the tool's own, so that this target needs no spelling library.
    public let suggest: @Sendable (_ word: String, _ candidates: [String]) -> String

    public init(tool: String, name: String, summary: String, usage: [String], discussion: String, options: [any DeclaredOption],
                exitStatus: String = "0 success, 2 bad input or usage (one line on stderr).",
                suggest: @escaping @Sendable (_ word: String, _ candidates: [String]) -> String = { _, _ in "" }) {
        self.name = name
        qualifiedName = tool.isEmpty ? name : "\(tool) \(name)"
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.options = options.map(\.declaration) + [Flag.help.declaration]
        self.exitStatus = exitStatus
        self.suggest = suggest
    }

    /// The declared option called `name`, if any.
    public func option(named name: String) -> OptionDeclaration? {
        options.first { $0.name == name }
    }

    /// The `--help` text, rendered from the declarations: usage, discussion, aligned options
    /// (each with its default), exit status. O(options).
    public var helpText: String {
        var lines: [String] = []
        for (index, form) in usage.enumerated() {
            lines.append((index == 0 ? "USAGE: " : "       ") + "\(qualifiedName) " + form)
        }
        lines.append("")
        lines.append(discussion)
        let visible = options.filter { !$0.isHidden }
        let column = min(32, (visible.map(\.synopsis.count).max() ?? 0) + 4)
        let indent = String(repeating: " ", count: column + 2)
        lines.append("")
        lines.append("OPTIONS:")
        for option in visible {
            let helpLines = option.helpLines()
            let head = "  \(option.synopsis)"
            if head.count + 1 < column + 2 {
                lines.append(head + String(repeating: " ", count: column + 2 - head.count) + helpLines[0])
            } else {
                lines.append(head)
                lines.append(indent + helpLines[0])
            }
            lines += helpLines.dropFirst().map { indent + $0 }
        }
        lines.append("")
        lines.append("Exit status: \(exitStatus)")
        return lines.joined(separator: "\n") + "\n"
    }
}
