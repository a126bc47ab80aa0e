// `masonry fuzz --distribution N`: the share of generated cases with each feature, without running them.
import MasonryBenchmarkHarness
import MasonrySupport
import MasonryVerification

/// `masonry fuzz --distribution N`: how often the generator makes the features faults hide
/// behind, without running the cases.
enum FuzzDistributionCommand: FuzzForm {
    static let distribution = Option("--distribution", value: "N", .integer(in: 1...100_000_000), """
        generate N cases without running them and print the share of
        cases with each feature faults hide behind
        """)

    static var selector: (any DeclaredOption)? { distribution }

    static let signature = CommandSignature(
        name: "fuzz", summary: FuzzCommand.summaryLine,
        usage: ["--distribution N [--seed S] [--threads LIST]"],
        discussion: """
            Generates N cases of the fuzzer (the same cases a run of the seed and thread counts makes)
            without running them, and prints a table of the share of cases with each feature that
            faults hide behind, then the count, the seed and the thread counts.
            """,
        options: [distribution, FuzzCommand.seed, FuzzCommand.threads])

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        try arguments.noPositionals()
        let count = try arguments.value(distribution)!  // present: it chose this form
        let seed = try arguments.value(FuzzCommand.seed)
        let threads = try arguments.value(FuzzCommand.threads)
        var table = TextTable(header: ["share of cases", "feature"], alignments: [.right, .left])
        for (feature, share) in FuzzCaseFeature.distribution(seed: seed, cases: count, threads: threads) {
            table.append([SummaryNumber.percent(share), feature.rawValue])
        }
        context.console.output(table.markdown)
        context.console.output("\(count) cases of seed \(seed), threads \(threads.map(String.init).joined(separator: ","))\n")
        return .success
    }
}
