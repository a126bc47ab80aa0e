// `CaseExecutor`: where fuzz cases and shrink candidates run, and the in-process executor.
import MasonryLayout

/// Where the fuzzer runs its cases and the shrinker's candidates: in this process, or in a
/// worker process that may crash or hang without taking the fuzzer with it.
protocol CaseExecutor: AnyObject {
    /// Runs `count` cases of `seed`, `first`, `first + stride`, … (a shard's cases are every
    /// N-th), until one fails or `deadline` passes; `done(index, seconds, missing)` after each
    /// case that passes, or that was skipped for the features the external engine lacks (`missing`).
    func runCases(seed: UInt64, first: Int, count: Int, stride: Int, threads: [Int], deadline: ContinuousClock.Instant,
                  done: (Int, Double, [EngineFeature]) -> Void) throws(FuzzerError) -> CaseFinding?
    /// Checks one chain; `.outOfTime` when `deadline` passed before it finished. `timeLimit`
    /// replaces the per-case time limit (nil: keep it).
    func check(_ chain: ScenarioChain, threads: Int, deadline: ContinuousClock.Instant,
               timeLimit: Double?) throws(FuzzerError) -> ScenarioShrinker.Verdict
    /// The input among case `caseSeed`'s parser inputs that crashes or hangs the parser, if one does.
    func parserCulprit(caseSeed: UInt64) throws(FuzzerError) -> [UInt8]?
    /// Ends any process it started.
    func stop()
}

/// A failing case as an executor saw it.
struct CaseFinding: Sendable {
    var index: Int
    var kind: CheckFailure.Kind
    var message: String
    /// The checker's failure (for a mismatch); nil when the process died or ran out of time.
    var failure: CheckFailure?
}

/// Why the fuzzer could not run.
package struct FuzzerError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

/// Runs everything in this process, with a checker: fast, and the only way to check engines
/// given as closures, but a case that crashes ends the process and one that hangs hangs it.
final class InProcessExecutor: CaseExecutor {
    let checker: ScenarioChecker

    init(checker: ScenarioChecker) {
        self.checker = checker
    }

    func runCases(seed: UInt64, first: Int, count: Int, stride: Int, threads: [Int], deadline: ContinuousClock.Instant,
                  done: (Int, Double, [EngineFeature]) -> Void) -> CaseFinding? {
        for index in Swift.stride(from: first, to: first + count * stride, by: stride) {
            guard ContinuousClock.now < deadline else { break }
            let started = ContinuousClock.now
            let (caseSeed, chain, caseThreads) = Fuzzer.fuzzCase(seed: seed, index: index, threads: threads)
            let missing = checker.missingFeatures(of: chain)
            guard missing.isEmpty else {
                done(index, Double(FuzzWorker.nanoseconds(since: started)) * 1e-9, missing)
                continue
            }
            _ = Fuzzer.fuzzParser(with: chain.scenarios[0].description, seed: caseSeed)
            if let failure = checker.check(chain, threads: caseThreads) {
                return CaseFinding(index: index, kind: failure.kind, message: failure.message, failure: failure)
            }
            done(index, Double(FuzzWorker.nanoseconds(since: started)) * 1e-9, [])
        }
        return nil
    }

    func check(_ chain: ScenarioChain, threads: Int, deadline: ContinuousClock.Instant, timeLimit: Double?) -> ScenarioShrinker.Verdict {
        guard ContinuousClock.now < deadline else { return .outOfTime }
        return checker.check(chain, threads: threads).map(ScenarioShrinker.Verdict.fails) ?? .passes
    }

    func parserCulprit(caseSeed: UInt64) -> [UInt8]? { nil }

    func stop() {}
}
