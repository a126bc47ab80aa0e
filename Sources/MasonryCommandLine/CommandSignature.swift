/// What a command accepts and how it is described: its usage lines, a discussion, its options
/// (each declared once, as `CommandOption`) and its exit statuses. The parser and `--help` both
/// read it, so the help cannot drift from what the command accepts.
struct CommandSignature: Sendable {
    /// The command's name after `masonry`.
    let name: String
    /// One line for `masonry --help`.
    let summary: String
    /// The forms of the command, without `masonry NAME` (`FILE|- [--format csv|json]`).
    let usage: [String]
    /// Paragraphs of explanation between the usage and the options.
    let discussion: String
    /// The options in help order; `--help` is added by the signature.
    let options: [CommandOption]
    /// What the exit statuses mean for this command.
    let exitStatus: String

    init(name: String, summary: String, usage: [String], discussion: String, options: [CommandOption],
         exitStatus: String = "0 success, 2 bad input or usage (one line on stderr).") {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.options = options + [.help]
        self.exitStatus = exitStatus
    }

    var qualifiedName: String { "masonry \(name)" }

    /// The declared option called `name`, if any.
    func option(named name: String) -> CommandOption? {
        options.first { $0.name == name }
    }

    /// The `--help` text, rendered from the declarations: usage, discussion, aligned options,
    /// exit status. O(options).
    var helpText: String {
        var lines: [String] = []
        let prefix = "USAGE: \(qualifiedName) "
        for (index, form) in usage.enumerated() {
            lines.append((index == 0 ? prefix : "       \(qualifiedName) ") + form)
        }
        lines.append("")
        lines.append(discussion)
        let visible = options.filter { !$0.isHidden }
        let column = min(32, (visible.map(\.synopsis.count).max() ?? 0) + 4)
        lines.append("")
        lines.append("OPTIONS:")
        for option in visible {
            let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            let head = "  \(option.synopsis)"
            if head.count + 1 < column + 2 {
                lines.append(head + String(repeating: " ", count: column + 2 - head.count) + helpLines[0])
            } else {
                lines.append(head)
                lines.append(String(repeating: " ", count: column + 2) + helpLines[0])
            }
            for line in helpLines.dropFirst() {
                lines.append(String(repeating: " ", count: column + 2) + line)
            }
        }
        lines.append("")
        lines.append("Exit status: \(exitStatus)")
        return lines.joined(separator: "\n") + "\n"
    }
}
