// The writers of a comparison of two result files: its table in Markdown or as a text table.
import MasonrySupport

/// The outputs of a `Comparison`: its table of rows, for Markdown, plain text or HTML.
public enum ComparisonWriters {
    /// The table: name, baseline, current, change, p, verdict, metric, gated (times in
    /// nanoseconds; `–` for the p of an exact metric), in Markdown. O(rows).
    public static func markdown(_ comparison: Comparison) -> String {
        String(textTable(comparison).markdown.dropLast())
    }

    /// The table's rows, for Markdown, plain text or HTML (`ReportSummary`). O(rows).
    public static func textTable(_ comparison: Comparison) -> TextTable {
        var table = TextTable(header: ["name", "baseline", "current", "change", "p", "verdict", "metric", "gated"],
                              alignments: [.left, .right, .right, .right, .right, .left, .left, .left])
        for row in comparison.rows {
            table.append([row.name, value(row.baseline, row.metric), value(row.current, row.metric),
                          Format.signedPercent(row.changePercent), row.pValue.map { Format.number($0, digits: 3) } ?? "–",
                          row.verdict.rawValue, row.metric, row.gated ? "yes" : "no"])
        }
        return table
    }

    /// A metric's value as the table shows it.
    static func value(_ value: Double, _ metric: String) -> String {
        switch metric {
        case "time": Format.duration(value)
        case "bytes_per_item", "instructions": Format.number(value, digits: 1)
        default: Format.number(value, digits: 0)
        }
    }
}
