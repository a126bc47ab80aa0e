// A summary of paragraphs, headings and tables, rendered as Markdown, plain text or HTML.
/// A summary made of paragraphs, headings and tables, rendered as Markdown (result files,
/// `--format markdown`), as aligned plain text (a terminal) or as HTML (the report beside the
/// result files): one content, three renderings.
import MasonrySupport

package struct ReportSummary: Sendable {
    /// One part of a summary.
    package enum Block: Sendable {
        /// Text (Markdown inline code in backticks; lines starting `- ` are a list).
        case paragraph(String)
        case heading(String)
        case table(TextTable)
    }

    package var blocks: [Block]

    package init(_ blocks: [Block] = []) {
        self.blocks = blocks
    }

    package mutating func append(_ block: Block) {
        blocks.append(block)
    }

    package mutating func append(contentsOf summary: ReportSummary) {
        blocks += summary.blocks
    }

    /// Blocks a blank line apart, headings as `### `. O(size).
    package var markdown: String {
        blocks.map { block in
            switch block {
            case .paragraph(let text): text
            case .heading(let text): "### \(text)"
            case .table(let table): String(table.markdown.dropLast())
            }
        }.joined(separator: "\n\n") + "\n"
    }

    /// Blocks a blank line apart, tables aligned in columns, without Markdown's marks; a table's
    /// benchmark names are shortened to what tells its rows apart (`commonNameParts`). O(size).
    package var plainText: String {
        blocks.map { block in
            switch block {
            case .paragraph(let text): text.replacingOccurrences(of: "`", with: "")
            case .heading(let text): "\(text)\n\(String(repeating: "=", count: text.count))"
            case .table(let table): String(Self.shortNames(table).dropLast())
            }
        }.joined(separator: "\n\n") + "\n"
    }

    /// The `key:value` parts of the first column's `/`-separated names that every row shares,
    /// in the first row's order (`sections:1`, `threads:1`); empty for fewer than two rows.
    static func commonNameParts(_ table: TextTable) -> [String] {
        guard table.rows.count > 1 else { return [] }
        let names = table.rows.map { $0[0].split(separator: "/").map(String.init) }
        var common = Set(names[0].filter { $0.contains(":") })
        for parts in names.dropFirst() { common.formIntersection(parts) }
        return names[0].filter(common.contains)
    }

    /// `table` as plain text, its names without the parts every row shares, which are said once
    /// above it (`every row: sections:1/columns:4/threads:1`): a terminal's 70-character names
    /// become the few parameters that differ. Unchanged when nothing is shared or the shortened
    /// names would no longer tell the rows apart.
    static func shortNames(_ table: TextTable) -> String {
        let common = Set(commonNameParts(table))
        guard !common.isEmpty else { return table.plainText }
        var shortened = table
        shortened.rows = table.rows.map { row in
            [row[0].split(separator: "/").filter { !common.contains(String($0)) }.joined(separator: "/")] + row.dropFirst()
        }
        let names = shortened.rows.map { $0[0] }
        guard !names.contains(""), Set(names).count == names.count else { return table.plainText }
        return "every row: \(commonNameParts(table).joined(separator: "/"))\n" + shortened.plainText
    }
}
