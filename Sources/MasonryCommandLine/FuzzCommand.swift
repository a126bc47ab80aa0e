import Foundation
import MasonryBenchmarkHarness
import MasonryLayout
import MasonrySupport
import MasonryVerification

/// `masonry fuzz`: the crash-safe, shrinking differential fuzzer, and replay of its reproducers.
enum FuzzCommand: Command {
    static let seconds = CommandOption("--seconds", value: "N", "how long to look for failures (default: 60)")
    static let seed = CommandOption("--seed", value: "S", "the first case's seed (default: 1)")
    static let cases = CommandOption("--cases", value: "N", "stop after N cases")
    static let threads = CommandOption("--threads", value: "LIST", "thread counts, taken in turn (default: 1,2,3,8)")
    static let shrinkSeconds = CommandOption("--shrink-seconds", value: "N", """
        shrinking's own time budget (default: 60; 0 writes the failing case
        as it is)
        """)
    static let memoryLimit = CommandOption("--memory-limit", value: "MB", """
        the worker's address space (default: 4096); a case that needs more
        is a finding
        """)
    static let inProcess = CommandOption(flag: "--in-process", """
        run cases in this process: no worker, but a crash or a hang ends
        the run (for debuggers and sanitizers)
        """)
    static let out = CommandOption("--out", value: "DIR", "where reproducers go (default: fuzz-failures)")
    static let replay = CommandOption("--replay", value: "FILE", """
        check one scenario file (a chain of them, or a plain format v1
        description) and exit 0 if it passes, 1 if it fails (a crash or a
        hang, up to 30 s, included)
        """)
    static let distribution = CommandOption("--distribution", value: "N", """
        generate N cases without running them and print the share of
        cases with each feature faults hide behind
        """)
    static let worker = CommandOption(flag: "--worker", "serve cases on standard input and output", hidden: true)
    static let plantedFault = CommandOption("--planted-fault", value: "trap|hang|memory", "a worker engine that fails", hidden: true)
    static let workerExecutable = CommandOption("--worker-executable", value: "PATH", "another executable as the worker", hidden: true)

    static let signature = CommandSignature(
        name: "fuzz", summary: "fuzz the optimized engine against the reference, shrinking failures",
        usage: ["""
            [--seconds N] [--seed S] [--cases N] [--threads LIST] [--shrink-seconds N]
                                [--memory-limit MB] [--in-process] [--out DIR] [--quiet]
            """, "--replay FILE [--threads LIST] [--in-process]", "--distribution N [--seed S] [--threads LIST]"],
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
            median case time, at least 2 s) is a finding rather than the end of the run. A finding is
            printed at once (its case seed and the failure), then shrunk to a small reproducer within
            the shrinking budget (candidates run in the worker too; when the budget runs out, the
            smallest reproducer so far is kept), written to DIR as case-SEED.json (a scenario file)
            and case-SEED.svg (both layouts side by side), and the exit status is 1. A run takes at
            most --seconds, plus --shrink-seconds, plus a few seconds. Progress goes to stderr (cases so
            far, elapsed and remaining time): redrawn in place on a terminal, a line every 10 s in a log;
            --quiet turns it off.

