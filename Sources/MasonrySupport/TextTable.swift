// TextTable: rows of cells rendered as Markdown or aligned plain text.
/// A table of text cells, rendered as Markdown (for files and `--format markdown`) or as aligned
/// plain text (for a terminal): one set of rows, two renderings.
public struct TextTable: Sendable, Equatable {
    /// How a column's cells line up.
    public enum Alignment: Sendable {
        case left
        case right
    }

    public var header: [String]
    public var alignments: [Alignment]
    public var rows: [[String]] = []

    /// A table with these column titles; columns are left-aligned unless `alignments` says otherwise.
    public init(header: [String], alignments: [Alignment]? = nil) {
        self.header = header
        self.alignments = alignments ?? header.map { _ in .left }
        precondition(self.alignments.count == header.count, "one alignment per column")
    }

    /// Adds a row (one cell per column).
    public mutating func append(_ row: [String]) {
        precondition(row.count == header.count, "a row of \(row.count) cells in a table of \(header.count) columns")
        rows.append(row)
    }

    /// `| a | b |` rows under a header and an alignment row (`|---|---:|`, as the result files'
    /// summaries have always had it). O(cells).
    public var markdown: String {
        let rule = "|" + alignments.map { $0 == .right ? "---:" : "---" }.joined(separator: "|") + "|"
        let lines = [header].map(Self.markdownRow) + [rule] + rows.map(Self.markdownRow)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map(escapeMarkdown).joined(separator: " | ") + " |"
    }

    /// Columns padded to their widest cell, two spaces apart, a dashed line under the header.
    /// O(cells).
    public var plainText: String {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return alignments[column] == .right ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").trailingSpacesRemoved
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// `|` would end the cell; `<` would open an HTML tag (a Swift name's `<A>` vanishes on GitHub).
    private static func escapeMarkdown(_ cell: String) -> String {
        cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
    }
}

extension String {
    fileprivate var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
