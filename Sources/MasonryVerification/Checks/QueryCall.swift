// QueryCall: the ways to ask an engine for the elements in a rect, each checked on every query.
@_spi(Verification) import MasonryLayout

/// One of the engines' query entry points: the verifier answers every query of a scenario
/// through each call that can express it and compares each answer with the reference's, so a
/// fault in any overload is found on the queries the fuzzer already makes, and a reproducer
/// replays it (the same scenario, checked the same way).
package enum QueryCall: CaseIterable, Sendable {
    /// `elements(for:)`: every query (the answer the reports name first, as before).
    case elementsForQuery
    /// `elements(in:edges:pinningHeaders:)`: every query.
    case elementsInRectWithEdgesAndPinning
    /// `elements(in:)`: closed, unpinned queries.
    case elementsInRect
    /// `elements(in:edges:)`: unpinned queries.
    case elementsInRectWithEdges
    /// `elements(in:pinningHeaders:)`: closed queries.
    case elementsInRectPinning
    /// `elements(in:into:)` into a buffer that already holds elements (`heldElements`), which
    /// must stay as they were, before the answer: closed, unpinned queries.
    case elementsInRectIntoBuffer

    /// What `elementsInRectIntoBuffer`'s buffer holds before the query: two elements no layout
    /// has (negative sections), with a negative zero, subnormal and huge numbers in their frames.
    package static let heldElements = [
        LayoutElement(kind: .header, section: -2, frame: Rect(x: -0.0, y: .leastNonzeroMagnitude, width: 1, height: 0)),
        LayoutElement(kind: .item, section: -1, item: 7, frame: Rect(x: 3, y: -1e300, width: 0, height: .leastNormalMagnitude)),
    ]

    /// Whether this call can ask `query` (a call without edges asks closed ones, a call without
    /// pinning unpinned ones).
    package func expresses(_ query: LayoutQuery) -> Bool {
        switch self {
        case .elementsForQuery, .elementsInRectWithEdgesAndPinning: true
        case .elementsInRect, .elementsInRectIntoBuffer: query.edges == .closed && !query.pinningHeaders
        case .elementsInRectWithEdges: !query.pinningHeaders
        case .elementsInRectPinning: query.edges == .closed
        }
    }

    /// `engine`'s answer to `query` through this call (for `elementsInRectIntoBuffer`, the whole
    /// buffer: the held elements, then the answer).
    package func answer(_ query: LayoutQuery, from engine: any LayoutEngine) -> [LayoutElement] {
        switch self {
        case .elementsForQuery: return engine.elements(for: query)
        case .elementsInRectWithEdgesAndPinning: return engine.elements(in: query.rect, edges: query.edges, pinningHeaders: query.pinningHeaders)
        case .elementsInRect: return engine.elements(in: query.rect)
        case .elementsInRectWithEdges: return engine.elements(in: query.rect, edges: query.edges)
        case .elementsInRectPinning: return engine.elements(in: query.rect, pinningHeaders: query.pinningHeaders)
        case .elementsInRectIntoBuffer:
            var buffer = Self.heldElements
            engine.elements(in: query.rect, into: &buffer)
            return buffer
        }
    }

    /// What the answer through this call must be when `reference` is the reference's answer.
    package func expected(_ reference: [LayoutElement]) -> [LayoutElement] {
        self == .elementsInRectIntoBuffer ? Self.heldElements + reference : reference
    }

    /// The engines' entry point this call goes through: the one whose `check` names it (one
    /// mapping, `LayoutEngineEntryPoint.check`, read backwards). For reports only.
    var entryPoint: LayoutEngineEntryPoint {
        LayoutEngineEntryPoint.allCases.first { $0.check == .query(self) }!
    }
}
