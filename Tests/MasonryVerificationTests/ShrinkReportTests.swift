// The shrinker's size and time for each planted fault, from its first failure and from a large one: a report, run on request.
import Foundation
import MasonryLayout
import MasonrySupport
@testable import MasonryVerification
import Testing

/// How far and how fast the shrinker gets, per planted fault: from the fuzzer's first failure
/// (seed 7) and from the first case of 20,000 items or more that fails (seed 7's cases in
/// order), each with the fuzzer's 60 s budget. A measurement, not a check: it runs only when
/// `MASONRY_SHRINK_REPORT` is set, in a release build (`Scripts/shrink-report`), and prints a
/// Markdown table (Verification.md, "Shrinking").
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["MASONRY_SHRINK_REPORT"] != nil))
struct ShrinkReportTests {
    static let budget = Double(ProcessInfo.processInfo.environment["MASONRY_SHRINK_SECONDS"] ?? "") ?? 60
    static let largeItems = 20_000
    /// Only these faults (comma-separated names), when set and not empty.
    static let faults = ProcessInfo.processInfo.environment["MASONRY_SHRINK_FAULTS"].flatMap { $0.isEmpty ? nil : Set($0.split(separator: ",").map(String.init)) }

    @Test(arguments: PlantedFaultEngine.Fault.allCases)
    func shrinkSizesAndTimes(fault: PlantedFaultEngine.Fault) throws {
        guard Self.faults?.contains(fault.rawValue) ?? true else { return }
        var rows: [String] = []
        var configuration = Fuzzer.Configuration.planted(fault, seed: 7, cases: 2000)
        configuration.shrinkSeconds = Self.budget
        if let failure = try Fuzzer(configuration).run().failure {
            rows.append(Self.row(fault, "first", original: failure.original.totalItems, shrunk: failure.shrunk.totalItems,
                                 checks: failure.shrinkChecks, seconds: failure.shrinkSeconds, stoppedEarly: failure.shrinkingStoppedEarly))
        }
        let checker = PlantedFaultEngine.checker(fault)
        var tried = 0
        for index in 0..<20_000 where tried < 12 {
            let (_, chain, threads) = Fuzzer.fuzzCase(seed: 7, index: index, threads: configuration.threads)
            guard chain.totalItems >= Self.largeItems else { continue }
            tried += 1
            guard let failure = checker.check(chain, threads: threads) else { continue }
            let start = ContinuousClock.now
            let shrinker = ScenarioShrinker(deadline: start + .seconds(Self.budget))
            let outcome = shrinker.shrink(chain, threads: threads, failure: failure) { candidate, threads in
                checker.check(candidate, threads: threads).map { .fails($0) } ?? .passes
            }
            rows.append(Self.row(fault, "case \(index)", original: chain.totalItems, shrunk: outcome.chain.totalItems,
                                 checks: outcome.checks, seconds: start.secondsElapsed, stoppedEarly: outcome.stoppedEarly))
            break
        }
        print(rows.isEmpty ? "SHRINK | \(fault) | not caught in 2,000 cases | | | | | | |" : rows.joined(separator: "\n"))
    }

    private static func row(_ fault: PlantedFaultEngine.Fault, _ which: String, original: Int, shrunk: Int, checks: Int, seconds: Double,
                            stoppedEarly: Bool) -> String {
        "SHRINK | \(fault) | \(which) | \(original) | \(shrunk) | \(fault.itemsNeeded) | \(checks) | \(String(format: "%.1f", seconds))"
            + " | \(stoppedEarly ? "budget spent" : "done") |"
    }
}
