// `ExternalBenchmarkEngine`: the engine `.external` stands for, a program over the engine protocol or a Swift engine of another package.
import MasonryLayout
import MasonryVerification

/// What `BenchmarkEngine.external` measures: an engine from outside Masonry, either a program
/// (`masonry bench --engine-command`), timed by itself over the engine protocol, or a Swift
/// engine of another package (`CandidateEngine.benchmark`), in this process and timed by the
/// harness's clock around each call. `ExternalEngineBenchmarks` measures both the same way.
package enum ExternalBenchmarkEngine: Sendable {
    case program(ExternalEngineProcess)
    case inProcess(CandidateEngine)

    /// What it implements and whether it times its work: what the plan skips.
    package var hello: EngineHello {
        switch self {
        case .program(let process): process.hello
        case .inProcess(let engine): engine.capabilities
        }
    }

    /// The engine laid out for `description`.
    func make(_ description: LayoutDescription) -> any LayoutEngine {
        switch self {
        case .program(let process): ExternalLayoutEngine(description, process: process)
        case .inProcess(let engine): engine.factory(description, 1)
        }
    }

    /// Runs `call` (one request of the engine) and says what its work took: the time a program
    /// reported for it (nil when it failed), or the clock's wall and CPU time around an
    /// in-process call (which includes the clock's own cost, about 25 ns).
    func timed(_ call: () -> Void) -> Sample? {
        switch self {
        case .program(let process):
            call()
            return process.lastNanoseconds.map { Sample(real: Double($0), cpu: Double($0)) }
        case .inProcess:
            return WallClockMeasurer().measure("", calls: 1, call)
        }
    }

    /// What went wrong with a program since the last call (it died, hung, answered garbage), which
    /// it clears; never anything for an in-process engine, whose crash ends the process.
    func takeFault() -> String? {
        guard case .program(let process) = self else { return nil }
        return process.takeFault()?.description
    }
}
