// `masonry bench`: runs a suite, verifies the engines, writes result files, gates on a baseline.
import Foundation
import MasonryBenchmarkHarness
import MasonrySupport

/// `masonry bench`: runs a benchmark suite, verifies every engine against the reference, writes
/// result files and optionally gates on a baseline.
enum BenchCommand: Command {
    static let suite = Option("--suite", value: "S", .choice, default: BenchmarkSuite.standard,
                              "smoke (seconds), standard (minutes) or full (up to 10M items)")
    static let engines = Option("--engines", value: "LIST", .engines, shown: "all three; optimized,external with --engine-command",
                                "comma-separated: reference,peer,optimized,external")
    static let metric = Option("--metric", value: "M", .choice, default: BenchmarkMetric.time, "time or instructions")
    static let threads = Option("--threads", value: "N", .integer(in: 1...4096), shown: """
        1, 2 and all cores for multi-section workloads; 1 only with --metric instructions
        """, "run the optimized engine on N threads only")
    static let repetitions = Option("--repetitions", value: "R", .integer(in: 2...1000), default: 5, shown: """
        5; 1 with --metric instructions, where a spread over 0.01% between repetitions is reported
        """, "measured repetitions after a warm-up")
    /// `--repetitions` with `--metric instructions`: counts repeat exactly, so one is enough.
    static let countedRepetitions = OptionReader.integer(in: 1...1000)
    static let out = Option("--out", value: "FILE", .text, """
        write FILE (Google Benchmark JSON) and beside it FILE's name with .md
        (summary, and the comparison with --baseline), .svg (chart), .html
        (the summary's tables and the chart in one self-contained page) and
        .github-action.json (customSmallerIsBetter)
        """)
    static let baseline = Option("--baseline", value: "FILE", .text, """
        compare with a previous result file of the same metric, as
        'masonry compare' does (the optimized engine gates)
        """)
    static let callgrindChild = Option(CallgrindLauncher.childOption, value: "DIR", .text, hidden: true, "the measured process")

    static let signature = CommandSignature(
        name: "bench", summary: "measure the engines (prepare, queries, updates, memory) and verify them",
        usage: ["""
            [--suite smoke|standard|full] [--filter REGEX] [--engines LIST]
                                 [--metric time|instructions] [--threads N] [--repetitions R] [--out FILE]
                                 [--baseline FILE [--threshold PCT] [--alpha A] [--instructions-threshold PCT]
                                                  [--allocation-threshold PCT]] [--format text|markdown] [--quiet]
                                 [--engine-command CMD [--engine-timeout S]]
            """],
        discussion: """
            Measures prepare time, rect-query latency, item lookups, incremental updates, scrolling
            sessions over items of unknown height (per-frame latency), memory and allocations of the
            engines, and checks the optimized and peer engines' frames against the reference
            engine's, bit for bit, wherever the reference runs. Prints a summary: tables aligned in
            columns on a terminal, Markdown otherwise (--format chooses).

            --metric instructions counts instructions instead of timing: the tool runs itself again
            under Valgrind's callgrind (valgrind must be installed), instrumenting only each measured
            region, with address-space randomisation off, fixed hashing seeds and a fixed environment
            size. The counts repeat exactly on the same build and machine, so a gate can trust a 1%
            change. Workloads up to 100K items (the smoke suite whole); a smoke run takes about 30
            seconds on two idle cores (its scrolling sessions 9 of them), about a minute on busy ones.

            Progress goes to stderr, a line per benchmark ([n/total] name, elapsed and remaining time):
            redrawn in place on a terminal, plain lines in a log; --quiet turns it off.

            --engine-command CMD measures an engine program too (EngineProtocol.md), as the engine
            'external', beside the optimized one unless --engines says otherwise: its prepares,
            queries and updates on the workloads the reference runs, each time the one it reports
            for its own work (the pipe and JSON not measured), its answers verified against the
            reference. Its lookups (not timed by the protocol), sessions and memory are not
            measured, nor what its hello declares unsupported; --metric time only.
            """,
        options: [suite, GateOptions.filter, engines, metric, threads, repetitions, out, baseline]
            + GateOptions.thresholds + [OutputFormat.summaryOption, ProgressReporter.quiet] + ExternalEngineOptions.options + [callgrindChild],
        exitStatus: "0 success, 1 a frame mismatch or a regression, 2 bad input or usage.")

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        try arguments.noPositionals()
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = try arguments.value(suite)
        configuration.filter = try arguments.value(GateOptions.filter)
        configuration.metric = try arguments.value(metric)
        let counting = configuration.metric == .instructions
        let measuresProgram = arguments.contains(ExternalEngineOptions.command)
        if measuresProgram, counting {
            throw arguments.usageError("--metric instructions does not go with --engine-command: an engine program times itself")
        }
        let engineList = try arguments.value(engines)
        if engineList?.contains(.external) == true, !measuresProgram { throw arguments.usageError("--engines external needs --engine-command") }
        configuration.engines = engineList ?? (measuresProgram ? [.optimized, .external] : BenchmarkEngine.inProcess)
        if measuresProgram {
            configuration.externalEngine = try ExternalEngineOptions.process(arguments, command: qualifiedName).map(ExternalBenchmarkEngine.program)
            if !configuration.engines.contains(.external) { configuration.engines.append(.external) }
        }
        let format = try OutputFormat.summary(arguments, console: console)
        if let threads = try arguments.value(threads) {
            configuration.threads = threads
        } else if counting {
            configuration.threads = 1  // Dispatch's workers make multi-threaded counts vary (Benchmarks.md)
        }
        configuration.repetitions = !counting ? try arguments.value(repetitions)
            : arguments.contains(repetitions) ? try arguments.value(repetitions, reading: countedRepetitions) : 1
        configuration.jemalloc = context.allocator as? Jemalloc  // the harness measures through jemalloc's own type
        let baselinePath = try arguments.value(baseline)
        if baselinePath == nil, let option = GateOptions.thresholds.sorted(by: { $0.name < $1.name }).first(where: { arguments.contains($0) }) {
            throw arguments.usageError("\(option.name) needs --baseline")
        }
        let policy = try GateOptions.policy(arguments)
        // Everything that can fail on input fails now, before minutes of measuring.
        let baselineReport = try baselinePath.map { path throws(CommandFailure) in try ResultInput.read(path) }
        if let baselinePath, let baselineReport, baselineReport.context.metric != configuration.metric {
            throw CommandFailure(.badInput, "\(baselinePath) measured \(baselineReport.context.metric.rawValue), "
                                 + "this run measures \(configuration.metric.rawValue): compare files of one metric")
        }
        let out = try arguments.value(Self.out)
        if let out { try OutputFile.checkWritable(outputPaths(out).map(\.path)) }
        let planned: Int
        do {
            planned = try BenchmarkRunner(configuration, progress: { _ in }).plannedBenchmarkCount()
        } catch {
            throw arguments.usageError("\(GateOptions.filter.name) is not a valid regular expression: \(error)")
        }

