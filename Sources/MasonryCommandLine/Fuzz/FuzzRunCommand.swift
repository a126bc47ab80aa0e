// `masonry fuzz`'s ordinary run: generates and runs cases in a worker, shrinks and writes the first failure.
import Foundation
import MasonryBenchmarkHarness
import MasonryLayout
import MasonrySupport
import MasonryVerification

/// `masonry fuzz` without a form's flag: generates cases for a while, runs them (in a worker
/// process), and shrinks and writes the first failure.
enum FuzzRunCommand: FuzzForm {
    static let seconds = Option("--seconds", value: "N", .integer(in: 1...1_000_000), default: 60, "how long to look for failures")
    static let cases = Option("--cases", value: "N", .integer(in: 1...Int.max), "stop after N cases")
    static let shrinkSeconds = Option("--shrink-seconds", value: "N", .integer(in: 0...1_000_000), default: 60, """
        shrinking's own time budget; 0 writes the failing case as it is
        """)
    static let out = Option("--out", value: "DIR", .text, default: "fuzz-failures", "where reproducers go")
    static let jobs = Option("--jobs", value: "N", .integer(in: 1...1024),
                             default: max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
                             shown: "the cores minus one, at least 1", """
        cases run side by side, each job in its own worker process; the
        same --seed and --cases find the same failure for any N
        """)
    static let shard = ShardOption.option("case")
    static let caseTimeout = Option("--case-timeout", value: "S", .integer(in: 1...86_400), shown: "2; 30 × --engine-timeout with --engine-command", """
        the least time a case may take before it counts as a hang; raise it
        for debug or sanitizer builds on busy machines
        """)

    static var selector: (any DeclaredOption)? { nil }

    static let signature = CommandSignature(
        name: "fuzz", summary: FuzzCommand.summaryLine,
        usage: ["""
            [--seconds N] [--seed S] [--cases N] [--jobs N] [--shard K/N] [--threads LIST]
                                [--shrink-seconds N] [--case-timeout S] [--memory-limit MB] [--in-process] [--out DIR] [--quiet]
                                [--engine-command CMD] [--engine-timeout S]
            """],
        discussion: """
            Generates random scenarios (descriptions over every field and edge value: zero, subnormal
            and huge lengths, tiny and huge widths, 1 to 1024 columns, thousands of sections, sections
            of thousands of items, item counts at checkpoint boundaries, empty sections, ties, touching
            frames; update sequences; engines prepared again with another layout and back; random,
            touching and zero-size queries after every step; several thread counts, with small layouts
            taking the threaded path too) and checks that the optimized engine agrees with the
            reference and that the layout invariants hold; feeds mutated and random bytes to the
            description parser. The same seed gives the same cases.

            Cases run in a worker process (this tool, started again), so that a case that crashes
            the engine (a trap, a signal, memory exhausted) or hangs it (no answer within 10 × the
            median case time, at least --case-timeout) is a finding rather than the end of the run. A finding is
            printed at once (its case seed and the failure), then shrunk to a small reproducer within
            the shrinking budget (candidates run in the worker too; when the budget runs out, the
            smallest reproducer so far is kept), written to DIR as case-SEED.json (a scenario file)
            and case-SEED.svg (both layouts side by side), and the exit status is 1.

            --jobs N runs N workers side by side, dealing them blocks of cases; the failure reported
            is the first failing case of those run, so a run bounded by --cases reports the same
            failure for any N. --shard K/N runs every N-th case of the seed from the K-th: N shards
            with one --seed (in N CI jobs or on N machines) run every case once between them, and a
            failure's case seed reproduces it in any of them (--replay its file). A run takes at
            most --seconds, plus --shrink-seconds, plus a few seconds. Progress goes to stderr (cases so
            far, elapsed and remaining time): redrawn in place on a terminal, a line every 10 s in a log;
            --quiet turns it off.

            --engine-command CMD fuzzes another engine, a program in any language that speaks the
            engine protocol (EngineProtocol.md): each worker starts it, and its answers are checked
            against the reference as the optimized engine's are. Cases that use a feature its hello
            declares unsupported (or of a later format) are skipped and counted by feature; its
            crashes, hangs (no answer within --engine-timeout) and malformed answers are findings,
            shrunk like any other, with the last lines of its standard error.
            """,
        options: [seconds, FuzzCommand.seed, cases, jobs, shard, FuzzCommand.threads, shrinkSeconds, caseTimeout, FuzzCommand.memoryLimit,
                  FuzzCommand.inProcess, out, ProgressReporter.quiet] + ExternalEngineOptions.options
            + [FuzzCommand.plantedFault, FuzzCommand.workerExecutable],
        exitStatus: "0 no failure, 1 a failure found, 2 bad input or usage.")

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        try arguments.noPositionals()
        let (checker, worker) = try FuzzCommand.caseRunner(arguments)
        var configuration = Fuzzer.Configuration()
        configuration.seconds = Double(try arguments.value(seconds))
        configuration.shrinkSeconds = Double(try arguments.value(shrinkSeconds))
        configuration.seed = try arguments.value(FuzzCommand.seed)
        configuration.maximumCases = try arguments.value(cases)
        configuration.threads = try arguments.value(FuzzCommand.threads)
        configuration.jobs = try arguments.value(jobs)
        configuration.shard = try arguments.value(shard)
        configuration.checker = checker
        configuration.worker = worker
        if checker.externalEngine != nil { configuration.engineTimeLimit = Double(try arguments.value(ExternalEngineOptions.timeout)) }
        configuration.caseTimeout = try arguments.value(caseTimeout).map(Double.init)

