// `masonry compare`: the regression gate between a baseline and a current benchmark result file.
import Foundation
import MasonryBenchmarkHarness
import MasonrySupport

/// `masonry compare`: the regression gate between two result files.
enum CompareCommand: Command {
    static let engines = Option("--engines", value: "LIST", .engines, shown: "optimized", """
        comma-separated engines that gate; the others are reported
        without gating
        """)
    static let out = Option("--out", value: "FILE", .text, """
        also write FILE (JSON: every row, with its functions where
        attributed) and FILE's name with .md (the Markdown summary)
        """)

    static let signature = CommandSignature(
        name: "compare", summary: "compare two benchmark result files and flag regressions",
        usage: ["BASELINE CURRENT [--engines LIST] [--filter REGEX] [--threshold PCT]\n"
                + "                       [--alpha A] [--instructions-threshold PCT] [--allocation-threshold PCT]\n"
                + "                       [--profile REGEX] [--format text|markdown] [--out FILE]"],
        discussion: """
            Matches the benchmarks of two Google Benchmark JSON files by name and prints a table
            (name, baseline, current, change, p, verdict, metric, gated) of their medians, one row per
            benchmark and metric:
            - instructions (instruction-mode files), mallocs and bytes_per_item are exact: a change
              beyond the threshold is a regression (or an improvement), no statistics;
            - wall time (time-mode files): a benchmark regresses when its median is more than PCT
              percent worse than the baseline's AND a two-sided Mann-Whitney U test over the
              repetitions gives p < A. Two runs on a shared machine drift apart: judge wall time with
              Scripts/ab (interleaved runs of both revisions) instead where you can.
            Only the gated engines' regressions fail; the others are reported. A warning goes to stderr
            when the files differ in CPU model, Swift, glibc or valgrind version.
            Instruction-mode files carry each benchmark's top functions: under the table, each
            benchmark that regressed or improved (or matches --profile) gets a table of the 10
            functions whose inclusive or self instructions per call changed most.
            """,
        options: [engines, GateOptions.filter] + GateOptions.thresholds + [GateOptions.profile, OutputFormat.summaryOption, out],
        exitStatus: """
            0 no regression in a gated engine, 1 a regression, 2 unusable input (a missing
            or malformed file, files of different metrics, no benchmarks in common).
            """)

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard arguments.positionals.count == 2 else {
            throw arguments.usageError(arguments.positionals.count < 2 ? "needs BASELINE and CURRENT files" : "unexpected argument '\(arguments.positionals[2])'")
        }
        let policy = try GateOptions.policy(arguments, gatedEngines: engines)
        let filter = try GateOptions.filter(arguments)
        let profile = try GateOptions.profile(arguments)
        let baseline = try ResultInput.read(arguments.positionals[0])
        let current = try ResultInput.read(arguments.positionals[1])
        guard baseline.context.metric == current.context.metric else {
            throw CommandFailure(.badInput, "\(arguments.positionals[0]) measured \(baseline.context.metric.rawValue) and "
                                 + "\(arguments.positionals[1]) \(current.context.metric.rawValue): compare files of one metric")
        }
        let format = try OutputFormat.summary(arguments, console: console)
        let outFile = try arguments.value(out)
        if let outFile { try OutputFile.checkWritable([outFile, OutputFile.sibling(of: outFile, extension: "md")]) }
        let outcome = try gate(baseline: baseline, current: current, policy: policy, filter: filter, profile: profile, console: console)
        console.output(format == .text ? outcome.summary.plainText : outcome.summary.markdown)
        if let outFile {
            let document: Data
            do {
                document = try ComparisonWriters.json(outcome.comparison, baseline: arguments.positionals[0],
                                                      current: arguments.positionals[1], policy: policy)
            } catch {
                throw CommandFailure(.badInput, "cannot encode the comparison: \(error)")
            }
            try OutputFile.write(document, to: outFile)
            try OutputFile.write(Data(outcome.summary.markdown.utf8), to: OutputFile.sibling(of: outFile, extension: "md"))
        }
        return outcome.status
    }

    /// Compares two runs: warns on stderr about differing contexts, and returns the table with
    /// its summary, the function tables (`FunctionAttribution`) of the benchmarks that moved or
    /// match `profile`, the comparison itself, and `.checkFailed` on any regression of a gated engine.
    static func gate(baseline: BenchmarkReport, current: BenchmarkReport, policy: Comparison.Policy,
                     filter: Regex<AnyRegexOutput>? = nil, profile: Regex<AnyRegexOutput>? = nil,
                     console: Console) throws(CommandFailure) -> (summary: ReportSummary, comparison: Comparison, status: ExitCode) {
        for difference in Comparison.contextDifferences(baseline.context, current.context) {
            console.error("masonry compare: warning: \(difference); counts and times may differ for that reason alone\n")
        }
        guard let comparison = Comparison(baseline: baseline, current: current, policy: policy, filter: filter, profile: profile) else {
            throw CommandFailure(.badInput, "the two files have no benchmark in common\(filter == nil ? "" : " matching --filter")")
        }
        var summary = ReportSummary([.table(ComparisonWriters.textTable(comparison))])
        if !comparison.onlyInBaseline.isEmpty || !comparison.onlyInCurrent.isEmpty {
            summary.append(.paragraph("\(comparison.onlyInBaseline.count) benchmark(s) only in the baseline, "
                                      + "\(comparison.onlyInCurrent.count) only in the current run."))
        }
        let gated = policy.gatedEngines.sorted().joined(separator: ", ")
        summary.append(.paragraph("\(comparison.regressions.count) regression(s) in the gated engines (\(gated)), "
                                  + "\(comparison.reportedRegressions.count) in the engines reported only. Thresholds: \(policy)."))
        for attribution in comparison.functions { summary.append(contentsOf: attribution.summary) }
        return (summary, comparison, comparison.regressions.isEmpty ? .success : .checkFailed)
    }
}
