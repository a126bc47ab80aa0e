// Comparison: two result files compared benchmark by benchmark, with the gate's verdicts.
/// Compares two runs benchmark by benchmark: the regression gate of performance CI.
///
/// Exact metrics are judged exactly: `instructions` (callgrind's count), `mallocs` and
/// `bytes_per_item` repeat to the unit on the same build, so a change beyond a threshold is a
/// regression with no statistics. Wall time is noisy: a benchmark's time regresses when its median
/// is worse than the baseline's by more than the threshold and a two-sided Mann-Whitney U test
/// over the repetitions gives p < alpha; both conditions, so that neither noise nor a tiny but
/// consistent shift fails a build (and even so, two runs on a shared machine drift: `Scripts/ab`
/// pairs interleaved runs instead). Only the gated engines' regressions fail the gate; the
/// others are reported.
import MasonrySupport

package struct Comparison: Sendable {
    /// A row's outcome: worse beyond the threshold (and significant, for time), better likewise, or neither.
    package enum Verdict: String, Sendable {
        case regression
        case improvement
        case same
    }

    /// How rows are judged, and which engines gate.
    package struct Policy: Sendable, CustomStringConvertible {
        /// Wall time: the median's change that counts, in percent.
        package var timeThresholdPercent = 10.0
        /// Wall time: the Mann-Whitney test's significance level.
        package var alpha = 0.05
        /// Instructions: the change that counts, in percent.
        package var instructionsThresholdPercent = 1.0
        /// `mallocs` and `bytes_per_item`: the increase that counts, in percent (0: any increase).
        package var allocationThresholdPercent = 0.0
        /// Engines whose regressions fail the gate; the others' rows are reported only.
        package var gatedEngines: Set<String> = [BenchmarkEngine.optimized.rawValue]

        package init() {}

        /// The thresholds in force, in one line.
        package var description: String {
            "time \(Format.percent(timeThresholdPercent)) at alpha \(alpha), instructions "
                + "\(Format.percent(instructionsThresholdPercent)), allocations \(Format.percent(allocationThresholdPercent))"
        }
    }

    /// The metrics a row can compare: the time of the run (`time`) or an exact counter.
    package static let exactMetrics = BenchmarkCounter.exact.map(\.rawValue)

    /// One metric of one benchmark in both runs (medians over repetitions; times in nanoseconds).
    package struct Row: Sendable {
        package var name: String
        /// `time`, `instructions`, `mallocs` or `bytes_per_item`.
        package var metric: String
        package var baseline: Double
        package var current: Double
        /// (current - baseline) / baseline, as a percentage (infinite from a baseline of 0).
        package var changePercent: Double
        /// The Mann-Whitney p-value, for time; nil for the exact metrics.
        package var pValue: Double?
        package var verdict: Verdict
        /// Whether the row's engine gates: a regression here fails the comparison.
        package var gated: Bool
    }

    package let rows: [Row]
    package let onlyInBaseline: [String]
    package let onlyInCurrent: [String]
    /// The functions behind the changes, in the rows' order: for each benchmark a row of which
    /// regressed or improved, or whose name `profile` matches, where both files carry functions.
    package let functions: [FunctionAttribution]

    /// Regressions of gated engines: these fail the gate.
    package var regressions: [Row] { rows.filter { $0.verdict == .regression && $0.gated } }
    /// Regressions of engines that are reported, not gated.
    package var reportedRegressions: [Row] { rows.filter { $0.verdict == .regression && !$0.gated } }

    /// Matches benchmarks by name (those matching `filter`, when given). Time rows only when both
    /// runs measured time. Returns nil when the runs have no benchmark in common. O(n log n) per
    /// benchmark's repetitions, and per function table attributed (`FunctionAttribution`).
    package init?(baseline: BenchmarkReport, current: BenchmarkReport, policy: Policy = Policy(),
                 filter: Regex<AnyRegexOutput>? = nil, profile: Regex<AnyRegexOutput>? = nil) {
        let selected = { (name: String) in filter.map { (try? $0.firstMatch(in: name)) != nil } ?? true }
        let currentByName = Dictionary(current.records.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let baselineNames = Set(baseline.records.map(\.name))
        let comparesTime = baseline.context.metric == .time && current.context.metric == .time
        var rows: [Row] = []
        for old in baseline.records where selected(old.name) {
            guard let new = currentByName[old.name] else { continue }
            let gated = policy.gatedEngines.contains(old.engine)
            if comparesTime {
                let oldMedian = SampleStatistics(old.realTimes).median
                let newMedian = SampleStatistics(new.realTimes).median
                let change = Self.changePercent(oldMedian, newMedian)
                let p = MannWhitneyU.pValue(old.realTimes, new.realTimes)
                let verdict = p >= policy.alpha ? .same : Self.verdict(change, threshold: policy.timeThresholdPercent)
                rows.append(Row(name: old.name, metric: "time", baseline: oldMedian, current: newMedian, changePercent: change,
                                pValue: p, verdict: verdict, gated: gated))
            }
            for metric in Self.exactMetrics {
                guard let oldValue = old.medianCounter(metric), let newValue = new.medianCounter(metric) else { continue }
                let change = Self.changePercent(oldValue, newValue)
                let threshold = metric == "instructions" ? policy.instructionsThresholdPercent : policy.allocationThresholdPercent
                rows.append(Row(name: old.name, metric: metric, baseline: oldValue, current: newValue, changePercent: change,
                                pValue: nil, verdict: Self.verdict(change, threshold: threshold), gated: gated))
            }
        }
        guard !rows.isEmpty else { return nil }
        self.rows = rows
        onlyInBaseline = baseline.records.map(\.name).filter { selected($0) && currentByName[$0] == nil }
        onlyInCurrent = current.records.map(\.name).filter { selected($0) && !baselineNames.contains($0) }
        functions = baseline.records.compactMap { old in
            let changed = rows.contains { $0.name == old.name && $0.verdict != .same }
            guard rows.contains(where: { $0.name == old.name }),
                  FunctionAttribution.wanted(old.name, changed: changed, profile: profile) else { return nil }
            return FunctionAttribution(old.name, base: old, head: currentByName[old.name])
        }
    }

    /// The change from `old` to `new` in percent of `old`; infinite from 0 to more (the gate's
    /// rows and `BenchmarkHistory`'s series and change points). O(1).
    static func changePercent(_ old: Double, _ new: Double) -> Double {
        old > 0 ? (new - old) / old * 100 : new > old ? .infinity : 0
    }

    private static func verdict(_ change: Double, threshold: Double) -> Verdict {
        change > threshold ? .regression : change < -threshold ? .improvement : .same
    }

    /// Where the runs' contexts differ in what moves counts and times (CPU model, Swift, glibc,
    /// valgrind): each a line for a warning. Unknown values (older files) are not compared.
    package static func contextDifferences(_ baseline: BenchmarkContext, _ current: BenchmarkContext) -> [String] {
        let fields: [(String, String, String)] = [
            ("cpu_model", baseline.measurement.cpuModel, current.measurement.cpuModel),
            ("swift_version", baseline.swiftVersion, current.swiftVersion),
            ("glibc_version", baseline.measurement.glibcVersion, current.measurement.glibcVersion),
            ("valgrind_version", baseline.measurement.valgrindVersion, current.measurement.valgrindVersion),
        ]
        return fields.compactMap { name, old, new in
            old.isEmpty || new.isEmpty || old == new ? nil : "\(name) differs: '\(old)' in the baseline, '\(new)' in the current run"
        }
    }
}
