// `masonry ab`: interleaved A/B rounds of two builds of the tool, with a three-way verdict per benchmark.
import Foundation
import MasonryBenchmarkHarness
import MasonrySupport
import MasonryWorkloads

/// `masonry ab`: A/B of two builds of the tool on this machine, in interleaved rounds, with a
/// three-way verdict per benchmark. `Scripts/ab BASE [HEAD]` builds the two revisions and runs it.
enum ABCommand: Command {
    static let baseTool = Option("--base-tool", value: "PATH", .text, "the BASE masonry executable")
    static let headTool = Option("--head-tool", value: "PATH", .text, "the HEAD masonry executable")
    static let baseName = Option("--base-name", value: "TEXT", .text, shown: "its path", "how BASE is named in the output")
    static let headName = Option("--head-name", value: "TEXT", .text, shown: "its path", "how HEAD is named in the output")
    static let suite = Option("--suite", value: "S", .choice, default: BenchmarkSuite.smoke, "the suite both run")
    static let engines = Option("--engines", value: "LIST", .engines, shown: "optimized", """
        comma-separated engines that gate; every engine runs, the others
        are reported without gating (--filter runs fewer)
        """)
    static let threads = Option("--threads", value: "N", .text, "passed to bench: the optimized engine's thread count")
    static let repetitions = Option("--repetitions", value: "R", .text, shown: "bench's", "passed to bench: repetitions per run")
    static let threshold = Option("--threshold", value: "PCT", .number(in: 0...1e6), shown: "3 for time, 1 for instructions",
                                  "the change that counts, in percent")
    static let maxRounds = Option("--max-rounds", value: "N", .integer(in: 1...WilcoxonSignedRank.largestExactSample), default: 30,
                                  "the most rounds of wall time")
    static let confidence = Option("--confidence", value: "C", .number(in: 0.5...0.9999), default: 0.95,
                                   "the family-wise confidence of the intervals")
    static let seed = Option("--seed", value: "S", .unsignedInteger, shown: "from the clock; printed", "the seed of the ABBA/BAAB order")
    static let out = Option("--out", value: "FILE", .text, "write FILE (JSON: every round's ratios) and FILE's name with .md")

    static let signature = CommandSignature(
        name: "ab", summary: "A/B two builds in interleaved rounds: regressed, unchanged or inconclusive",
        usage: ["""
            --base-tool PATH --head-tool PATH [--base-name TEXT] [--head-name TEXT]
                              [--suite S] [--filter REGEX] [--engines LIST] [--threads N] [--repetitions R]
                              [--metric time|instructions] [--threshold PCT] [--max-rounds N]
                              [--confidence C] [--seed S] [--profile REGEX] [--out FILE] [--quiet]
            """],
        discussion: """
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
            Their result files carry each benchmark's top functions: under the table, each benchmark
            that regressed or improved (or matches --profile) gets a table of the 10 functions whose
            inclusive or self instructions per call changed most (in --out's JSON too).

            Progress goes to stderr: each bench run as it starts ([n] round r of at most N, the side,
            elapsed time) and each round's count of inconclusive benchmarks; --quiet leaves only the
            first line (the tools, the metric and the seed).
            """,
        options: [baseTool, headTool, baseName, headName, suite, GateOptions.filter, engines, threads, repetitions,
                  BenchCommand.metric, threshold, maxRounds, confidence, seed, GateOptions.profile, out, ProgressReporter.quiet],
        exitStatus: """
            0 nothing gated regressed, 1 a gated benchmark regressed (or HEAD's frames
            differ from the reference's), 2 unusable input (a tool that fails, no benchmark in common).
            """)

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        try arguments.noPositionals()
        var tools: [String] = []
        for option in [baseTool, headTool] {
            guard let path = try arguments.value(option) else { throw arguments.usageError("needs \(option.name)") }
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CommandFailure(.badInput, "\(option.name): '\(path)' is not an executable file")
            }
            tools.append(path)
        }
        let names = [try arguments.value(baseName) ?? tools[0], try arguments.value(headName) ?? tools[1]]
        var settings = ABComparison.Settings()
        settings.metric = try arguments.value(BenchCommand.metric)
        settings.thresholdPercent = try arguments.value(threshold) ?? (settings.metric == .time ? 3 : 1)
        settings.confidence = try arguments.value(confidence)
        if let engines = try arguments.value(engines) {
            settings.gatedEngines = Set(engines.map(\.rawValue))
        }
        let maximumRounds = try arguments.value(maxRounds)
        let suite = try arguments.value(Self.suite)
        _ = try GateOptions.filter(arguments)
        let profile = try GateOptions.profile(arguments)
        var benchArguments = ["--suite", suite.rawValue]
        for option in [GateOptions.filter, threads, repetitions] {
            if let value = arguments.text(option) { benchArguments += [option.name, value] }
        }
        if settings.metric == .instructions { benchArguments += ["--metric", "instructions"] }
        let seed = try arguments.value(Self.seed) ?? UInt64(Date().timeIntervalSince1970 * 1e6)
        let out = try arguments.value(Self.out)
        if let out { try OutputFile.checkWritable([out, OutputFile.sibling(of: out, extension: "md")]) }

        let directory = try ScratchDirectory.make("ab")
        defer { try? FileManager.default.removeItem(at: directory) }
        let progress = ProgressReporter(console: console, total: nil, quiet: arguments.isSet(ProgressReporter.quiet))
        var runner = RoundRunner(tools: tools, names: names, arguments: benchArguments, directory: directory.path, console: console,
                                 progress: progress)
        console.error("masonry ab: BASE \(names[0]), HEAD \(names[1]); \(settings.metric.rawValue), suite \(suite.rawValue), seed \(seed)\n")
        var random = SplitMix64(seed: seed)
        var rounds: [ABComparison.Round] = []
        var comparison: ABComparison?
        repeat {
            let order = settings.metric == .instructions ? (random.next() & 1 == 0 ? "AB" : "BA")
                : (random.next() & 1 == 0 ? "ABBA" : "BAAB")
            let label = settings.metric == .instructions ? "round 1 of 1" : "round \(rounds.count + 1) of at most \(maximumRounds)"
            rounds.append(try runner.round(order, label: label))
            progress.finish()
            comparison = ABComparison(rounds: rounds, settings: settings, profile: profile)
            guard let comparison else {
                throw CommandFailure(.badInput, "BASE and HEAD have no benchmark in common (BASE ran \(rounds[0].base[0].records.count), "
                                     + "HEAD \(rounds[0].head[0].records.count))")
            }
            let open = comparison.rows.count { $0.gated && $0.verdict == .inconclusive }
            if !arguments.isSet(ProgressReporter.quiet) {
                console.error("masonry ab: round \(rounds.count) (\(order)): \(open) gated benchmark(s) inconclusive\n")
            }
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
