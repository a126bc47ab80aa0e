/// Compares two runs benchmark by benchmark: the regression gate of performance CI.
///
/// A benchmark regresses when its median is worse than the baseline's by more than the
/// threshold and a two-sided Mann-Whitney U test over the repetitions gives p < alpha; both
/// conditions, so that neither noise nor a tiny but consistent shift fails a build.
public struct Comparison: Sendable {
    /// A benchmark's outcome: worse beyond the threshold and significant, better likewise, or neither.
    public enum Verdict: String, Sendable {
        case regression
        case improvement
        case same
    }

    /// One benchmark in both runs (medians in nanoseconds).
    public struct Row: Sendable {
        public var name: String
        public var baseline: Double
        public var current: Double
        /// (current - baseline) / baseline, as a percentage.
        public var changePercent: Double
        public var pValue: Double
        public var verdict: Verdict
    }

    public let rows: [Row]
    public let onlyInBaseline: [String]
    public let onlyInCurrent: [String]

    public var regressions: [Row] { rows.filter { $0.verdict == .regression } }

    /// Matches benchmarks by name. Returns nil when the runs have no benchmark in common.
    public init?(baseline: BenchmarkReport, current: BenchmarkReport, thresholdPercent: Double, alpha: Double) {
        let currentByName = Dictionary(current.records.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let baselineNames = Set(baseline.records.map(\.name))
        var rows: [Row] = []
        for old in baseline.records {
            guard let new = currentByName[old.name] else { continue }
            let oldMedian = SampleStatistics(old.realTimes).median
            let newMedian = SampleStatistics(new.realTimes).median
            let change = oldMedian > 0 ? (newMedian - oldMedian) / oldMedian * 100 : 0
            let p = MannWhitneyU.pValue(old.realTimes, new.realTimes)
            let verdict: Verdict = p >= alpha ? .same
                : change > thresholdPercent ? .regression
                : change < -thresholdPercent ? .improvement : .same
            rows.append(Row(name: old.name, baseline: oldMedian, current: newMedian, changePercent: change,
                            pValue: p, verdict: verdict))
        }
        guard !rows.isEmpty else { return nil }
        self.rows = rows
        onlyInBaseline = baseline.records.map(\.name).filter { currentByName[$0] == nil }
        onlyInCurrent = current.records.map(\.name).filter { !baselineNames.contains($0) }
    }

    /// The table: name, baseline, current, change, p, verdict (times in nanoseconds).
    public func table() -> String {
        var lines = ["| name | baseline | current | change | p | verdict |", "|---|---:|---:|---:|---:|---|"]
        for row in rows {
            lines.append("| \(row.name) | \(Format.duration(row.baseline)) | \(Format.duration(row.current)) | "
                         + "\(Format.signedPercent(row.changePercent)) | \(Format.number(row.pValue, digits: 3)) | \(row.verdict.rawValue) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// Number formatting shared by the reports.
enum Format {
    /// A duration in nanoseconds, in the unit that reads best.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: "\(number(nanoseconds, digits: 1)) ns"
        case ..<1_000_000: "\(number(nanoseconds / 1e3, digits: 2)) us"
        case ..<1_000_000_000: "\(number(nanoseconds / 1e6, digits: 2)) ms"
        default: "\(number(nanoseconds / 1e9, digits: 2)) s"
        }
    }

    static func number(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? "\(Int(rounded))" : "\(rounded)"
    }

    static func signedPercent(_ value: Double) -> String {
        "\(value >= 0 ? "+" : "")\(number(value, digits: 1))%"
    }
}
