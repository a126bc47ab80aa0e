// `masonry verify`: the optimized engine checked against the reference over a matrix of large layouts.
import MasonrySupport
import MasonryVerification
import MasonryWorkloads

/// `masonry verify`: the optimized engine against the reference over a matrix of large layouts.
enum VerifyCommand: Command {
    static let suite = Option("--suite", value: "S", .choice, default: VerificationSuite.Size.standard, "smoke, standard or full")
    static let threads = Option("--threads", value: "LIST", .threadList, default: ThreadCounts.standard, shown: "1,2,all",
                                "comma-separated thread counts, 'all' for every core")
    static let out = Option("--out", value: "DIR", .text, default: "verify-failures", "where reproducers go")
    static let shard = ShardOption.option("layout of the matrix")

    static let signature = CommandSignature(
        name: "verify", summary: "check the optimized engine against the reference, frame for frame",
        usage: ["[--suite smoke|standard|full] [--threads LIST] [--shard K/N] [--out DIR] [--quiet]",
                "--engine-command CMD [--engine-timeout S] [--suite smoke|standard|full] [--shard K/N] [--out DIR] [--quiet]"],
        discussion: """
            Lays out a matrix of layouts (up to 1,000,000 items in the standard suite, 10,000,000 in
            full; both placements, both section modes, both tie rules, headers and footers, rounding,
            every height distribution) with the optimized engine on each thread count and compares it
            with the reference engine bit for bit: every frame and the content size, random,
            touching-edge and zero-size rect queries, lookups; then after each of 12 random incremental
            updates every frame again and queries (random ones, and ones touching the frames near what
            the update changed); then the engine prepared again with the original description. Prints
            what it compared.

            On a mismatch it prints the first differing element with both frames (decimal and bits),
            writes a reproducer (a scenario file: format v1 description, updates, the query) and an SVG of both
            layouts side by side with the differing frames marked to DIR, and exits 1.

            Progress goes to stderr, a line per layout and per update ([n/total], elapsed and
            remaining time): redrawn in place on a terminal, plain lines in a log; --quiet turns it off.

            --shard K/N checks every N-th layout of the matrix from the K-th: N CI jobs or machines
            given 1/N to N/N check the whole matrix between them.

            --engine-command CMD checks another engine instead, a program in any language that speaks
            the engine protocol (EngineProtocol.md), once (its threads are its own business): the
            layouts whose descriptions use a feature it lacks (its hello declares them unsupported,
            or they are of a later format) are skipped, as are updates that do, and listed; its
            crashes, hangs (no answer within --engine-timeout) and malformed answers are failures,
            with the last lines of its standard error.
            """,
        options: [suite, threads, shard, out, ProgressReporter.quiet] + ExternalEngineOptions.options,
        exitStatus: "0 the frames agree, 1 a mismatch, 2 bad input or usage.")

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        try arguments.noPositionals()
        let size = try arguments.value(Self.suite)
        if arguments.contains(ExternalEngineOptions.command), arguments.contains(Self.threads) {
            throw .usage(qualifiedName, "--threads does not go with --engine-command (the engine program's threads are its own)")
        }
        let external = try ExternalEngineOptions.process(arguments, command: qualifiedName)
        let threads = external == nil ? try arguments.value(Self.threads) : [1]
        var suite = VerificationSuite(size: size, threads: threads)
        suite.externalEngine = external
        suite.shard = try arguments.value(Self.shard)
        let progress = ProgressReporter(console: console, total: suite.progressSteps, quiet: arguments.isSet(ProgressReporter.quiet))
        let started = ContinuousClock.now
        let (counts, failure) = suite.run(progress: progress.step)
        progress.finish()
        let seconds = (ContinuousClock.now - started).components
        let engine = external.map { "the engine (\($0.hello.engine))" } ?? "the optimized engine"
        if let skipped = counts.skippedSummary {
            console.output("skipped for features \(engine) lacks: \(skipped)\n")
        }
        console.output("compared \(counts.layouts) layouts on threads \(threads.map(String.init).joined(separator: ",")): "
                       + "\(counts.frames) frames, \(counts.queries) queries, \(counts.updates) updates in \(seconds.seconds) s "
                       + "(comparing frames: \(SummaryNumber.seconds(counts.comparingSeconds)) s)\n")
        guard let failure else {
            let part = suite.shard == .whole ? "" : " (shard \(suite.shard))"
            console.output("verify \(size.rawValue)\(part): \(engine) gave the reference's frames, bit for bit\n")
            return .success
        }
        console.error("masonry verify: mismatch: \(failure.failure.message)\n")
        try FailureReport.write(failure.chain, failure.failure, name: "verify-failure",
                                directory: try arguments.value(out), console: console)
        return .checkFailed
    }
}
