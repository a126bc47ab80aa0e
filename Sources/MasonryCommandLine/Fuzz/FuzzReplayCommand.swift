// `masonry fuzz --replay FILE`: checks one scenario file or description as the fuzzer checks a case.
import MasonryLayout
import MasonrySupport
import MasonryVerification
import MasonryWorkloads

/// `masonry fuzz --replay FILE`: checks one scenario file (a fuzzer's reproducer) as the fuzzer
/// checks a case.
enum FuzzReplayCommand: FuzzForm {
    static let replay = Option("--replay", value: "FILE", .text, """
        check one scenario file (a chain of them, or a plain format v1
        description) and exit 0 if it passes, 1 if it fails (a crash or a
        hang, up to 30 s, included)
        """)
    /// Replay's `--threads`: without it, the counts the file names.
    static let threads = Option("--threads", value: "LIST", .threadList, shown: "the file's threads, else 1,2,all",
                                "thread counts, each checked in turn")

    static var selector: (any DeclaredOption)? { replay }

    static let signature = CommandSignature(
        name: "fuzz", summary: FuzzCommand.summaryLine,
        usage: ["--replay FILE [--threads LIST] [--in-process] [--engine-command CMD] [--engine-timeout S]"],
        discussion: """
            Checks the scenario file FILE (a fuzzer's reproducer: a scenario or a chain of them on one
            engine, or a plain layout description, replayed without updates) as the fuzzer checks a
            case, on each thread count, in a worker process unless --in-process: a crash or a hang
            (up to 30 s) is a failure too. Prints what it checked. With --engine-command, the engine
            program is checked; a file that uses a feature it lacks is not checked (exit status 2).
            """,
        options: [replay, threads, FuzzCommand.inProcess, FuzzCommand.memoryLimit] + ExternalEngineOptions.options
            + [FuzzCommand.plantedFault, FuzzCommand.workerExecutable],
        exitStatus: "0 the replay passes, 1 it fails, 2 bad input or usage.")

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        try arguments.noPositionals()
        let (checker, worker) = try FuzzCommand.caseRunner(arguments)
        let path = try arguments.value(replay)!  // present: it chose this form
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
        let missing = checker.missingFeatures(of: chain)
        guard missing.isEmpty else {
            throw CommandFailure(.badInput, "\(path): not checked: the engine (\(checker.externalEngine!.hello.engine)) lacks features "
                                 + "it uses: \(missing.map(\.rawValue).joined(separator: ", "))")
        }
        let counts = try arguments.value(threads) ?? (chain.threads.isEmpty ? ThreadCounts.standard : chain.threads)
        let replayer = Replayer(checker: checker, worker: worker)
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
                       + "\(chain.scenarios.reduce(0) { $0 + $1.queries.count }) queries, "
                       + "\(chain.scenarios.reduce(0) { $0 + $1.anchors.count }) anchor steps"
                       + (chain.scenarios.count > 1 ? ", \(chain.scenarios.count) scenarios on one engine" : "") + ")\n")
        return .success
    }

}
