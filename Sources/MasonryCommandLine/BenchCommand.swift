#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MasonryBenchmarkHarness

/// `masonry bench`: runs a benchmark suite, verifies every engine against the reference, writes
/// result files and optionally gates on a baseline.
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "measure the engines (prepare, queries, updates, memory) and verify them"
    static let help = """
        USAGE: masonry bench [--suite smoke|standard|full] [--filter REGEX] [--engines LIST]
                             [--threads N] [--repetitions R] [--out FILE]
                             [--baseline FILE [--threshold PCT] [--alpha A]]

        Measures prepare time, rect-query latency, item lookups, incremental updates, memory and
        allocations of the engines, and checks the optimized and peer engines' frames against the
        reference engine's, bit for bit, wherever the reference runs. Prints a Markdown summary.

        OPTIONS:
          --suite S          smoke (under 30 s), standard (default, under 5 min), full (up to 10M items)
          --filter REGEX     only benchmarks whose names match
          --engines LIST     comma-separated: reference,peer,optimized (default: all three)
          --threads N        run the optimized engine on N threads only (default: 1, 2 and all cores
                             for multi-section workloads)
          --repetitions R    measured repetitions after a warm-up (default: 5)
          --out FILE         write FILE (Google Benchmark JSON) and beside it FILE's name with .md
                             (summary), .svg (chart) and .github-action.json (customSmallerIsBetter)
          --baseline FILE    compare with a previous result file, as 'masonry compare' does
          --threshold PCT    with --baseline: the regression threshold in percent (default: 10)
          --alpha A          with --baseline: the test's significance level (default: 0.05)
          --help             show this help

        Exit status: 0 success, 1 a frame mismatch or a regression, 2 bad input or usage.
        """

    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard let arguments = try parse(arguments, options: [
            "--suite", "--filter", "--engines", "--threads", "--repetitions", "--out", "--baseline", "--threshold", "--alpha",
        ], console: console) else { return .success }
        if let extra = arguments.positionals.first { throw .usage(qualifiedName, "unexpected argument '\(extra)'") }
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = try arguments.choice("--suite", command: qualifiedName, default: .standard)
        configuration.filter = arguments.values["--filter"]
        if let list = arguments.values["--engines"] {
            configuration.engines = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let engine = BenchmarkEngine(rawValue: String(name)) else {
                    throw .usage(qualifiedName, "--engines: unknown engine '\(name)' (reference, peer, optimized)")
                }
                if !configuration.engines.contains(engine) { configuration.engines.append(engine) }
            }
        }
        if arguments.values["--threads"] != nil {
            configuration.threads = try arguments.integer("--threads", command: qualifiedName, in: 1...4096, default: 1)
        }
        configuration.repetitions = try arguments.integer("--repetitions", command: qualifiedName, in: 2...1000, default: 5)
        configuration.jemalloc = context.jemalloc
        if arguments.values["--baseline"] == nil, arguments.values["--threshold"] != nil || arguments.values["--alpha"] != nil {
            throw .usage(qualifiedName, "--threshold and --alpha need --baseline")
        }
        let threshold = try ResultInput.number(arguments, "--threshold", command: qualifiedName, in: 0...1e6, default: 10)
        let alpha = try ResultInput.number(arguments, "--alpha", command: qualifiedName, in: 0...1, default: 0.05)
        // Read the baseline before measuring for minutes: bad input fails at once.
        let baseline = try arguments.values["--baseline"].map { path throws(CommandFailure) in try ResultInput.read(path) }

        var runner: BenchmarkRunner
        do {
            runner = try BenchmarkRunner(configuration, progress: progressReporter(console))
        } catch {
            throw .usage(qualifiedName, "--filter is not a valid regular expression: \(error)")
        }
        let outcome = runner.run()
        endProgress(console)
        guard !outcome.report.records.isEmpty else {
            throw CommandFailure(.badInput, "no benchmark matches the filter")
        }

        let markdown = ReportWriters.markdown(outcome.report, mismatches: outcome.mismatches)
        console.output(markdown)
        if !outcome.skipped.isEmpty {
            console.output("\nSkipped:\n" + outcome.skipped.map { "- \($0)\n" }.joined())
        }
        if let path = arguments.values["--out"] {
            do {
                try OutputFile.write(outcome.report.jsonData(), to: path)
                try OutputFile.write(Data(markdown.utf8), to: OutputFile.sibling(of: path, extension: "md"))
                try OutputFile.write(Data(SVGChart.render(outcome.report).utf8), to: OutputFile.sibling(of: path, extension: "svg"))
                try OutputFile.write(ReportWriters.githubActionBenchmark(outcome.report),
                                     to: OutputFile.sibling(of: path, extension: "github-action.json"))
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(.badInput, "cannot encode the results: \(error)")
            }
        }
        for mismatch in outcome.mismatches { console.error("masonry bench: mismatch: \(mismatch)\n") }
        var status: ExitCode = outcome.mismatches.isEmpty ? .success : .checkFailed
        if let baseline {
            console.output("\n")
            if try CompareCommand.gate(baseline: baseline, current: outcome.report, threshold: threshold, alpha: alpha,
                                       console: console) == .checkFailed {
                status = .checkFailed
            }
        }
        return status
    }

    /// Clears the live progress line.
    static func endProgress(_ console: Console) {
        if isatty(2) != 0 { console.error("\r\u{1B}[K") }
    }

    /// A live line on a terminal; nothing when stderr is a file or a pipe (CI logs stay clean).
    static func progressReporter(_ console: Console) -> (String) -> Void {
        guard isatty(2) != 0 else { return { _ in } }
        var count = 0
        return { name in
            count += 1
            console.error("\r\u{1B}[K[\(count)] \(name)")
        }
    }
}
