// The writers of a comparison of two result files: its table in Markdown or as a text table, and its JSON.
import Foundation
import MasonrySupport

/// The outputs of a `Comparison`: its table of rows, for Markdown, plain text or HTML, and a
/// JSON document for scripts.
package enum ComparisonWriters {
    /// The table: name, baseline, current, change, p, verdict, metric, gated (times in
    /// nanoseconds; `–` for the p of an exact metric), in Markdown. O(rows).
    package static func markdown(_ comparison: Comparison) -> String {
        String(textTable(comparison).markdown.dropLast())
    }

    /// The table's rows, for Markdown, plain text or HTML (`ReportSummary`). O(rows).
    package static func textTable(_ comparison: Comparison) -> TextTable {
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

    /// The JSON document (`masonry compare --out`): the files, the thresholds, one entry per
    /// row (name, metric, baseline, current, change_percent, p, verdict, gated) with `functions`,
    /// its benchmark's largest function changes, where attributed (as `masonry ab --out` writes
    /// them), and the benchmarks only one file has. O(rows + functions).
    package static func json(_ comparison: Comparison, baseline: String, current: String, policy: Comparison.Policy) throws -> Data {
        let attributions = Dictionary(comparison.functions.map { ($0.benchmark, $0) }, uniquingKeysWith: { first, _ in first })
        let rows: [[String: Any]] = comparison.rows.map { row in
            var entry: [String: Any] = [
                "name": row.name, "metric": row.metric, "baseline": row.baseline, "current": row.current,
                // JSON has no infinity: a change from a baseline of 0 is written as null.
                "change_percent": row.changePercent.isFinite ? row.changePercent as Any : NSNull(),
                "p": row.pValue.map { $0 as Any } ?? NSNull(), "verdict": row.verdict.rawValue, "gated": row.gated,
            ]
            if let attribution = attributions[row.name] { entry["functions"] = attribution.jsonObject }
            return entry
        }
        let document: [String: Any] = [
            "baseline": baseline, "current": current,
            "time_threshold_percent": policy.timeThresholdPercent, "alpha": policy.alpha,
            "instructions_threshold_percent": policy.instructionsThresholdPercent,
            "allocation_threshold_percent": policy.allocationThresholdPercent,
            "gated_engines": policy.gatedEngines.sorted(), "rows": rows,
            "only_in_baseline": comparison.onlyInBaseline, "only_in_current": comparison.onlyInCurrent,
            "regressions": comparison.regressions.count,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }
}
