// `Replayer`: checks single scenario chains, as `masonry fuzz --replay` does, in a worker or in process.
import MasonryLayout

/// Checks single chains, as `masonry fuzz --replay` does: in a worker process, where a crash or a
/// hang (no answer within `timeLimit` seconds) is a failure like any other, or in this process.
package final class Replayer {
    private let executor: any CaseExecutor

    package init(checker: ScenarioChecker, worker: WorkerCommand?, timeLimit: Double = 30) {
        executor = worker.map { WorkerExecutor(command: $0, minimumTimeLimit: timeLimit) } ?? InProcessExecutor(checker: checker)
    }

    deinit { executor.stop() }

    /// The failure of `chain` on `threads` threads, or nil when it passes.
    package func check(_ chain: ScenarioChain, threads: Int) throws(FuzzerError) -> CheckFailure? {
        switch try executor.check(chain, threads: threads, deadline: .now + .seconds(1e9), timeLimit: nil) {
        case .fails(let failure): failure
        case .passes, .outOfTime: nil
        }
    }
}
