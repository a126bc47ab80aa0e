import Foundation
import MasonryLayout
import MasonryVerification

/// `masonry fuzz`: the shrinking differential fuzzer, and replay of its reproducers.
enum FuzzCommand: Command {
    static let name = "fuzz"
    static let summary = "fuzz the optimized engine against the reference, shrinking failures"
    static let help = """
        USAGE: masonry fuzz [--seconds N] [--seed S] [--cases N] [--threads LIST] [--out DIR]
               masonry fuzz --replay FILE [--threads LIST]

        Generates random scenarios (descriptions over every field and edge value: zero, subnormal
        and huge heights, tiny and huge widths, many columns, thousands of sections, empty
        sections, ties, touching frames; update sequences; random, touching and zero-size queries)
        and checks that the optimized engine agrees with the reference and that the layout
        invariants hold; feeds mutated and random bytes to the description parser. The same seed
        gives the same cases. On a failure it shrinks the case to a minimal reproducer, writes it
        (a scenario file: format v1 description, updates, queries) and a drawing to DIR, prints it,
        and exits 1.

        OPTIONS:
          --seconds N      how long to run (default: 60)
          --seed S         the first case's seed (default: 1)
          --cases N        stop after N cases
          --threads LIST   thread counts, taken in turn (default: 1,2,8)
          --out DIR        where reproducers go (default: fuzz-failures)
          --replay FILE    check one scenario file (or a plain format v1 description) and exit
                           0 if it passes, 1 if it fails
          --help           show this help
        """

    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard let arguments = try parse(arguments, options: ["--seconds", "--seed", "--cases", "--threads", "--out", "--replay"],
                                        console: console) else { return .success }
        if let extra = arguments.positionals.first { throw .usage(qualifiedName, "unexpected argument '\(extra)'") }
        if let path = arguments.values["--replay"] {
            return try replay(path, threads: arguments.values["--threads"], console: console)
        }
        var configuration = Fuzzer.Configuration()
        configuration.seconds = Double(try arguments.integer("--seconds", command: qualifiedName, in: 1...1_000_000, default: 60))
        if let text = arguments.values["--seed"] {
            guard let seed = UInt64(text) else { throw .usage(qualifiedName, "--seed must be an unsigned integer, got '\(text)'") }
            configuration.seed = seed
        }
        if arguments.values["--cases"] != nil {
            configuration.maximumCases = try arguments.integer("--cases", command: qualifiedName, in: 1...Int.max, default: 1)
        }
        configuration.threads = try ThreadList.parse(arguments.values["--threads"], command: qualifiedName, default: [1, 2, 8])
        let live = BenchCommand.progressReporter(console)
        let outcome = Fuzzer(configuration).run { cases, seconds in live("\(cases) cases, \(Int(Double(cases) / max(seconds, 1e-9))) per second") }
        BenchCommand.endProgress(console)
        console.output("\(outcome.cases) cases and \(outcome.parserInputs) parser inputs in \(Format.seconds(outcome.seconds)) s "
                       + "(\(Int(outcome.casesPerSecond)) cases per second), seed \(configuration.seed)\n")
        guard let failure = outcome.failure else {
            console.output("no failure\n")
            return .success
        }
        console.error("masonry fuzz: failure: \(failure.failure.message)\n")
        console.output("case seed \(failure.caseSeed): shrunk from \(failure.original.totalItems) to \(failure.shrunk.totalItems) items\n")
        console.output(failure.shrunk.jsonText())
        try FailureReport.write(failure.shrunk, failure.failure, name: "case-\(failure.caseSeed)",
                                directory: arguments.values["--out"] ?? "fuzz-failures", console: console)
        return .checkFailed
    }

    static func replay(_ path: String, threads: String?, console: Console) throws(CommandFailure) -> ExitCode {
        let bytes = try InputFile.read(path)
        let scenario: LayoutScenario
        do {
            scenario = try LayoutScenario(json: bytes)
        } catch let scenarioError {
            // A plain format v1 description replays as a scenario without updates.
            guard scenarioError.path == "description", let description = try? LayoutDescription(json: bytes) else {
                throw CommandFailure(.badInput, "\(path): \(scenarioError)")
            }
            scenario = LayoutScenario(description: description)
        }
        let counts = try ThreadList.parse(threads, command: qualifiedName,
                                          default: scenario.threads.isEmpty ? ThreadList.standard : scenario.threads)
        let checker = ScenarioChecker()
        for count in counts {
            if let failure = checker.check(scenario, threads: count) {
                console.error("masonry fuzz: replay fails: \(failure.message)\n")
                return .checkFailed
            }
        }
        console.output("\(path): passes on threads \(counts.map(String.init).joined(separator: ",")) "
                       + "(\(scenario.totalItems) items, \(scenario.updates.count) updates, \(scenario.queries.count) queries)\n")
        return .success
    }
}

/// Seconds with one decimal, for summaries.
enum Format {
    static func seconds(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }
}
