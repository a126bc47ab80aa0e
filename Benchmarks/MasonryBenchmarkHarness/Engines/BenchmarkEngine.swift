// The engines a run can measure, and `MeasurableEngine`, which builds each for a description and threads.
import MasonryLayout

/// The engines a run can measure, by the name used in benchmark names and `--engines`.
package enum BenchmarkEngine: String, CaseIterable, Sendable {
    case reference
    case peer
    case optimized
    /// An engine in another program (`--engine-command`), timed by itself over the engine
    /// protocol (`ExternalEngineBenchmarks`).
    case external

    /// Masonry's own engines and its peer: what a run measures unless told otherwise.
    package static let inProcess: [BenchmarkEngine] = [.reference, .peer, .optimized]
}

/// An engine the harness can build for a description and thread count; measurement code is
/// generic over it so each engine's calls are specialized, not dispatched through an existential.
protocol MeasurableEngine: LayoutEngine {
    init(_ description: LayoutDescription, threads: Int)
}

extension ReferenceLayoutEngine: MeasurableEngine {
    init(_ description: LayoutDescription, threads: Int) { self.init(description) }
}

extension PeerLayoutEngine: MeasurableEngine {
    init(_ description: LayoutDescription, threads: Int) { self.init(description) }
}

extension OptimizedLayoutEngine: MeasurableEngine {}
