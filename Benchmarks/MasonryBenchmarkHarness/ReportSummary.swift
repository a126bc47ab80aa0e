/// A summary made of paragraphs, headings and tables, rendered as Markdown (result files,
/// `--format markdown`), as aligned plain text (a terminal) or as HTML (the report beside the
/// result files): one content, three renderings.
public struct ReportSummary: Sendable {
    /// One part of a summary.
    public enum Block: Sendable {
        /// Text (Markdown inline code in backticks; lines starting `- ` are a list).
        case paragraph(String)
        case heading(String)
        case table(TextTable)
    }

    public var blocks: [Block]

    public init(_ blocks: [Block] = []) {
        self.blocks = blocks
    }

    public mutating func append(_ block: Block) {
        blocks.append(block)
    }

    public mutating func append(contentsOf summary: ReportSummary) {
        blocks += summary.blocks
    }

    /// Blocks a blank line apart, headings as `### `. O(size).
    public var markdown: String {
        blocks.map { block in
            switch block {
            case .paragraph(let text): text
            case .heading(let text): "### \(text)"
            case .table(let table): String(table.markdown.dropLast())
            }
        }.joined(separator: "\n\n") + "\n"
    }

    /// Blocks a blank line apart, tables aligned in columns, without Markdown's marks. O(size).
    public var plainText: String {
        blocks.map { block in
            switch block {
            case .paragraph(let text): text.replacingOccurrences(of: "`", with: "")
            case .heading(let text): "\(text)\n\(String(repeating: "=", count: text.count))"
            case .table(let table): String(table.plainText.dropLast())
            }
        }.joined(separator: "\n\n") + "\n"
    }
}
