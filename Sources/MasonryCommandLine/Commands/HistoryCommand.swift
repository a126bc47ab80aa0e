// `masonry history`: a benchmark's results commit after commit, with its change points, as a table and an HTML page.
import Foundation
import MasonryBenchmarkHarness
import MasonrySupport

/// `masonry history`: reads result files of one suite and metric, orders them by commit, and
/// prints per benchmark its first, last, min and max values and its change points.
enum HistoryCommand: Command {
    static let threshold = Option("--threshold", value: "PCT", .number(in: 0...1e6), shown: "1 for instruction counts, 5 for wall time", """
        the change that counts, in percent: between two consecutive runs
        (instruction counts), between the medians of two segments (wall time)
        """)
    static let minimumSegment = Option("--min-segment", value: "N", .integer(in: 2...1_000_000), default: BenchmarkHistory.Policy().minimumSegment,
                                       "wall time: the fewest runs on each side of a change point")
    static let alpha = Option("--alpha", value: "A", .number(in: 0...1), default: BenchmarkHistory.Policy().alpha,
                              "wall time: the permutation test's significance level")
    static let html = Option("--html", value: "FILE", .text, "also write a self-contained HTML page with a trend chart per benchmark")
    static let repository = Option("--repository", value: "DIR", .text, shown: "the working directory",
                                   "the git checkout that orders the files' commits")

    static let signature = CommandSignature(
        name: "history", summary: "a benchmark's results commit after commit, and where they changed",
        usage: ["FILE...|DIR [--filter REGEX] [--threshold PCT] [--min-segment N] [--alpha A]\n"
                + "                       [--format text|markdown] [--html FILE] [--repository DIR]"],
        discussion: """
            Reads result files of one suite and one metric (a DIR: every *.json directly in it) and
            prints one row per benchmark: its points, first, last, min and max values, the change
            from first to last, and its change points (commit, before -> after, change). The files
            are ordered by commit, parents first, when the git checkout at --repository knows every
            file's commit (a file's git_commit), otherwise by their dates (said on stderr). A
            benchmark's value in a file is its median instruction count (instruction mode) or the
            median of its repetitions' wall times (time mode); a benchmark missing from a file is a
            gap. Change points:
            - instruction counts are exact: every step between consecutive runs of more than PCT
              percent is one, at exactly that commit;
            - wall time is noisy: E-Divisive means (the energy statistic, as Hunter and Apache Otava
              use it) splits the series where its level moves, each split kept when a permutation
              test (199 shuffles, a fixed seed: the same files give the same answer) gives p < A,
              both sides are at least N runs long (a single spike is never a change point) and the
              two segments' medians differ by more than PCT percent.
            Scripts/history runs the benchmarks over the last commits and calls this command.
            """,
        options: [GateOptions.filter, threshold, minimumSegment, alpha, OutputFormat.summaryOption, html, repository],
        exitStatus: """
            0 the history was written (it is not a gate: it never exits 1), 2
            unusable input (a missing or malformed file, files of different suites or
            metrics, a directory without result files, no benchmark matching --filter).
            """)

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard !arguments.positionals.isEmpty else { throw arguments.usageError("needs result FILEs or a DIR of them") }
        var policy = BenchmarkHistory.Policy()
        policy.thresholdPercent = try arguments.value(threshold)
        policy.minimumSegment = try arguments.value(minimumSegment)
        policy.alpha = try arguments.value(alpha)
        let filter = try GateOptions.filter(arguments)
        let format = try OutputFormat.summary(arguments, console: console)
        let htmlPath = try arguments.value(html)
        let files = try resultFiles(arguments.positionals)
        let reports = try files.map { path throws(CommandFailure) in (path: path, report: try ResultInput.read(path)) }
        try checkOneSuiteAndMetric(reports)

        let directory = try arguments.value(repository) ?? FileManager.default.currentDirectoryPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw arguments.usageError("--repository: '\(directory)' is not a directory")
        }
        let known = CommitOrder.known(reports.map(\.report.context.gitCommit), in: directory)
        let ordered = order(reports.map(\.report), known: known)
        guard let history = BenchmarkHistory(runs: ordered, policy: policy, filter: filter) else {
            throw CommandFailure(.badInput, filter == nil ? "the files hold no benchmarks" : "no benchmark matches --filter")
        }
        let orderName = known == nil ? "date order" : "commit order"
        if known == nil {
            console.error("\(qualifiedName): ordered by date: the git checkout at '\(directory)' does not know every file's commit\n")
        }
        let summary = HistoryWriters.summary(history, order: orderName)
        if let htmlPath {
            try OutputFile.write(Data(HistoryWriters.html(history, order: orderName).utf8), to: htmlPath)
        }
        console.output(format == .text ? summary.plainText : summary.markdown)
        return .success
    }

    /// The files named: each FILE, and every `*.json` directly in each DIR (by name). A DIR
    /// without one is bad input. O(files).
    static func resultFiles(_ paths: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            guard !names.isEmpty else { throw CommandFailure(.badInput, "\(path): no *.json result files in this directory") }
            files += names.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
        }
        return files
    }

    /// Bad input unless every file has the first one's suite and metric, naming the first that differs.
    static func checkOneSuiteAndMetric(_ reports: [(path: String, report: BenchmarkReport)]) throws(CommandFailure) {
        let first = reports[0]
        for other in reports.dropFirst() {
            if other.report.context.suite != first.report.context.suite {
                throw CommandFailure(.badInput, "\(first.path) is of suite \(first.report.context.suite) and \(other.path) of suite "
                                     + "\(other.report.context.suite): a history reads files of one suite")
            }
            if other.report.context.metric != first.report.context.metric {
                throw CommandFailure(.badInput, "\(first.path) measured \(first.report.context.metric.rawValue) and \(other.path) "
                                     + "\(other.report.context.metric.rawValue): a history reads files of one metric")
            }
        }
    }

    /// The reports in commit order (parents first) when every commit is `known`, else by date;
    /// ties keep date order, then the files' order. O(files log files).
    static func order(_ reports: [BenchmarkReport], known: [String: CommitOrder.Known]?) -> [(report: BenchmarkReport, subject: String?)] {
        let sorted = reports.enumerated().sorted { a, b in
            let positions = (known?[a.element.context.gitCommit]?.position ?? 0, known?[b.element.context.gitCommit]?.position ?? 0)
            if positions.0 != positions.1 { return positions.0 < positions.1 }
            if a.element.context.date != b.element.context.date { return a.element.context.date < b.element.context.date }
            return a.offset < b.offset
        }
        return sorted.map { ($0.element, known?[$0.element.context.gitCommit]?.subject) }
    }
}
