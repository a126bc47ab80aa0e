// LayoutQuery: a rect, its edge rule and whether headers are pinned.
/// A rect query with its options, as scenario files and the `query` command give it.
public struct LayoutQuery: Hashable, Sendable {
    public var rect: Rect
    /// Whether elements that only touch the rect count (`.closed`, format v1) or not (`.open`).
    public var edges: RectEdges
    /// Whether section headers are reported pinned to the rect's top (sticky headers).
    public var pinningHeaders: Bool

    public init(_ rect: Rect, edges: RectEdges = .closed, pinningHeaders: Bool = false) {
        self.rect = rect
        self.edges = edges
        self.pinningHeaders = pinningHeaders
    }
}
