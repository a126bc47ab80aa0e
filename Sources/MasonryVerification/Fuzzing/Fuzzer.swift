// The differential fuzzer: random scenario chains checked against the reference, failures shrunk.
import Dispatch
import Foundation
import MasonryLayout
import MasonrySupport
import MasonryWorkloads

/// The differential fuzzer: random scenario chains (descriptions over every field and edge
/// value, update sequences, re-prepared engines, queries after every step) checked against the
/// reference, and random and mutated bytes fed to the description parser. A failing case, even
/// one that crashes or hangs the engine when cases run in a worker process, is reported at once,
/// then shrunk to a small reproducer within its own time budget. The same seed gives the same
/// sequence of cases; several jobs run them side by side (`jobs`), and a shard runs every N-th
/// of them (`shard`), so that machines split one campaign.
package struct Fuzzer: Sendable {
    /// The seed, the budgets, the thread counts and where cases run.
    package struct Configuration: Sendable {
        package var seed: UInt64 = 1
        /// Stop looking for failures after this long (seconds)…
        package var seconds: Double? = 60
        /// …or after this many cases, whichever comes first.
        package var maximumCases: Int?
        /// Thread counts, taken in turn from case to case.
        package var threads: [Int] = [1, 2, 3, 8]
        /// Shrinking's own budget (seconds); 0 reports a failing case as it is.
        package var shrinkSeconds: Double = 60
        /// The check, when cases run in this process.
        package var checker = ScenarioChecker(minimumItemsForThreads: ScenarioChecker.fuzzingMinimumItemsForThreads)
        /// Run cases in a worker process started with this command, so that a case that crashes
        /// or hangs is a finding rather than the end of the run; nil runs them in this process.
        package var worker: WorkerCommand?
        /// Cases run side by side: each job has its own worker (or, in this process, its own
        /// thread) and takes blocks of cases in turn (`CaseDealer`).
        package var jobs = 1
        /// The part of the seed's cases this run takes: every `shard.count`-th from `shard.number`.
        package var shard = Shard.whole
        /// With an external engine (`--engine-command`), its request time limit (nil: Masonry's
        /// engines). The worker times each request itself, so a hang is a request unanswered;
        /// the whole case's limit is only a backstop (`caseTimeLimitFloor`).
        package var engineTimeLimit: Double?

        /// The least a case may take before its worker counts as hanging (`--case-timeout`), where
        /// the 2 s default is too short: a debug or sanitizer build on a busy machine runs a large
        /// case for seconds (a 12,342-item case of 158 columns, 1.5 s on its own in a debug build,
        /// ran past 2 s beside a compiler). Nil: the default, or the external engine's floor.
        package var caseTimeout: Double?

        /// The least a case or a shrinking candidate may take before the worker counts as hanging:
        /// `caseTimeout`, or with an external engine 30 of its request limits, since a large case of
        /// a slow engine (the Python one lays 22,000 items out in seconds, and answers each lookup
        /// over a pipe) takes long without hanging.
        var caseTimeLimitFloor: Double? { caseTimeout ?? engineTimeLimit.map { 30 * $0 } }

        /// The floor in force for a case: `caseTimeLimitFloor`, or the worker's default (2 s).
        var minimumCaseSeconds: Double { caseTimeLimitFloor ?? WorkerExecutor.defaultMinimumTimeLimit }

        package init() {}
    }

    /// A failing case: the original, its shrunk reproducer and what failed.
    package struct Failure: Sendable {
        /// The case's own seed: `Fuzzer.scenario(seed:)` of it rebuilds the case.
        package var caseSeed: UInt64
        package var original: ScenarioChain
        /// The reproducer, with its thread count in `threads`.
        package var shrunk: ScenarioChain
        package var threads: Int
        /// The shrunk chain's failure.
        package var failure: CheckFailure
        /// Candidates the shrinker checked, the time it took, and whether its budget ran out first.
        package var shrinkChecks = 0
        package var shrinkSeconds = 0.0
        package var shrinkingStoppedEarly = false
        /// When the case crashed or hung in the description parser rather than in an engine: the input.
        package var parserInput: [UInt8]?
        /// When a crash or timeout did not happen again on replay (the reproducer is then the case as it was).
        package var didNotRecur = false
        /// The shrunk chain, where it needs several threads, failed in `failedRuns` of `runs`
        /// runs at the end of shrinking: fewer is a race, whose shrink checked each candidate that
        /// passed `retriesOfAPass` more times (`ScenarioShrinker.confirmationRuns`).
        package var failedRuns = 1
        package var runs = 1
        package var retriesOfAPass = 0
    }

    /// What a run did: cases, parser inputs, time, and the failure if one was found.
    package struct Outcome: Sendable {
        /// Cases run (this shard's); when a case failed, the cases up to and including it.
        package var cases: Int
        package var parserInputs: Int
        /// Time spent running cases (shrinking not included).
        package var seconds: Double
        package var failure: Failure?
        /// Worker processes started (0 in this process).
        package var workerStarts: Int
        /// Cases not checked because they use features the external engine lacks (counted in
        /// `cases`), and how many used each such feature.
        package var skippedCases = 0
        package var skippedByFeature: [EngineFeature: Int] = [:]

        package var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }

        /// `feature count, …`, the most skipped first: what the engine under test lacked.
        package var skippedFeaturesSummary: String {
            Self.skippedFeaturesSummary(skippedByFeature)
        }

        /// The same line for the counts by feature a report holds.
        package static func skippedFeaturesSummary(_ skippedByFeature: [EngineFeature: Int]) -> String {
            skippedByFeature.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        }
    }

    /// What a run reports while it runs.
    package enum Event {
        /// About once a second: cases so far and seconds elapsed.
        case progress(cases: Int, seconds: Double)
        /// A case failed (before any shrinking).
        case found(caseSeed: UInt64, threads: Int, failure: CheckFailure, items: Int)
        /// The shrinker found a smaller failing chain.
        case shrunk(items: Int, checks: Int, seconds: Double)
    }

    /// Parser inputs tried per case.
    static let parserInputsPerCase = 4
    /// Cases per block dealt to a job when there are several: tens of milliseconds of cases in
    /// a release build (a few hundred cases a second), so that the jobs end within a case or two
    /// of each other, and dealing (a lock, one request to the worker) costs nothing beside them.
    static let casesPerBlock = 16
    /// The fewest seconds a candidate may take when shrinking a timeout: hundreds of times what a
    /// small candidate that does not hang takes.
    static let shrinkingTimeLimit = 0.5

    package let configuration: Configuration

    package init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs until the time or case budget is spent or a case fails, then shrinks the failure (the
    /// lowest failing case of those run: with a case budget, the same one for any number of jobs).
    /// Throws only when a worker process cannot be started or answers nonsense.
    package func run(_ report: (Event) -> Void = { _ in }) throws(FuzzerError) -> Outcome {
        let start = ContinuousClock.now
        let deadline = configuration.seconds.map { start + .seconds($0) } ?? start + .seconds(1e9)
        let jobs = max(1, configuration.jobs)
        // One job takes all its cases as one block, as one worker always has.
        let dealer = CaseDealer(shard: configuration.shard, maximumCases: configuration.maximumCases ?? Int.max,
                                blockSize: jobs == 1 ? 1 << 30 : Self.casesPerBlock)
        // The other jobs run on their own threads, each with its own executor; this thread runs
        // the first job and reports progress, and its executor (which knows the case times) shrinks.
        let others = DispatchGroup()
        for _ in 1..<jobs {
            DispatchQueue.global().async(group: others) { [configuration] in
                let executor = Self.executor(configuration)
                Self.runJob(executor, configuration, dealer: dealer, deadline: deadline) { _ in }
                executor.stop()
                dealer.count(workerStarts: (executor as? WorkerExecutor)?.starts ?? 0)
            }
        }
        let executor = Self.executor(configuration)
        defer { executor.stop() }
        var lastReport = start
        Self.runJob(executor, configuration, dealer: dealer, deadline: deadline) { passed in
            if ContinuousClock.now - lastReport >= .seconds(1) {
                lastReport = .now
                report(.progress(cases: passed, seconds: start.secondsElapsed))
            }
        }
        others.wait()
        let fuzzingSeconds = start.secondsElapsed
        let (lowest, error) = dealer.outcome
        if let error { throw error }
        let starts = { dealer.workerStarts + ((executor as? WorkerExecutor)?.starts ?? 0) }
        let cases = lowest.map { $0.ordinal + 1 } ?? dealer.passedCount
        var outcome = Outcome(cases: cases, parserInputs: cases * Self.parserInputsPerCase, seconds: fuzzingSeconds,
                              failure: nil, workerStarts: starts())
        (outcome.skippedCases, outcome.skippedByFeature) = dealer.skips
        guard let lowest else { return outcome }
        outcome.failure = try investigate(lowest.finding, executor: executor, report: report)
        outcome.workerStarts = starts()
        return outcome
    }

    /// A job's executor: a worker process, or this process.
    private static func executor(_ configuration: Configuration) -> any CaseExecutor {
        configuration.worker.map { WorkerExecutor(command: $0, minimumTimeLimit: configuration.minimumCaseSeconds) }
            ?? InProcessExecutor(checker: configuration.checker)
    }

    /// One job: blocks of cases from `dealer` until they run out, one fails, or `deadline`;
    /// `passed(count)` after each case that passes, with the run's count so far.
    private static func runJob(_ executor: any CaseExecutor, _ configuration: Configuration, dealer: CaseDealer,
                               deadline: ContinuousClock.Instant, passed: (Int) -> Void) {
        let shard = configuration.shard
        while ContinuousClock.now < deadline, let block = dealer.nextBlock() {
            do {
                let finding = try executor.runCases(seed: configuration.seed, first: shard.caseIndex(ofOrdinal: block.lowerBound),
                                                    count: block.count, stride: shard.count, threads: configuration.threads,
                                                    deadline: deadline) { _, _, missing in
                    if !missing.isEmpty { dealer.skipped(missing) }
                    passed(dealer.passed())
                }
                if let finding {
                    dealer.found(finding)
                    return
                }
            } catch {
                dealer.failed(error)
                return
            }
        }
    }

    /// Reports a finding, makes sure a crash or timeout is the engine's (and happens again), and shrinks it.
    private func investigate(_ finding: CaseFinding, executor: any CaseExecutor, report: (Event) -> Void) throws(FuzzerError) -> Failure {
        let (caseSeed, chain, threads) = Self.fuzzCase(seed: configuration.seed, index: finding.index, threads: configuration.threads)
        var failure = finding.failure ?? WorkerExecutor.processFailure(finding.kind, finding.message, chain)
        report(.found(caseSeed: caseSeed, threads: threads, failure: failure, items: chain.totalItems))
        var result = Failure(caseSeed: caseSeed, original: chain, shrunk: chain, threads: threads, failure: failure)
        result.shrunk.threads = [threads]
        guard configuration.shrinkSeconds > 0 else { return result }
        // Confirming a crash or a timeout and shrinking share the shrinking budget.
        let found = ContinuousClock.now
        if finding.failure == nil {
            // The worker died or ran out of time somewhere in the case: in the engine (the chain
            // alone does it again), in the parser, or not reproducibly.
            let confirmDeadline = found + .seconds(max(configuration.shrinkSeconds, configuration.minimumCaseSeconds + 1))
            switch try executor.check(chain, threads: threads, deadline: confirmDeadline, timeLimit: nil) {
            case .fails(let again) where again.kind == finding.kind:
                failure = again
                result.failure = again
            default:
                if let input = try executor.parserCulprit(caseSeed: caseSeed) {
                    result.parserInput = input
                    result.failure.message = "the description parser: \(finding.message)"
                } else {
                    result.didNotRecur = true
                }
                return result
            }
        }
        // A candidate of a timeout fails only by running out of time: rather than the cases' limit,
        // each gets 20 times what the reference alone takes for it (at least half a second), so
        // that small candidates are judged quickly and large ones are not judged hung for being large.
        let candidateTimeLimit = { (candidate: ScenarioChain) -> Double? in
            guard failure.kind == .timeout else { return nil }
            return configuration.caseTimeLimitFloor ?? max(Self.shrinkingTimeLimit, 20 * Self.referenceSeconds(candidate))
        }
        let shrinker = ScenarioShrinker(deadline: found + .seconds(configuration.shrinkSeconds))
        var lastReport = found
        var shrinkError: FuzzerError?
        let shrunk = shrinker.shrink(chain, threads: threads, failure: failure, progress: { best in
            if ContinuousClock.now - lastReport >= .seconds(1) {
                lastReport = .now
                report(.shrunk(items: best.chain.totalItems, checks: best.checks, seconds: found.secondsElapsed))
            }
        }) { candidate, threads in
            guard shrinkError == nil else { return .outOfTime }
            do throws(FuzzerError) {
                return try executor.check(candidate, threads: threads, deadline: shrinker.deadline!, timeLimit: candidateTimeLimit(candidate))
            } catch {
                shrinkError = error
                return .outOfTime
            }
        }
        if let shrinkError { throw shrinkError }
        result.shrunk = shrunk.chain
        result.shrunk.threads = [shrunk.threads]
        result.threads = shrunk.threads
        result.failure = shrunk.failure
        result.shrinkChecks = shrunk.checks
        result.shrinkSeconds = found.secondsElapsed
        result.shrinkingStoppedEarly = shrunk.stoppedEarly
        (result.failedRuns, result.runs, result.retriesOfAPass) = (shrunk.failedRuns, shrunk.runs, shrunk.retriesOfAPass)
        return result
    }

    /// Seconds the reference engine alone takes through `chain`'s layouts, updates, queries and
    /// the anchors of their rects.
    static func referenceSeconds(_ chain: ScenarioChain) -> Double {
        let start = ContinuousClock.now
        for scenario in chain.scenarios {
            var reference = ReferenceLayoutEngine(scenario.description)
            for step in -1..<scenario.updates.count {
                if step >= 0 { try? reference.apply(scenario.updates[step]) }
                for query in scenario.queries {
                    _ = reference.elements(for: query)
                    _ = reference.scrollAnchor(in: query.rect)
                }
            }
        }
        return start.secondsElapsed
    }

    /// Case `index` of a run with `seed`: its own seed, its chain and its thread count.
    static func fuzzCase(seed: UInt64, index: Int, threads: [Int]) -> (caseSeed: UInt64, chain: ScenarioChain, threads: Int) {
        let caseSeed = caseSeed(seed: seed, index: index)
        return (caseSeed, scenario(seed: caseSeed), threads[index % threads.count])
    }

    /// The seed of case `index` of a run with seed `seed`, which `scenario(seed:)` draws. O(1).
    static func caseSeed(seed: UInt64, index: Int) -> UInt64 {
        seed &* 0x9E37_79B9 &+ UInt64(index)
    }

    /// Feeds mutated versions of `description`'s JSON and random bytes to the parser: each must
    /// give a description or a `LayoutError`, never a crash or a hang. `announce` hears each
    /// input before it is parsed. Returns the inputs tried.
    static func fuzzParser(with description: LayoutDescription, seed: UInt64, announce: ([UInt8]) -> Void = { _ in }) -> Int {
        var random = SplitMix64(seed: seed ^ 0x5041_5253_4552)
        let original = Array(description.jsonText().utf8.prefix(4096))
        let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "-", "1e400", "NaN", "-0", "\\u", "null", "1.5",
                                 "\"columns\":", "\"sections\":", String(repeating: "[", count: 80)].map { Array($0.utf8) }
        var inputs = 0
        for attempt in 0..<parserInputsPerCase {
            var bytes = original
            if attempt == parserInputsPerCase - 1 {
                bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                for _ in 0...Int(random.next() % 4) {
                    let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                    case 1 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int(random.next() % 8) + 1))
                    case 2: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
                    default: bytes = Array(bytes.prefix(position))  // truncate
                    }
                }
            }
            announce(bytes)
            _ = try? LayoutDescription(json: bytes)
            inputs += 1
        }
        return inputs
    }
}
