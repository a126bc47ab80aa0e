// The writers of a benchmark history: its summary (a paragraph and a table) and its HTML page with charts.
import MasonrySupport

/// The outputs of a `BenchmarkHistory`: a summary (text or Markdown through `ReportSummary`)
/// and a self-contained HTML page with one trend chart per benchmark (`HistoryChart`).
package enum HistoryWriters {
    /// What the runs are, how they were ordered (`order`, such as `commit order (git)`) and how
    /// change points were found, above the table. O(benchmarks·runs).
    package static func summary(_ history: BenchmarkHistory, order: String) -> ReportSummary {
        let first = history.commits[0].shortHash, last = history.commits[history.commits.count - 1].shortHash
        let threshold = Format.number(history.policy.threshold(for: history.metric), digits: 2)
        let method = switch history.metric {
        case .instructions: "change points: every step between consecutive runs of more than \(threshold)% (exact counts)"
        case .time: "change points: E-Divisive means (segments of at least \(history.policy.minimumSegment) runs, "
            + "permutation test alpha \(Format.number(history.policy.alpha, digits: 4)), segment medians more than \(threshold)% apart)"
        }
        return ReportSummary([
            .paragraph("Suite `\(history.suite)`, metric \(history.metric.rawValue) "
                       + "(\(history.metric == .instructions ? "median instruction counts" : "median wall times")): "
                       + "\(history.commits.count) file(s), commits `\(first)`..`\(last)` in \(order); \(method)."),
            .table(textTable(history)),
        ])
    }

    /// One row per benchmark: benchmark, points, first, last, min, max, change (last against
    /// first) and its change points (`commit before → after (change)`). O(benchmarks·runs).
    static func textTable(_ history: BenchmarkHistory) -> TextTable {
        var table = TextTable(header: ["benchmark", "points", "first", "last", "min", "max", "change", "change points"],
                              alignments: [.left, .right, .right, .right, .right, .right, .right, .left])
        for series in history.series {
            let points = series.changePoints.map { describe($0, in: history) }
            table.append([series.name, "\(series.points.count)", value(series.first, history.metric), value(series.last, history.metric),
                          value(series.minimum, history.metric), value(series.maximum, history.metric),
                          Format.signedPercent(series.changePercent), points.isEmpty ? "none" : points.joined(separator: "; ")])
        }
        return table
    }

    /// `1a2b3c4d 1200 → 1300 (+8.3%)`.
    static func describe(_ change: BenchmarkHistory.ChangePoint, in history: BenchmarkHistory) -> String {
        "\(history.commits[change.commit].shortHash) \(levels(change, history.metric))"
    }

    /// `1200 → 1300 (+8.3%)`.
    static func levels(_ change: BenchmarkHistory.ChangePoint, _ metric: BenchmarkMetric) -> String {
        "\(value(change.before, metric)) → \(value(change.after, metric)) (\(Format.signedPercent(change.changePercent)))"
    }

    /// A value as the tables show it: a count, or a duration.
    static func value(_ value: Double, _ metric: BenchmarkMetric) -> String {
        ComparisonWriters.value(value, metric.rawValue)
    }

    /// The self-contained HTML page: the summary, then each benchmark's trend chart under its
    /// name. The same history gives the same bytes. O(benchmarks·runs).
    package static func html(_ history: BenchmarkHistory, order: String) -> String {
        var body = HTMLReport.body(summary(history, order: order))
        for series in history.series {
            body += "<h3><code>\(SVGText.escape(series.name))</code></h3>\n" + HistoryChart.render(series, in: history)
        }
        return HTMLReport.page(title: "Masonry history: \(history.suite), \(history.metric.rawValue)", body: body)
    }
}
