import MasonryBenchmarkHarness

/// `masonry compare`: the regression gate between two result files.
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "compare two benchmark result files and flag regressions"
    static let help = """
        USAGE: masonry compare BASELINE CURRENT [--threshold PCT] [--alpha A]

        Matches the benchmarks of two Google Benchmark JSON files by name and prints a table
        (name, baseline, current, change, p, verdict) of their medians. A benchmark regresses when
        its median is more than PCT percent worse than the baseline's AND a two-sided Mann-Whitney U
        test over the repetitions gives p < A.

        OPTIONS:
          --threshold PCT   the change that counts as a regression, in percent (default: 10)
          --alpha A         the significance level of the test (default: 0.05)
          --help            show this help

        Exit status: 0 no regression, 1 a regression, 2 unusable input (a missing or malformed
        file, no benchmarks in common).
        """

    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard let arguments = try parse(arguments, options: ["--threshold", "--alpha"], console: console) else { return .success }
        guard arguments.positionals.count == 2 else {
            throw .usage(qualifiedName, arguments.positionals.count < 2 ? "needs BASELINE and CURRENT files" : "unexpected argument '\(arguments.positionals[2])'")
        }
        let threshold = try ResultInput.number(arguments, "--threshold", command: qualifiedName, in: 0...1e6, default: 10)
        let alpha = try ResultInput.number(arguments, "--alpha", command: qualifiedName, in: 0...1, default: 0.05)
        let baseline = try ResultInput.read(arguments.positionals[0])
        let current = try ResultInput.read(arguments.positionals[1])
        return try gate(baseline: baseline, current: current, threshold: threshold, alpha: alpha, console: console)
    }

    /// Prints the comparison and returns `.checkFailed` on any regression.
    static func gate(baseline: BenchmarkReport, current: BenchmarkReport, threshold: Double, alpha: Double,
                     console: Console) throws(CommandFailure) -> ExitCode {
        guard let comparison = Comparison(baseline: baseline, current: current, thresholdPercent: threshold, alpha: alpha) else {
            throw CommandFailure(.badInput, "the two files have no benchmark in common")
        }
        console.output(comparison.table() + "\n")
        if !comparison.onlyInBaseline.isEmpty || !comparison.onlyInCurrent.isEmpty {
            console.output("\n\(comparison.onlyInBaseline.count) benchmark(s) only in the baseline, \(comparison.onlyInCurrent.count) only in the current run.\n")
        }
        let regressions = comparison.regressions
        console.output("\n\(regressions.count) regression(s) (threshold \(threshold)%, alpha \(alpha)).\n")
        return regressions.isEmpty ? .success : .checkFailed
    }
}
