// `masonry fuzz --worker` (internal): the memory-limited worker process that serves the fuzzer's cases.
import MasonrySupport
import MasonryVerification

/// `masonry fuzz --worker` (internal): the worker process the fuzzer and replay start, serving
/// cases on standard input and output within a memory limit.
enum FuzzWorkerCommand: FuzzForm {
    static let worker = Flag("--worker", "serve cases on standard input and output", hidden: true)

    static var selector: (any DeclaredOption)? { worker }

    static let signature = CommandSignature(
        name: "fuzz", summary: FuzzCommand.summaryLine,
        usage: ["--worker [--memory-limit MB] [--planted-fault trap|hang|memory|race] [--engine-command CMD] [--engine-timeout S]"],
        discussion: """
            INTERNAL: serves the supervisor's cases on standard input and output (started by
            'masonry fuzz' and 'masonry fuzz --replay'), its address space limited to the memory
            limit; --planted-fault gives it an engine that fails that way; --engine-command checks
            that engine program, started in this worker's process group (which the supervisor
            kills whole when a case hangs).
            """,
        options: [worker, FuzzCommand.memoryLimit, FuzzCommand.plantedFault] + ExternalEngineOptions.options)

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        try arguments.noPositionals()
        let memoryLimit = try arguments.value(FuzzCommand.memoryLimit)
        let plantedFault = try arguments.value(FuzzCommand.plantedFault)
        FuzzWorker.limitMemory(megabytes: memoryLimit)
        let external = try ExternalEngineOptions.process(arguments, command: qualifiedName, inWorker: true)
        FuzzWorker.serve(checker: FuzzCommand.checker(plantedFault, external))
        return .success
    }
}
