// `CandidateEngine`: a Swift engine of another package, as the fuzzer, the verification matrix and the benchmarks take it.
import MasonryLayout

/// A masonry engine of yours, in Swift, to check and time against Masonry's reference engine in
/// your own tests: how to build it for a description, and which features of the layout format
/// it does not implement (EngineProtocol.md, "Features": the same names an engine in another
/// language declares in its hello). Cases and layouts that use a feature it lacks are skipped and
/// counted; pinned headers, open edges and batches it lacks are answered by `LayoutEngine`'s
/// default implementations.
///
/// ```swift
/// let engine = CandidateEngine(name: "MyWaterfall 1.0", format: 1, unsupported: [.placement]) {
///     MyWaterfallLayout($0)
/// }
/// let report = engine.fuzz(cases: 500)
/// #expect(report.failure == nil, "\(report)")
/// ```
///
/// The entry points: `fuzz(seed:cases:seconds:shrinkSeconds:jobs:)`, `replay(_:)`,
/// `verify(_:shard:progress:)`, and, in `MasonryBenchmarkHarness`, `benchmark(_:)`. They run the
/// engine in this process, on the calling thread (and `jobs - 1` more when fuzzing): a crash of
/// the engine ends the test, as any crash in a test does; `masonry fuzz` runs its cases in worker
/// processes instead, for engines it can build.
public struct CandidateEngine: Sendable {
    /// The engine's name, with a version, for reports and result files.
    public let name: String
    /// The layout format version it implements, 1...3: a later format's features are unsupported.
    public let format: Int
    /// The features of its format it does not implement.
    public let unsupported: Set<EngineFeature>
    private let make: @Sendable (LayoutDescription) -> any LayoutEngine

    /// An engine named `name` that `make` builds (and prepares) for a description. Each call must
    /// return a new engine: a check holds several at once. Traps when `format` is not 1, 2 or 3.
    public init(name: String, format: Int = 3, unsupported: Set<EngineFeature> = [],
                make: @escaping @Sendable (LayoutDescription) -> any LayoutEngine) {
        precondition((1...3).contains(format), "CandidateEngine(format:): must be 1, 2 or 3, got \(format)")
        self.name = name
        self.format = format
        self.unsupported = unsupported
        self.make = make
    }

    /// Builds the engine for `description` (the thread count is the engine's own business).
    package var factory: EngineFactory {
        let make = make
        return { description, _ in make(description) }
    }

    /// What it implements, as an external engine's hello says it: what the checks skip.
    package var capabilities: EngineHello {
        EngineHello(engine: name, format: format, declaredUnsupported: unsupported, timesItsWork: true)
    }
}