        if counting {
            guard let directory = try arguments.value(callgrindChild) else {
                return try CallgrindLauncher.run(arguments.original, console: console)
            }
            guard BenchmarkMetric.isRunningUnderValgrind else {
                throw arguments.usageError("\(callgrindChild.name) is internal: 'masonry bench --metric instructions' runs valgrind itself")
            }
            configuration.callgrindOutputFile = "\(directory)/callgrind.out"
            configuration.valgrindVersion = ProcessInfo.processInfo.environment[CallgrindLauncher.versionVariable]
        } else if arguments.contains(callgrindChild) {
            throw arguments.usageError("\(callgrindChild.name) is internal to --metric instructions")
        }

        let progress = ProgressReporter(console: console, total: planned, quiet: arguments.isSet(ProgressReporter.quiet))
        var runner = try! BenchmarkRunner(configuration, progress: progress.step)  // the filter compiled above
        var outcome = runner.run()
        progress.finish()
        if counting, let commit = ProcessInfo.processInfo.environment[CallgrindLauncher.commitVariable] {
            outcome.report.context.gitCommit = commit
        }
        if let problem = outcome.measurementProblem {
            throw CommandFailure(.badInput, "cannot read the instruction counts: \(problem)")
        }
        guard !outcome.report.records.isEmpty else {
            throw CommandFailure(.badInput, "no benchmark matches the filter"
                                 + (outcome.skipped.isEmpty ? "" : " (\(outcome.skipped.count) skipped: \(outcome.skipped[0]))"))
        }

        var summary = ReportWriters.summary(outcome.report, mismatches: outcome.mismatches)
        if case .program(let program)? = configuration.externalEngine {
            summary.append(.paragraph("`external` is \(program.hello.engine) (`\(program.command)`), timed by itself over the engine protocol."))
        }
        var skipped = outcome.skipped
        if counting, !arguments.contains(threads) {
            skipped.append("prepare/optimized/…/threads:2 and more: instruction mode counts one thread (Dispatch's worker "
                           + "threads make multi-threaded counts vary by up to 0.04% from run to run; --threads N measures them anyway)")
        }
        if !skipped.isEmpty {
            summary.append(.paragraph("Skipped:\n" + skipped.map { "- \($0)" }.joined(separator: "\n")))
        }
        let unsteady = counting ? outcome.report.unsteadyInstructionCounts() : []
        if !unsteady.isEmpty {
            summary.append(.paragraph("Instruction counts that did not repeat (over 0.01% apart):\n" + unsteady.map { "- \($0)" }.joined(separator: "\n")))
            for line in unsteady { console.error("masonry bench: warning: \(line)\n") }
        }
        var status: ExitCode = outcome.mismatches.isEmpty ? .success : .checkFailed
        if let baselineReport {
            let gate = try CompareCommand.gate(baseline: baselineReport, current: outcome.report, policy: policy, console: console)
            summary.append(.heading("Comparison with \(baselinePath!)"))
            summary.append(contentsOf: gate.summary)
            if gate.status == .checkFailed { status = .checkFailed }
        }
        console.output(format == .text ? summary.plainText : summary.markdown)
        if let out {
            do {
                for (path, content) in outputPaths(out) {
                    try OutputFile.write(content(outcome.report, summary), to: path)
                }
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(.badInput, "cannot encode the results: \(error)")
            }
        }
        for mismatch in outcome.mismatches { console.error("masonry bench: mismatch: \(mismatch)\n") }
        return status
    }

    /// The result files of `--out FILE`, and how each is made from the report and the summary.
    static func outputPaths(_ out: String) -> [(path: String, content: (BenchmarkReport, ReportSummary) throws -> Data)] {
        [
            (out, { report, _ in try report.jsonData() }),
            (OutputFile.sibling(of: out, extension: "md"), { _, summary in Data(summary.markdown.utf8) }),
            (OutputFile.sibling(of: out, extension: "html"), { report, summary in
                Data(HTMLReport.render(summary, chart: SVGChart.render(report), title: "Masonry benchmarks: \(report.context.suite) suite").utf8)
            }),
            (OutputFile.sibling(of: out, extension: "svg"), { report, _ in Data(SVGChart.render(report).utf8) }),
            (OutputFile.sibling(of: out, extension: "github-action.json"), { report, _ in try ReportWriters.githubActionBenchmark(report) }),
        ]
    }
}
