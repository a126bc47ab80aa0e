// LayoutEngineEntryPoint: every public entry point of Masonry's engines, the list the verifier calls.
/// Every public entry point of Masonry's engines, by its Swift signature: the `LayoutEngine`
/// requirements, the protocol extensions' query overloads and anchoring, and the engines' own
/// public members.
///
/// Kept beside the protocol for the verifier (`@_spi(Verification)`): it decides, with an
/// exhaustive `switch`, how the fuzzer and `masonry verify` call each one against the reference,
/// so an entry point added here is one they must call; a test reads the engines' sources and
/// fails when a public member is missing here.
@_spi(Verification)
public enum LayoutEngineEntryPoint: String, CaseIterable, Sendable {
    /// `ReferenceLayoutEngine(_:)`.
    case referenceInitializer = "init(_:)"
    /// `OptimizedLayoutEngine(_:threads:)`.
    case optimizedInitializer = "init(_:threads:)"
    /// `OptimizedLayoutEngine.defaultThreadCount`.
    case defaultThreadCount = "static var defaultThreadCount"
    /// `OptimizedLayoutEngine.threads`.
    case threads = "let threads"
    case layoutDescription = "var layoutDescription"
    case prepare = "func prepare(_:)"
    case contentSize = "var contentSize"
    case elementsInRect = "func elements(in:)"
    case elementsInRectWithEdgesAndPinning = "func elements(in:edges:pinningHeaders:)"
    case elementsInRectWithEdges = "func elements(in:edges:)"
    case elementsInRectPinning = "func elements(in:pinningHeaders:)"
    case elementsForQuery = "func elements(for:)"
    case elementsInRectIntoBuffer = "func elements(in:into:)"
    case frameOfItem = "func frame(ofItemAt:)"
    case frameOfSupplementary = "func frame(ofSupplementary:inSection:)"
    case frameOfStamp = "func frame(ofStamp:inSection:)"
    case apply = "func apply(_:)"
    case applyContentsOf = "func apply(contentsOf:)"
    /// `scrollAnchor(in:)` (Anchoring/LayoutEngine+ScrollAnchor.swift).
    case scrollAnchor = "func scrollAnchor(in:)"
    /// `contentOffset(restoring:viewportLength:)` (Anchoring/LayoutEngine+ScrollAnchor.swift).
    case contentOffsetRestoring = "func contentOffset(restoring:viewportLength:)"
}
