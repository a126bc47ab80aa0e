// The verdicts of an A/B run: BASE and HEAD in interleaved rounds, judged by paired per-round ratios.
import Foundation

/// The verdicts of an A/B run (`Scripts/ab`, `masonry ab`): BASE and HEAD measured in interleaved
/// rounds on the same machine, each benchmark judged by its paired per-round ratio HEAD/BASE.
///
/// Wall time: each round runs both tools twice, in the order ABBA or BAAB, so drift within a round
/// (load arriving, a CPU warming) hits both sides equally; the round's log ratio is the mean log
/// of HEAD's two values minus the mean log of BASE's. Over the rounds, the Hodges-Lehmann estimate
/// and exact Wilcoxon signed-rank confidence interval of the log ratios give the ratio and its
/// interval. The confidence is family-wise: with m benchmarks each interval is at 1 - (1 - C)/m
/// (Bonferroni), so that the chance of any interval missing, a false `regressed` among them, stays
/// under 1 - C. (Measured: at 95% per benchmark, ten A/A runs of the smoke suite's 34 benchmarks
/// under load gave one false `regressed`: a reference append whose runs took 2 to 10 ms.)
/// Instruction counts are exact: one round, one run each, the ratio is its own interval.
///
/// Verdicts, with t the threshold: **regressed** when the interval lies above 1 + t, **improved**
/// below 1 - t, **unchanged** inside [1 - t, 1 + t], **inconclusive** otherwise (or with too few
/// rounds for an interval: 11 for the smoke suite's 34 benchmarks at 95%, 6 for one).
package struct ABComparison: Sendable {
    /// A benchmark's outcome (see the type's documentation).
    package enum Verdict: String, Sendable, CaseIterable {
        case regressed
        case unchanged
        case improved
        case inconclusive
    }

    /// How benchmarks are judged.
    package struct Settings: Sendable {
        package var metric = BenchmarkMetric.time
        /// The change that counts, in percent.
        package var thresholdPercent = 3.0
        /// The family-wise confidence of the wall-time intervals: all of them hold together with
        /// at least this probability.
        package var confidence = 0.95
        /// Engines whose regressions fail; the others are reported.
        package var gatedEngines: Set<String> = [BenchmarkEngine.optimized.rawValue]

        package init() {}
    }

    /// One round: the result files of BASE's runs and of HEAD's, in the order they ran.
    package struct Round: Sendable {
        package var order: String
        package var base: [BenchmarkReport]
        package var head: [BenchmarkReport]

        package init(order: String, base: [BenchmarkReport], head: [BenchmarkReport]) {
            self.order = order
            self.base = base
            self.head = head
        }
    }

    /// One benchmark over all rounds.
    package struct Row: Sendable {
        package var name: String
        /// Medians of every run's value (nanoseconds, or instructions).
        package var base: Double
        package var head: Double
        /// HEAD/BASE: the Hodges-Lehmann estimate over the rounds (exact for instructions).
        package var ratio: Double
        /// The ratio's confidence interval; nil while there are too few rounds for one.
        package var interval: ClosedRange<Double>?
        package var verdict: Verdict
        package var gated: Bool
        /// The per-round log ratios the verdict rests on.
        package var logRatios: [Double]
        /// The round from which on the verdict stayed what it is now (1 for instruction counts).
        package var settledRound: Int
    }

    package let settings: Settings
    /// Each benchmark's interval confidence: the family-wise one shared among them.
    package let benchmarkConfidence: Double
    package let rounds: [Round]
    package let rows: [Row]
    package let onlyInBase: [String]
    package let onlyInHead: [String]
    /// The functions behind the verdicts, in the rows' order: for each benchmark that regressed or
    /// improved, or whose name `profile` matches, where both sides' first runs carry functions
    /// (instruction mode).
    package let functions: [FunctionAttribution]

    /// Judges every benchmark both sides ran (in BASE's order). Nil when they have none in common.
    /// O(benchmarks x rounds^3 log rounds): each benchmark's interval is computed again for every
    /// prefix of the rounds, to find when its verdict settled (milliseconds for 30 rounds).
    package init?(rounds: [Round], settings: Settings, profile: Regex<AnyRegexOutput>? = nil) {
        guard let first = rounds.first, let firstBase = first.base.first, let firstHead = first.head.first else { return nil }
        self.settings = settings
        self.rounds = rounds
        let headNames = Set(firstHead.records.map(\.name))
        let baseNames = Set(firstBase.records.map(\.name))
        onlyInBase = firstBase.records.map(\.name).filter { !headNames.contains($0) }
        onlyInHead = firstHead.records.map(\.name).filter { !baseNames.contains($0) }
        let names = firstBase.records.map(\.name).filter { headNames.contains($0) }
        var perBenchmark = settings
        perBenchmark.confidence = Self.perBenchmarkConfidence(settings.confidence, benchmarks: names.count)
        benchmarkConfidence = perBenchmark.confidence
        var rows: [Row] = []
        for name in names {
            var logRatios: [Double] = []
            var baseValues: [Double] = [], headValues: [Double] = []
            for round in rounds {
                let base = round.base.compactMap { Self.value(of: name, in: $0, settings.metric) }
                let head = round.head.compactMap { Self.value(of: name, in: $0, settings.metric) }
                guard !base.isEmpty, !head.isEmpty else { continue }
                baseValues += base
                headValues += head
                logRatios.append(Self.meanLog(head) - Self.meanLog(base))
            }
            guard !logRatios.isEmpty else { continue }
            rows.append(Self.judge(name: name, base: baseValues, head: headValues, logRatios: logRatios, settings: perBenchmark))
        }
        guard !rows.isEmpty else { return nil }
        self.rows = rows
        functions = rows.compactMap { row in
            let changed = row.verdict == .regressed || row.verdict == .improved
            guard FunctionAttribution.wanted(row.name, changed: changed, profile: profile) else { return nil }
            return FunctionAttribution(row.name, base: firstBase.records.first { $0.name == row.name },
                                       head: firstHead.records.first { $0.name == row.name })
        }
    }

    /// Each of `benchmarks` intervals' confidence for a family-wise `confidence` (Bonferroni).
    package static func perBenchmarkConfidence(_ confidence: Double, benchmarks: Int) -> Double {
        1 - (1 - confidence) / Double(max(1, benchmarks))
    }

    /// A benchmark's value in one run: the median over its repetitions of the time, or of the
    /// instruction count.
    static func value(of name: String, in report: BenchmarkReport, _ metric: BenchmarkMetric) -> Double? {
        guard let record = report.records.first(where: { $0.name == name }) else { return nil }
        switch metric {
        case .time: return record.realTimes.isEmpty ? nil : SampleStatistics(record.realTimes).median
        case .instructions: return record.medianCounter(.instructions)
        }
    }

    /// Values of 0 (a query below the clock's resolution) count as a thousandth of a nanosecond.
    private static func meanLog(_ values: [Double]) -> Double {
        values.reduce(0) { $0 + log(max($1, 1e-3)) } / Double(values.count)
    }

    static func judge(name: String, base: [Double], head: [Double], logRatios: [Double], settings: Settings) -> Row {
        let (ratio, interval, verdict) = judge(logRatios, settings)
        // Replaying the rounds: how many it took to reach the verdict for good.
        var settled = logRatios.count
        while settled > 1, judge(Array(logRatios.prefix(settled - 1)), settings).verdict == verdict { settled -= 1 }
        return Row(name: name, base: SampleStatistics(base).median, head: SampleStatistics(head).median, ratio: ratio,
                   interval: interval, verdict: verdict, gated: settings.gatedEngines.contains(BenchmarkRecord.engine(inName: name)),
                   logRatios: logRatios, settledRound: settled)
    }

    /// The ratio, its interval and the verdict from per-round log ratios.
    private static func judge(_ logRatios: [Double], _ settings: Settings) -> (ratio: Double, interval: ClosedRange<Double>?, verdict: Verdict) {
        let ratio: Double
        let interval: ClosedRange<Double>?
        switch settings.metric {
        case .instructions:
            // Counts repeat exactly: the median round's ratio is the ratio, without an interval's width.
            ratio = exp(SampleStatistics(logRatios).median)
            interval = ratio...ratio
        case .time:
            let estimate = WilcoxonSignedRank.confidenceInterval(logRatios, confidence: settings.confidence)
            ratio = exp(estimate?.estimate ?? SampleStatistics(logRatios).median)
            interval = estimate.map { exp($0.lower)...exp($0.upper) }
        }
        let threshold = settings.thresholdPercent / 100
        let verdict: Verdict
        if let interval {
            verdict = interval.lowerBound > 1 + threshold ? .regressed
                : interval.upperBound < 1 - threshold ? .improved
                : interval.lowerBound >= 1 - threshold && interval.upperBound <= 1 + threshold ? .unchanged
                : .inconclusive
        } else {
            verdict = .inconclusive
        }
        return (ratio, interval, verdict)
    }

    /// Gated benchmarks that regressed: these fail the run.
    package var regressions: [Row] { rows.filter { $0.gated && $0.verdict == .regressed } }

    /// Whether another round could still decide a gated benchmark.
    package var needsMoreRounds: Bool { rows.contains { $0.gated && $0.verdict == .inconclusive } }

    /// Counts of each verdict among gated (or reported) rows.
    package func tally(gated: Bool) -> [Verdict: Int] {
        Dictionary(grouping: rows.filter { $0.gated == gated }, by: \.verdict).mapValues(\.count)
    }
}
