// `masonry fuzz`: picks one of its four forms by flag, with the options and case runner they share.
import Foundation
import MasonryLayout
import MasonrySupport
import MasonryVerification

/// `masonry fuzz`: the crash-safe, shrinking differential fuzzer, and replay of its reproducers.
///
/// Four forms, chosen by a flag, each with its own signature (options, usage, help):
/// `--worker` (`FuzzWorkerCommand`), `--replay FILE` (`FuzzReplayCommand`), `--distribution N`
/// (`FuzzDistributionCommand`) and the run without any of them (`FuzzRunCommand`). `masonry fuzz
/// --help` documents them all; an option of another form is refused, naming the form's flag.
enum FuzzCommand: Command {
    /// One line for `masonry --help`, the same for every form.
    static let summaryLine = "fuzz the optimized engine against the reference, shrinking failures"
    // The options more than one form reads.
    static let seed = Option("--seed", value: "S", .unsignedInteger, default: Fuzzer.Configuration().seed, "the first case's seed")
    static let threads = Option("--threads", value: "LIST", .threadList, default: Fuzzer.Configuration().threads,
                                "thread counts, taken in turn")
    static let memoryLimit = Option("--memory-limit", value: "MB", .integer(in: 64...1_048_576), default: 4096, """
        the worker's address space; a case that needs more is a finding
        """)
    static let inProcess = Flag("--in-process", """
        run cases in this process: no worker, but a crash or a hang ends
        the run (for debuggers and sanitizers)
        """)
    static let plantedFault = Option<ProcessFaultEngine.Fault?>("--planted-fault", value: "trap|hang|memory|race", .choice, hidden: true,
                                                                "a worker engine that fails")
    static let workerExecutable = Option("--worker-executable", value: "PATH", .text, hidden: true, "another executable as the worker")

    /// The forms, in the order their flags take precedence; the run, which has no flag, last.
    static var forms: [any FuzzForm.Type] { [FuzzWorkerCommand.self, FuzzReplayCommand.self, FuzzDistributionCommand.self, FuzzRunCommand.self] }

    /// Every form's usage and options, for `masonry fuzz --help` and `masonry help fuzz`.
    static let signature = CommandSignature(
        name: "fuzz", summary: summaryLine,
        usage: FuzzRunCommand.signature.usage + FuzzReplayCommand.signature.usage + FuzzDistributionCommand.signature.usage,
        discussion: FuzzRunCommand.signature.discussion + """


            INTERNAL (for the supervisor and the verifier's own tests): --worker serves cases on
            standard input and output; --planted-fault trap|hang|memory|race gives the worker an
            engine that fails that way; --worker-executable PATH starts another executable as the worker.
            """,
        options: [FuzzRunCommand.seconds, seed, FuzzRunCommand.cases, FuzzRunCommand.jobs, FuzzRunCommand.shard, threads,
                  FuzzRunCommand.shrinkSeconds, FuzzRunCommand.caseTimeout, memoryLimit, inProcess,
                  FuzzRunCommand.out, FuzzReplayCommand.replay, FuzzDistributionCommand.distribution, ProgressReporter.quiet]
            + ExternalEngineOptions.options + [FuzzWorkerCommand.worker, plantedFault, workerExecutable],
        exitStatus: "0 no failure (or the replay passes), 1 a failure found, 2 bad input or usage.")

    /// The form the arguments choose: the first whose flag is among them.
    static func form(for arguments: [String]) -> any FuzzForm.Type {
        forms.first { form in
            guard let flag = form.selector?.name else { return true }
            return arguments.contains { $0 == flag || $0.hasPrefix(flag + "=") }
        }!
    }

    /// Runs the form the arguments choose, with its own signature; its help is the form's own,
    /// except the run's, which is the whole command's.
    static func main(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let form = form(for: arguments)
        if let flag = form.selector?.name, !arguments.contains(where: Arguments.asksForHelp) {
            for argument in arguments where argument.hasPrefix("--") {
                let name = String(argument.prefix { $0 != "=" })
                if form.signature.option(named: name) == nil, signature.option(named: name) != nil {
                    throw .usage(qualifiedName, "\(name) does not go with \(flag)")
                }
            }
        }
        let parsed = try Arguments(arguments, signature: form.signature)
        if parsed.wantsHelp {
            context.console.output(form.selector == nil ? help : form.help)
            return .success
        }
        return try form.run(parsed, context: context)
    }

    /// Runs the form the arguments choose (`main` parses them with that form's signature).
    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        try form(for: arguments.original).run(arguments, context: context)
    }

    /// How the run and replay check a case: the check (the optimized engine, a planted fault,
    /// or the engine program of `--engine-command`) and the worker process it runs in, nil with
    /// `--in-process`. The engine program is started here first, so that one that does not
    /// start or speaks another protocol ends the command at once (exit status 2).
    static func caseRunner(_ arguments: Arguments) throws(CommandFailure) -> (checker: ScenarioChecker, worker: WorkerCommand?) {
        let memoryLimit = try arguments.value(Self.memoryLimit)
        let plantedFault = try arguments.value(Self.plantedFault)
        let checker = checker(plantedFault, try ExternalEngineOptions.process(arguments, command: qualifiedName))
        guard !arguments.isSet(inProcess) else { return (checker, nil) }
        let worker = WorkerCommand(
            executable: try arguments.value(workerExecutable) ?? currentExecutable(),
            arguments: ["fuzz", FuzzWorkerCommand.worker.name, Self.memoryLimit.name, "\(memoryLimit)"]
                + (plantedFault.map { [Self.plantedFault.name, $0.rawValue] } ?? []) + (try ExternalEngineOptions.workerArguments(arguments)),
            // Swift's backtracer takes seconds to describe a crash the supervisor reports anyway.
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        return (checker, worker)
    }

    /// The check the fuzzer and replay run: the engine program's, when there is one; else the
    /// optimized engine (or a planted fault) with the threading threshold lowered, so small
    /// layouts take the threaded path.
    static func checker(_ plantedFault: ProcessFaultEngine.Fault?, _ external: ExternalEngineProcess?) -> ScenarioChecker {
        if let external { return .external(external) }
        return ScenarioChecker(candidate: plantedFault.map(ProcessFaultEngine.factory) ?? optimizedEngineFactory,
                               minimumItemsForThreads: ScenarioChecker.fuzzingMinimumItemsForThreads)
    }

    /// This executable, to start again as the worker.
    private static func currentExecutable() -> String {
        ExecutablePath.current()
    }
}
