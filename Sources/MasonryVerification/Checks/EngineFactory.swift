// `EngineFactory`: how checks build the engine under test, and the factory of the optimized engine.
import MasonryLayout

/// Builds the engine under test for a description and a thread count: the optimized engine in
/// production, deliberately broken variants in the verifier's own tests.
package typealias EngineFactory = @Sendable (LayoutDescription, _ threads: Int) -> any LayoutEngine

/// The engine that ships.
package let optimizedEngineFactory: EngineFactory = { OptimizedLayoutEngine($0, threads: $1) }