        let progress = ProgressReporter(console: console, total: nil, quiet: arguments.isSet(ProgressReporter.quiet))
        let outcome: Fuzzer.Outcome
        do {
            outcome = try Fuzzer(configuration).run { event in
                switch event {
                case .progress(let cases, let seconds):
                    let left = configuration.seconds.map { ", about \(ProgressReporter.duration(max(0, $0 - seconds))) left" } ?? ""
                    progress.status("\(cases) cases, \(Int(Double(cases) / max(seconds, 1e-9))) per second "
                                    + "(\(ProgressReporter.duration(seconds)) elapsed\(left))", logInterval: 10)
                case .found(let caseSeed, let threads, let failure, let items):
                    progress.finish()
                    console.error("masonry fuzz: case seed \(caseSeed) (\(items) items, \(threads) thread(s)) fails: \(failure.message)\n")
                    console.flush()
                case .shrunk(let items, let checks, let seconds):
                    progress.status("shrinking: \(items) items after \(checks) checks, \(ProgressReporter.duration(seconds)) "
                                    + "of at most \(ProgressReporter.duration(configuration.shrinkSeconds))", logInterval: 10)
                }
            }
        } catch {
            progress.finish()
            throw CommandFailure(.badInput, "\(qualifiedName): \(error)")
        }
        progress.finish()
        let runner = worker == nil ? "in this process" : "\(outcome.workerStarts) worker process(es)"
        let shardText = configuration.shard == .whole ? "" : ", shard \(configuration.shard)"
        console.output("\(outcome.cases) cases and \(outcome.parserInputs) parser inputs in \(SummaryNumber.seconds(outcome.seconds)) s "
                       + "(\(Int(outcome.casesPerSecond)) cases per second), seed \(configuration.seed)\(shardText); "
                       + "\(runner), \(configuration.jobs) job(s)\n")
        if let engine = checker.externalEngine?.hello.engine {
            let skipped = outcome.skippedFeaturesSummary
            console.output("engine: \(engine); \(outcome.cases - outcome.skippedCases) cases checked"
                           + (skipped.isEmpty ? "\n" : ", \(outcome.skippedCases) skipped for features it lacks (\(skipped))\n"))
        }
        guard let failure = outcome.failure else {
            console.output("no failure\n")
            return .success
        }
        return try report(failure, shrinkBudget: configuration.shrinkSeconds, directory: try arguments.value(out),
                          console: console)
    }

    /// Prints what was found and writes the reproducer and its drawing.
    private static func report(_ failure: Fuzzer.Failure, shrinkBudget: Double, directory: String,
                               console: Console) throws(CommandFailure) -> ExitCode {
        let name = "case-\(failure.caseSeed)"
        if let input = failure.parserInput {
            let path = URL(fileURLWithPath: directory).appendingPathComponent("\(name).parser-input").path
            try OutputFile.write(Data(input), to: path)
            console.output("case seed \(failure.caseSeed): \(failure.failure.message)\n"
                           + "the input that does it: \(path) (reproduce: masonry layout \(path))\n")
            return .checkFailed
        }
        let original = failure.original.totalItems, shrunk = failure.shrunk.totalItems
        if failure.didNotRecur {
            console.output("case seed \(failure.caseSeed): the \(failure.failure.kind.rawValue) did not happen again when the case "
                           + "was replayed alone; the reproducer is the whole case (\(original) items)\n")
        } else if shrinkBudget == 0 {
            console.output("case seed \(failure.caseSeed): not shrunk (--shrink-seconds 0), \(original) items\n")
        } else if failure.shrinkingStoppedEarly {
            console.output("case seed \(failure.caseSeed): shrinking stopped early, its budget of \(Int(shrinkBudget)) s spent: "
                           + "the smallest reproducer so far has \(shrunk) items (from \(original)), after \(failure.shrinkChecks) checks\n")
        } else {
            console.output("case seed \(failure.caseSeed): shrunk from \(original) to \(shrunk) items in \(failure.shrinkChecks) checks, "
                           + "\(SummaryNumber.seconds(failure.shrinkSeconds)) s\n")
        }
        if failure.failedRuns < failure.runs {
            console.output("the shrunk case failed in \(failure.failedRuns) of \(failure.runs) runs (a race): shrinking went on "
                           + "checking each candidate that passed \(failure.retriesOfAPass) more times\n")
        }
        console.error("masonry fuzz: \(failure.failure.kind == .mismatch ? "failure" : failure.failure.kind.rawValue): \(failure.failure.message)\n")
        console.output(failure.shrunk.jsonText())
        try FailureReport.write(failure.shrunk, failure.failure, name: name, directory: directory, console: console)
        return .checkFailed
    }
}
