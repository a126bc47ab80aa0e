// EntryPointCheck: how the verifier calls each of the engines' public entry points against the reference.
@_spi(Verification) import MasonryLayout

/// How the fuzzer and `masonry verify` call one of the engines' public entry points
/// (`LayoutEngineEntryPoint`) against the reference engine.
package enum EntryPointCheck: Equatable, Sendable {
    /// Every query of a scenario is answered through this call and compared with the reference.
    case query(QueryCall)
    /// After every step, for every item, header and footer, and for ones that do not exist
    /// (`EngineVerifier.firstDifference`, `ScenarioChecker`).
    case afterEveryStep
    /// After every step, for each query's rect: its anchor and the offset restoring it, bit for
    /// bit, and that an unclamped offset is `frame.minY - distance` exactly (`AnchorComparison`);
    /// and through a scenario's anchor steps, taken, followed through updates and restored
    /// (`AnchorSteps`).
    case anchoring
    /// By the steps themselves: each case makes new engines, prepares them (again, with another
    /// description, and back) and applies its updates, valid and refused.
    case byTheSteps
    /// The engine's configuration, not a layout's answer, so nothing to compare with the
    /// reference: the default thread count (the processor count) and the count an engine was
    /// made with; the verifier passes its thread counts explicitly.
    case configuration
}

extension LayoutEngineEntryPoint {
    /// How the verifier calls this entry point: an exhaustive switch, so a new entry point does
    /// not build until the verifier says how it checks it.
    @_spi(Verification) package var check: EntryPointCheck {
        switch self {
        case .referenceInitializer, .optimizedInitializer, .prepare, .apply, .applyContentsOf: .byTheSteps
        case .layoutDescription, .contentSize, .frameOfItem, .frameOfSupplementary, .frameOfStamp: .afterEveryStep
        case .elementsForQuery: .query(.elementsForQuery)
        case .elementsInRectWithEdgesAndPinning: .query(.elementsInRectWithEdgesAndPinning)
        case .elementsInRect: .query(.elementsInRect)
        case .elementsInRectWithEdges: .query(.elementsInRectWithEdges)
        case .elementsInRectPinning: .query(.elementsInRectPinning)
        case .elementsInRectIntoBuffer: .query(.elementsInRectIntoBuffer)
        case .scrollAnchor, .contentOffsetRestoring: .anchoring
        case .defaultThreadCount, .threads: .configuration
        }
    }
}
