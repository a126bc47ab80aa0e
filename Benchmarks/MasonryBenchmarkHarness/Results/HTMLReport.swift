// The self-contained, offline HTML page of a run: the summary's tables and the SVG chart inline.
import MasonrySupport

/// The self-contained HTML page written beside a run's result files (`FILE.html`): the summary's
/// tables and the chart, inline, with a small style sheet and nothing fetched from elsewhere, so
/// it opens anywhere, offline, as a CI artifact.
package enum HTMLReport {
    /// The page for `summary` with the SVG `chart` inline. O(size of the summary and the chart).
    package static func render(_ summary: ReportSummary, chart: String, title: String) -> String {
        page(title: title, body: (chart.hasPrefix("<?xml") ? String(chart.drop { $0 != "\n" }.dropFirst()) : chart) + body(summary))
    }

    /// The page around `body` (HTML, under the title): the head, the style sheet and the title,
    /// shared by every page the harness writes (a run's, `masonry history`'s). O(body).
    static func page(title: String, body: String) -> String {
        """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(SVGText.escape(title))</title>
            <style>
            body { font-family: -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; color: #222; }
            table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
            th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; }
            th { background: #f4f4f4; }
            td.number { text-align: right; font-variant-numeric: tabular-nums; }
            td:first-child { font-family: ui-monospace, monospace; }
            code { background: #f4f4f4; padding: 0 0.2em; }
            svg { max-width: 100%; height: auto; }
            </style>
            </head>
            <body>
            <h1>\(SVGText.escape(title))</h1>
            \(body)</body>
            </html>

            """
    }

    /// The summary's blocks as HTML: headings, paragraphs and tables. O(size of the summary).
    static func body(_ summary: ReportSummary) -> String {
        var html = ""
        for block in summary.blocks {
            switch block {
            case .heading(let text):
                html += "<h2>\(SVGText.escape(text))</h2>\n"
            case .paragraph(let text):
                html += paragraph(text)
            case .table(let table):
                html += self.table(table)
            }
        }
        return html
    }

    /// Text with `inline code`; lines starting `- ` become a list.
    static func paragraph(_ text: String) -> String {
        var html = ""
        var listIsOpen = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let isItem = line.hasPrefix("- ")
            if isItem && !listIsOpen { html += "<ul>\n" }
            if !isItem && listIsOpen { html += "</ul>\n" }
            listIsOpen = isItem
            html += isItem ? "<li>\(inline(String(line.dropFirst(2))))</li>\n" : "<p>\(inline(String(line)))</p>\n"
        }
        return html + (listIsOpen ? "</ul>\n" : "")
    }

    /// Escaped text, with `code` spans between backticks.
    static func inline(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(SVGText.escape(String(part)))</code>" : SVGText.escape(String(part))
        }.joined()
    }

    static func table(_ table: TextTable) -> String {
        var html = "<table>\n<tr>" + table.header.map { "<th>\(SVGText.escape($0))</th>" }.joined() + "</tr>\n"
        for row in table.rows {
            html += "<tr>" + zip(row, table.alignments).map { cell, alignment in
                "<td\(alignment == .right ? " class=\"number\"" : "")>\(SVGText.escape(cell))</td>"
            }.joined() + "</tr>\n"
        }
        return html + "</table>\n"
    }
}
