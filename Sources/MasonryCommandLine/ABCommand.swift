import Foundation
import MasonryBenchmarkHarness
import MasonryWorkloads

/// `masonry ab`: A/B of two builds of the tool on this machine, in interleaved rounds, with a
/// three-way verdict per benchmark. `Scripts/ab BASE [HEAD]` builds the two revisions and runs it.
enum ABCommand: Command {
    static let name = "ab"
    static let summary = "A/B two builds in interleaved rounds: regressed, unchanged or inconclusive"
    static let help = """
        USAGE: masonry ab --base-tool PATH --head-tool PATH [--base-name TEXT] [--head-name TEXT]
                          [--suite S] [--filter REGEX] [--engines LIST] [--threads N] [--repetitions R]
                          [--metric time|instructions] [--threshold PCT] [--max-rounds N]
                          [--confidence C] [--seed S] [--out FILE]

        Runs 'bench' of two masonry executables (BASE and HEAD, usually two revisions: see
        Scripts/ab) with the same selection, in rounds, and judges each benchmark by the paired
        per-round ratio HEAD/BASE, so that the machine's drift (other jobs, frequency changes)
        cancels instead of failing the gate.

        Wall time (--metric time): each round runs ABBA or BAAB (chosen at random), the round's
        log ratio is the mean log of HEAD's two values minus BASE's; over the rounds, the
        Hodges-Lehmann estimate and the exact Wilcoxon signed-rank confidence interval of the log
        ratios give the ratio and its interval. The confidence C is family-wise: each of m
        benchmarks gets 1 - (1 - C)/m (Bonferroni), so a false 'regressed' anywhere stays rarer
        than (1 - C)/2. A benchmark is
          regressed     when the interval lies above 1 + PCT%,
          improved      when it lies below 1 - PCT%,
          unchanged     when it lies inside [1 - PCT%, 1 + PCT%],
          inconclusive  otherwise (and until there are rounds enough for an interval: 6 for one
                        benchmark at 95%, 11 for the smoke suite's 34).
        While a gated benchmark is inconclusive, another round runs, up to --max-rounds.
        Instruction counts (--metric instructions) are exact: one round, one run each side.

        OPTIONS:
          --base-tool PATH   the BASE masonry executable
          --head-tool PATH   the HEAD masonry executable
          --base-name TEXT   how BASE is named in the output (default: its path)
          --head-name TEXT   how HEAD is named in the output (default: its path)
          --suite S          the suite both run (default: smoke)
          --filter REGEX     only benchmarks whose names match
          --engines LIST     comma-separated engines that gate (default: optimized); every engine
                             runs, the others are reported without gating (--filter runs fewer)
          --threads N        passed to bench: the optimized engine's thread count
          --repetitions R    passed to bench: repetitions per run (default: bench's)
          --metric M         time (default) or instructions
          --threshold PCT    the change that counts, in percent (default: 3 for time, 1 for
                             instructions)
          --max-rounds N     the most rounds of wall time (default: 30)
          --confidence C     the family-wise confidence of the intervals (default: 0.95)
          --seed S           the seed of the ABBA/BAAB order (default: from the clock; printed)
          --out FILE         write FILE (JSON: every round's ratios) and FILE's name with .md
          --help             show this help

        Exit status: 0 nothing gated regressed, 1 a gated benchmark regressed (or HEAD's frames
        differ from the reference's), 2 unusable input (a tool that fails, no benchmark in common).
        """

    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard let arguments = try parse(arguments, options: [
            "--base-tool", "--head-tool", "--base-name", "--head-name", "--suite", "--filter", "--engines", "--threads",
            "--repetitions", "--metric", "--threshold", "--max-rounds", "--confidence", "--seed", "--out",
        ], console: console) else { return .success }
        if let extra = arguments.positionals.first { throw .usage(qualifiedName, "unexpected argument '\(extra)'") }
        var tools: [String] = []
        for option in ["--base-tool", "--head-tool"] {
            guard let path = arguments.values[option] else { throw .usage(qualifiedName, "needs \(option)") }
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CommandFailure(.badInput, "\(option): '\(path)' is not an executable file")
            }
            tools.append(path)
        }
        let names = [arguments.values["--base-name"] ?? tools[0], arguments.values["--head-name"] ?? tools[1]]
        var settings = ABComparison.Settings()
        settings.metric = try arguments.choice("--metric", command: qualifiedName, default: .time)
        settings.thresholdPercent = try ResultInput.number(arguments, "--threshold", command: qualifiedName, in: 0...1e6,
                                                           default: settings.metric == .time ? 3 : 1)
        settings.confidence = try ResultInput.number(arguments, "--confidence", command: qualifiedName, in: 0.5...0.9999, default: 0.95)
        if let list = arguments.values["--engines"] {
            settings.gatedEngines = Set(try GateOptions.engines(list, command: qualifiedName).map(\.rawValue))
        }
        let maximumRounds = try arguments.integer("--max-rounds", command: qualifiedName, in: 1...WilcoxonSignedRank.largestExactSample, default: 30)
        let suite: BenchmarkSuite = try arguments.choice("--suite", command: qualifiedName, default: .smoke)
        _ = try GateOptions.filter(arguments, command: qualifiedName)
        var benchArguments = ["--suite", suite.rawValue]
        for option in ["--filter", "--threads", "--repetitions"] {
            if let value = arguments.values[option] { benchArguments += [option, value] }
        }
        if settings.metric == .instructions { benchArguments += ["--metric", "instructions"] }
        let seed: UInt64
        if let text = arguments.values["--seed"] {
            guard let value = UInt64(text) else { throw .usage(qualifiedName, "--seed must be an unsigned integer, got '\(text)'") }
            seed = value
        } else {
            seed = UInt64(Date().timeIntervalSince1970 * 1e6)
        }
        let out = arguments.values["--out"]
        if let out { try OutputFile.checkWritable([out, OutputFile.sibling(of: out, extension: "md")]) }

        let directory = try ScratchDirectory.make("ab")
        defer { try? FileManager.default.removeItem(at: directory) }
        var runner = RoundRunner(tools: tools, names: names, arguments: benchArguments, directory: directory.path, console: console)
        console.error("masonry ab: BASE \(names[0]), HEAD \(names[1]); \(settings.metric.rawValue), suite \(suite.rawValue), seed \(seed)\n")
        var random = SplitMix64(seed: seed)
        var rounds: [ABComparison.Round] = []
        var comparison: ABComparison?
        repeat {
            let order = settings.metric == .instructions ? (random.next() & 1 == 0 ? "AB" : "BA")
                : (random.next() & 1 == 0 ? "ABBA" : "BAAB")
            rounds.append(try runner.round(order))
            comparison = ABComparison(rounds: rounds, settings: settings)
            guard let comparison else {
                throw CommandFailure(.badInput, "BASE and HEAD have no benchmark in common (BASE ran \(rounds[0].base[0].records.count), "
                                     + "HEAD \(rounds[0].head[0].records.count))")
            }
            let open = comparison.rows.count { $0.gated && $0.verdict == .inconclusive }
            console.error("masonry ab: round \(rounds.count) (\(order)): \(open) gated benchmark(s) inconclusive\n")
        } while settings.metric == .time && rounds.count < maximumRounds && comparison!.needsMoreRounds
        let result = comparison!

        let markdown = ABReportWriters.markdown(result, base: names[0], head: names[1])
        console.output(markdown)
        if let out {
            do {
                try OutputFile.write(ABReportWriters.json(result, base: names[0], head: names[1]), to: out)
                try OutputFile.write(Data(markdown.utf8), to: OutputFile.sibling(of: out, extension: "md"))
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(.badInput, "cannot encode the results: \(error)")
            }
        }
        if runner.headMismatch {
            console.error("masonry ab: HEAD's engines gave frames that differ from the reference's (see 'masonry bench')\n")
            return .checkFailed
        }
        return result.regressions.isEmpty ? .success : .checkFailed
    }
}
