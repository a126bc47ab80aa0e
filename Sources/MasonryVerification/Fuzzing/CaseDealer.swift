// CaseDealer: deals a fuzz run's cases to its jobs in blocks and keeps the lowest failure.
import Synchronization

/// Deals a run's cases (a shard's ordinals 0, 1, 2, …) to its jobs in blocks, counts the cases
/// that passed, and keeps the finding of the lowest ordinal. A job takes no block past the lowest
/// failure so far, and every block below it is run to its end, so a run bounded by `--cases`
/// reports the same failure for any number of jobs: the first failing case of its seed.
/// Each call takes a lock: O(1).
final class CaseDealer: Sendable {
    private struct State {
        var nextOrdinal = 0
        var passed = 0
        var skipped: [EngineFeature: Int] = [:]
        var skippedCases = 0
        var finding: (ordinal: Int, finding: CaseFinding)?
        var error: FuzzerError?
        var workerStarts = 0
    }

    let shard: Shard
    /// The cases of the run: ordinals `0..<maximumCases`.
    let maximumCases: Int
    /// Cases per block: small enough that jobs end together, large enough that dealing is free.
    let blockSize: Int
    private let state = Mutex(State())

    init(shard: Shard, maximumCases: Int, blockSize: Int) {
        self.shard = shard
        self.maximumCases = maximumCases
        self.blockSize = blockSize
    }

    /// The next block of ordinals, or nil when the cases are dealt, one failed below them, or
    /// a job could not run.
    func nextBlock() -> Range<Int>? {
        state.withLock { state in
            let limit = min(maximumCases, state.finding?.ordinal ?? .max)
            guard state.error == nil, state.nextOrdinal < limit else { return nil }
            let block = state.nextOrdinal..<min(state.nextOrdinal + blockSize, maximumCases)
            state.nextOrdinal = block.upperBound
            return block
        }
    }

    /// A case passed; the cases passed so far.
    @discardableResult
    func passed() -> Int {
        state.withLock { state in
            state.passed += 1
            return state.passed
        }
    }

    /// Cases passed so far.
    var passedCount: Int { state.withLock { $0.passed } }

    /// A case was skipped (it passed unchecked) for the features the external engine lacks.
    func skipped(_ missing: [EngineFeature]) {
        state.withLock { state in
            state.skippedCases += 1
            for feature in missing { state.skipped[feature, default: 0] += 1 }
        }
    }

    /// Cases skipped so far, and how many of them used each missing feature.
    var skips: (cases: Int, byFeature: [EngineFeature: Int]) { state.withLock { ($0.skippedCases, $0.skipped) } }

    /// A case failed: kept when no lower ordinal has.
    func found(_ finding: CaseFinding) {
        let ordinal = shard.ordinal(ofCaseIndex: finding.index)
        state.withLock { state in
            if ordinal < state.finding?.ordinal ?? .max { state.finding = (ordinal, finding) }
        }
    }

    /// A job could not run (its worker did not start): the run ends with the first such error.
    func failed(_ error: FuzzerError) {
        state.withLock { state in
            if state.error == nil { state.error = error }
        }
    }

    /// A job that ended had started `workerStarts` worker processes.
    func count(workerStarts: Int) {
        state.withLock { $0.workerStarts += workerStarts }
    }

    /// Worker processes the ended jobs started.
    var workerStarts: Int { state.withLock { $0.workerStarts } }

    /// The lowest failure and its ordinal, and the first error.
    var outcome: (finding: (ordinal: Int, finding: CaseFinding)?, error: FuzzerError?) {
        state.withLock { ($0.finding, $0.error) }
    }
}