            INTERNAL (for the supervisor and the verifier's own tests): --worker serves cases on
            standard input and output; --planted-fault trap|hang|memory gives the worker an engine
            that fails that way; --worker-executable PATH starts another executable as the worker.
            """,
        options: [seconds, seed, cases, threads, shrinkSeconds, memoryLimit, inProcess, out, replay, distribution,
                  ProgressReporter.quiet, worker, plantedFault, workerExecutable],
        exitStatus: "0 no failure (or the replay passes), 1 a failure found, 2 bad input or usage.")

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        try arguments.noPositionals()
        let memoryLimit = try arguments.integer(Self.memoryLimit, in: 64...1_048_576, default: 4096)
        let plantedFault: ProcessFaultEngine.Fault? = try arguments[Self.plantedFault] == nil ? nil
            : arguments.choice(Self.plantedFault, default: ProcessFaultEngine.Fault.trap)
        if arguments.isSet(worker) {
            FuzzWorker.limitMemory(megabytes: memoryLimit)
            FuzzWorker.serve(checker: checker(plantedFault))
            return .success
        }
        var worker: WorkerCommand?
        if !arguments.isSet(inProcess) {
            worker = WorkerCommand(
                executable: arguments[workerExecutable] ?? currentExecutable(),
                arguments: ["fuzz", "--worker", "--memory-limit", "\(memoryLimit)"] + (plantedFault.map { ["--planted-fault", $0.rawValue] } ?? []),
                // Swift's backtracer takes seconds to describe a crash the supervisor reports anyway.
                environment: ["SWIFT_BACKTRACE": "enable=no"])
        }
        if let path = arguments[replay] {
            return try replay(path, threads: arguments[threads], worker: worker, plantedFault: plantedFault, console: console)
        }
        var configuration = Fuzzer.Configuration()
        configuration.seconds = Double(try arguments.integer(seconds, in: 1...1_000_000, default: 60))
        configuration.shrinkSeconds = Double(try arguments.integer(shrinkSeconds, in: 0...1_000_000, default: 60))
        configuration.seed = try arguments.unsignedInteger(seed) ?? configuration.seed
        if arguments[cases] != nil {
            configuration.maximumCases = try arguments.integer(cases, in: 1...Int.max, default: 1)
        }
        configuration.threads = try ThreadList.parse(arguments, threads, default: configuration.threads)
        if arguments[distribution] != nil {
            let count = try arguments.integer(distribution, in: 1...100_000_000, default: 1)
            var table = TextTable(header: ["share of cases", "feature"], alignments: [.right, .left])
            for (feature, share) in FuzzCaseFeature.distribution(seed: configuration.seed, cases: count, threads: configuration.threads) {
                table.append([SummaryNumber.percent(share), feature.rawValue])
            }
            console.output(table.markdown)
            console.output("\(count) cases of seed \(configuration.seed), threads \(configuration.threads.map(String.init).joined(separator: ","))\n")
            return .success
        }
        configuration.checker = checker(plantedFault)
        configuration.worker = worker

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
        console.output("\(outcome.cases) cases and \(outcome.parserInputs) parser inputs in \(SummaryNumber.seconds(outcome.seconds)) s "
                       + "(\(Int(outcome.casesPerSecond)) cases per second), seed \(configuration.seed); \(runner)\n")
        guard let failure = outcome.failure else {
            console.output("no failure\n")
            return .success
        }
        return try report(failure, shrinkBudget: configuration.shrinkSeconds, directory: arguments[out] ?? "fuzz-failures",
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
        console.error("masonry fuzz: \(failure.failure.kind == .mismatch ? "failure" : failure.failure.kind.rawValue): \(failure.failure.message)\n")
        console.output(failure.shrunk.jsonText())
        try FailureReport.write(failure.shrunk, failure.failure, name: name, directory: directory, console: console)
        return .checkFailed
    }

    static func replay(_ path: String, threads: String?, worker: WorkerCommand?, plantedFault: ProcessFaultEngine.Fault?,
                       console: Console) throws(CommandFailure) -> ExitCode {
        let bytes = try InputFile.read(path)
        let chain: ScenarioChain
        do {
            chain = try ScenarioChain(json: bytes)
        } catch let scenarioError {
            // A plain description (no "description" field) replays as a scenario without updates;
            // when it is not a valid one, its own error is the one that helps.
            guard scenarioError.path == "description" else { throw CommandFailure(.badInput, "\(path): \(scenarioError)") }
            do {
                chain = ScenarioChain(LayoutScenario(description: try LayoutDescription(json: bytes)))
            } catch {
                throw CommandFailure(.badInput, "\(path): \(error) (read as a plain layout description: it has no \"description\" field)")
            }
        }
        let counts = try ThreadList.parse(threads, command: qualifiedName,
                                          default: chain.threads.isEmpty ? ThreadList.standard : chain.threads)
        let replayer = Replayer(checker: checker(plantedFault), worker: worker)
        for count in counts {
            let failure: CheckFailure?
            do {
                failure = try replayer.check(chain, threads: count)
            } catch {
                throw CommandFailure(.badInput, "\(qualifiedName): \(error)")
            }
            if let failure {
                console.error("masonry fuzz: replay fails on \(count) thread(s): \(failure.message)\n")
                return .checkFailed
            }
        }
        console.output("\(path): passes on threads \(counts.map(String.init).joined(separator: ",")) "
                       + "(\(chain.totalItems) items, \(chain.scenarios.reduce(0) { $0 + $1.updates.count }) updates, "
                       + "\(chain.scenarios.reduce(0) { $0 + $1.queries.count }) queries"
                       + (chain.scenarios.count > 1 ? ", \(chain.scenarios.count) scenarios on one engine" : "") + ")\n")
        return .success
    }

    /// The check the fuzzer and replay run: the optimized engine (or a planted fault) with the
    /// threading threshold lowered, so small layouts take the threaded path.
    private static func checker(_ plantedFault: ProcessFaultEngine.Fault?) -> ScenarioChecker {
        ScenarioChecker(candidate: plantedFault.map(ProcessFaultEngine.factory) ?? optimizedEngineFactory,
                        minimumItemsForThreads: ScenarioChecker.fuzzingMinimumItemsForThreads)
    }

    /// This executable, to start again as the worker.
    private static func currentExecutable() -> String {
        ExecutablePath.current()
    }
}
