// The outputs of an A/B run: its Markdown verdict table and its JSON document of per-round log ratios.
import Foundation

/// The outputs of an A/B run: a Markdown table (benchmark, BASE, HEAD, ratio with interval,
/// verdict, gated) and a JSON document with every round's log ratios (MasonryLayout.docc/Benchmarks.md, "Result files").
package enum ABReportWriters {
    /// The table and a summary naming the revisions, rounds, method and verdict counts. O(rows).
    package static func markdown(_ comparison: ABComparison, base: String, head: String) -> String {
        let settings = comparison.settings
        let counts = settings.metric == .instructions
        var lines = [
            "A/B of BASE `\(base)` and HEAD `\(head)`: \(settings.metric.rawValue), \(comparison.rounds.count) round(s) "
                + "(\(comparison.rounds.map(\.order).joined(separator: " "))), threshold \(Format.percent(settings.thresholdPercent)), "
                + (counts ? "exact counts." : "\(Format.number(settings.confidence * 100, digits: 1))% family-wise intervals of the paired "
                   + "per-round ratio (Wilcoxon signed-rank, Hodges-Lehmann; \(Format.number(comparison.benchmarkConfidence * 100, digits: 3))% for each "
                   + "of \(comparison.rows.count) benchmarks)."),
            "",
            "| benchmark | BASE | HEAD | ratio [interval] | verdict | gated |",
            "|---|---:|---:|---:|---|---|",
        ]
        for row in comparison.rows {
            let value = { (value: Double) in counts ? Format.number(value, digits: 1) : Format.duration(value) }
            let interval = row.interval.map { counts ? "exact" : "[\(ratio($0.lowerBound)), \(ratio($0.upperBound))]" } ?? "[too few rounds]"
            let verdict = row.gated && row.verdict == .regressed ? "**regressed**" : row.verdict.rawValue
            lines.append("| \(row.name) | \(value(row.base)) | \(value(row.head)) | \(ratio(row.ratio)) \(interval) | \(verdict) | \(row.gated ? "yes" : "no") |")
        }
        lines.append("")
        if !comparison.onlyInBase.isEmpty || !comparison.onlyInHead.isEmpty {
            lines.append("Only in BASE: \(comparison.onlyInBase.count), only in HEAD: \(comparison.onlyInHead.count) (not judged).")
            lines.append("")
        }
        let gatedEngines = settings.gatedEngines.sorted().joined(separator: ", ")
        lines.append("Gated (\(gatedEngines)): \(describe(comparison.tally(gated: true))). Reported only: \(describe(comparison.tally(gated: false))).")
        let decided = comparison.rows.filter { $0.gated && $0.verdict != .inconclusive }
        if !counts, let last = decided.map(\.settledRound).max() {
            lines.append("The gated verdicts were settled by round \(last) (each from the round shown in the JSON's `settled_round` on).")
        }
        for attribution in comparison.functions {
            lines += ["", String(attribution.summary.markdown.dropLast())]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func ratio(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    private static func describe(_ tally: [ABComparison.Verdict: Int]) -> String {
        ABComparison.Verdict.allCases.map { "\(tally[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// The JSON document: settings, revisions, rounds and one entry per benchmark (with
    /// `functions`, its largest function changes, where attributed). O(rows x rounds).
    package static func json(_ comparison: ABComparison, base: String, head: String) throws -> Data {
        let settings = comparison.settings
        let attributions = Dictionary(comparison.functions.map { ($0.benchmark, $0) }, uniquingKeysWith: { first, _ in first })
        let benchmarks: [[String: Any]] = comparison.rows.map { row in
            var entry: [String: Any] = [
                "name": row.name, "base": row.base, "head": row.head, "ratio": row.ratio, "verdict": row.verdict.rawValue,
                "gated": row.gated, "log_ratios": row.logRatios, "settled_round": row.settledRound,
            ]
            if let interval = row.interval {
                entry["ratio_low"] = interval.lowerBound
                entry["ratio_high"] = interval.upperBound
            }
            if let attribution = attributions[row.name] { entry["functions"] = attribution.jsonObject }
            return entry
        }
        let document: [String: Any] = [
            "base": base, "head": head, "metric": settings.metric.rawValue, "unit": settings.metric == .instructions ? "instructions" : "ns",
            "threshold_percent": settings.thresholdPercent, "confidence": settings.confidence,
            "confidence_per_benchmark": comparison.benchmarkConfidence,
            "gated_engines": settings.gatedEngines.sorted(), "rounds": comparison.rounds.count,
            "orders": comparison.rounds.map(\.order), "benchmarks": benchmarks,
            "only_in_base": comparison.onlyInBase, "only_in_head": comparison.onlyInHead,
            "regressions": comparison.regressions.count,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }
}
