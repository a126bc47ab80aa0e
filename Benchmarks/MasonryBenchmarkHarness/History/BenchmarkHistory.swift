// A history of benchmark results commit after commit: one series per benchmark, with its change points.

/// The results of one suite and metric over a run of commits, one series per benchmark, each
/// with its change points: what `masonry history` prints and draws.
///
/// A benchmark's value in a run is its median instruction count (instruction mode) or the
/// median of its repetitions' wall times, nanoseconds (time mode). A benchmark missing from a
/// run is a gap in its series, not a zero. Change points: `ExactSteps` for instruction counts
/// (exact: any step beyond the threshold), `EDivisiveMeans` for wall time (noisy).
package struct BenchmarkHistory: Sendable {
    /// One run of the series: the commit it measured.
    package struct Commit: Sendable, Equatable {
        package var hash: String
        /// The commit's subject line, when the git checkout knows the commit.
        package var subject: String?
        /// When the run was made (the result file's `context.date`).
        package var date: String

        /// A run of `hash`, made at `date`. O(1).
        init(hash: String, subject: String? = nil, date: String) {
            self.hash = hash
            self.subject = subject
            self.date = date
        }

        /// The hash's first 8 digits, as tables and charts label the commit. O(1).
        package var shortHash: String { String(hash.prefix(8)) }
    }

    /// One benchmark's value in one run.
    package struct Point: Sendable, Equatable {
        /// The index of the run in `commits`.
        package var commit: Int
        package var value: Double
    }

    /// Where a series moved: the first run at the new level.
    package struct ChangePoint: Sendable, Equatable {
        /// The index in the series' `points` of the first point at the new level.
        package var point: Int
        /// The index of its run in `commits`.
        package var commit: Int
        /// The levels before and after: the two points (exact metrics), or the medians of the
        /// segments on either side (wall time).
        package var before: Double
        package var after: Double
        /// The change from before to after, in percent of before. O(1).
        package var changePercent: Double { Comparison.changePercent(before, after) }
    }

    /// One benchmark's values, run after run, and where they changed.
    package struct Series: Sendable, Equatable {
        package var name: String
        /// At least one point, in the runs' order (gaps left out).
        package var points: [Point]
        package var changePoints: [ChangePoint]

        /// The first and last values. O(1).
        package var first: Double { points[0].value }
        package var last: Double { points[points.count - 1].value }
        /// The smallest and largest values. O(points).
        package var minimum: Double { points.map(\.value).min()! }
        package var maximum: Double { points.map(\.value).max()! }
        /// The last value against the first, in percent. O(1).
        package var changePercent: Double { Comparison.changePercent(first, last) }
    }

    /// How change points are found; the defaults are `masonry history`'s.
    package struct Policy: Sendable, Equatable {
        /// The change that counts, in percent; nil: 1 for instruction counts (the gate's
        /// `--instructions-threshold`), 5 for wall time (its `--threshold`).
        package var thresholdPercent: Double?
        /// Wall time: the fewest points on each side of a change point.
        package var minimumSegment = 3
        /// Wall time: the permutation test's significance level.
        package var alpha = 0.05

        /// The policy with these parameters, `masonry history`'s defaults unless given. O(1).
        package init(thresholdPercent: Double? = nil, minimumSegment: Int = 3, alpha: Double = 0.05) {
            self.thresholdPercent = thresholdPercent
            self.minimumSegment = minimumSegment
            self.alpha = alpha
        }

        /// The threshold for a metric: the one given, or the metric's default. O(1).
        package func threshold(for metric: BenchmarkMetric) -> Double {
            thresholdPercent ?? (metric == .instructions ? 1 : 5)
        }
    }

    package let suite: String
    package let metric: BenchmarkMetric
    package let policy: Policy
    /// The runs, in the series' order.
    package let commits: [Commit]
    /// One series per benchmark, by name.
    package let series: [Series]

    /// The history of `runs` (already in order, of one suite and metric: the first run's), each
    /// with its commit's subject when known; the benchmarks whose names match `filter`. Nil
    /// when no benchmark is left. O(runs·benchmarks) plus the change points' cost (`EDivisiveMeans`).
    package init?(runs: [(report: BenchmarkReport, subject: String?)], policy: Policy = Policy(), filter: Regex<AnyRegexOutput>? = nil) {
        guard let first = runs.first?.report else { return nil }
        suite = first.context.suite
        metric = first.context.metric
        self.policy = policy
        commits = runs.map { Commit(hash: $0.report.context.gitCommit, subject: $0.subject, date: $0.report.context.date) }
        var pointsByName: [String: [Point]] = [:]
        for (index, run) in runs.enumerated() {
            for record in run.report.records where filter.map({ record.name.contains($0) }) ?? true {
                guard let value = Self.value(of: record, metric: first.context.metric) else { continue }
                pointsByName[record.name, default: []].append(Point(commit: index, value: value))
            }
        }
        guard !pointsByName.isEmpty else { return nil }
        let metric = metric
        series = pointsByName.keys.sorted().map { name in
            let points = pointsByName[name]!
            return Series(name: name, points: points, changePoints: Self.changePoints(of: points, metric: metric, policy: policy))
        }
    }

    /// A benchmark's value in a run: its median instruction count, or its median wall time (ns).
    static func value(of record: BenchmarkRecord, metric: BenchmarkMetric) -> Double? {
        switch metric {
        case .instructions: record.medianCounter(.instructions)
        case .time: record.realTimes.isEmpty ? nil : SampleStatistics(record.realTimes).median
        }
    }

    /// The change points of one series, by the metric's method.
    static func changePoints(of points: [Point], metric: BenchmarkMetric, policy: Policy) -> [ChangePoint] {
        let values = points.map(\.value)
        let threshold = policy.threshold(for: metric)
        switch metric {
        case .instructions:
            return ExactSteps.changePoints(values, thresholdPercent: threshold).map { index in
                ChangePoint(point: index, commit: points[index].commit, before: values[index - 1], after: values[index])
            }
        case .time:
            let method = EDivisiveMeans(minimumSegment: policy.minimumSegment, alpha: policy.alpha, thresholdPercent: threshold)
            let splits = method.changePoints(values)
            return zip(splits, EDivisiveMeans.segmentMedians(around: splits, in: values)).map { index, medians in
                ChangePoint(point: index, commit: points[index].commit, before: medians.before, after: medians.after)
            }
        }
    }
}
