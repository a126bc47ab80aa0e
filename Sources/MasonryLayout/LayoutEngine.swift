// The `LayoutEngine` protocol: lays out a description and answers a collection view layout's questions.
/// A masonry layout engine: lays out a `LayoutDescription` and answers the questions a
/// `UICollectionViewLayout` is asked.
///
/// Every engine gives the same frames, bit for bit, for the same description
/// (<doc:LayoutArithmetic>); they differ in speed and memory, which each conforming type
/// documents. Frames and rects are in the collection view's coordinates: a horizontal layout's
/// are transposed.
public protocol LayoutEngine {
    /// The description last prepared, with every update applied since.
    var layoutDescription: LayoutDescription { get }

    /// Lays out `description`, replacing whatever was laid out before (`prepare()`).
    mutating func prepare(_ description: LayoutDescription)

    /// The scrollable size: the view's width and the bottom of the last section (transposed for
    /// a horizontal layout).
    var contentSize: Size { get }

    /// Every element whose frame intersects `rect` (closed intervals: touching edges and zero-size
    /// rects count), ordered by section, then header, items by index, footer; headers where they
    /// are laid out.
    func elements(in rect: Rect) -> [LayoutElement]

    /// Every element whose frame intersects `rect` with `edges`, in the order of `elements(in:)`.
    /// With `pinningHeaders`, a section's header is reported where a sticky header sits when the
    /// view shows `rect`: at `min(max(rect.minY, sectionTop), (sectionTop + localBottom) -
    /// headerHeight)` (to the left edge, horizontally), and tested there like any frame.
    ///
    /// The default implementation, for engines that answer only `elements(in:)`, filters that
    /// answer for open edges (the same cost) and lays the description out with the reference
    /// engine for pinned headers (O(items) per query): a fresh layout, so an engine that keeps a
    /// history (`remeasure: keepColumns`) must answer pinned queries itself. Both of Masonry's
    /// engines answer every query in their own time.
    func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement]

    /// The same elements as `elements(in:)`, appended to `result` (which keeps what it held):
    /// a caller that reuses one buffer for every query allocates nothing per query.
    func elements(in rect: Rect, into result: inout [LayoutElement])

    /// The frame of an item, or nil when the section or item does not exist.
    func frame(ofItemAt indexPath: ItemIndexPath) -> Rect?

    /// The frame of a section's header or footer (`kind` other than `.item`), where it is laid
    /// out (not pinned), or nil when the section does not exist or has none (its height is 0).
    func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect?
    /// The frame of stamp `stamp` of section `section` (format v3's `stamps`: rects items flow
    /// around, drawn by the app), its y made absolute (`sectionTop + y`) and mapped on screen as
    /// frames are; nil when the section or the stamp does not exist. The default lays the
    /// description out with the reference engine (O(items)); both of Masonry's engines answer
    /// in O(1).
    func frame(ofStamp stamp: Int, inSection section: Int) -> Rect?

    /// Applies an incremental change to the laid-out description. A refused update leaves the
    /// engine as it was.
    mutating func apply(_ update: LayoutUpdate) throws(LayoutError)

    /// Applies `updates` in order as one batch (a collection view's batch updates, or the cells
    /// a frame measured): the same layout as applying them one by one, and all or nothing: when
    /// one is refused, the engine is left as it was before the first. The default applies them
    /// one by one to a copy; the optimized engine lays out a batch of re-measures once.
    mutating func apply(contentsOf updates: [LayoutUpdate]) throws(LayoutError)
}

extension LayoutEngine {
    public func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        elementsByDefault(in: rect, edges: edges, pinningHeaders: pinningHeaders)
    }

    /// The default implementation's answer, for an engine that answers some options itself and
    /// the others as an engine that answers only `elements(in:)` would (an external engine that
    /// declares pinned headers or open edges unsupported).
    package func elementsByDefault(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        if pinningHeaders {
            return ReferenceLayoutEngine(layoutDescription).elements(in: rect, edges: edges, pinningHeaders: true)
        }
        let closed = elements(in: rect)
        return edges == .closed ? closed : closed.filter { $0.frame.intersects(rect, edges: .open) }
    }

    /// Every element whose frame intersects `rect` with `edges`, headers where they are laid out.
    public func elements(in rect: Rect, edges: RectEdges) -> [LayoutElement] {
        elements(in: rect, edges: edges, pinningHeaders: false)
    }

    /// Every element whose frame intersects `rect` (closed intervals), headers pinned if asked.
    public func elements(in rect: Rect, pinningHeaders: Bool) -> [LayoutElement] {
        elements(in: rect, edges: .closed, pinningHeaders: pinningHeaders)
    }

    /// The answer to `query`.
    public func elements(for query: LayoutQuery) -> [LayoutElement] {
        elements(in: query.rect, edges: query.edges, pinningHeaders: query.pinningHeaders)
    }

    /// Stamp `stamp`'s frame as the reference lays the description out: O(items). A fresh
    /// layout, so an engine that keeps a history (`remeasure: keepColumns`) answers itself.
    public func frame(ofStamp stamp: Int, inSection section: Int) -> Rect? {
        ReferenceLayoutEngine(layoutDescription).frame(ofStamp: stamp, inSection: section)
    }

    /// Applies `updates` one by one to a copy of the engine, which replaces it when every one is
    /// accepted. Costs what they cost one by one, plus a copy (copy on write: the first update
    /// pays it).
    public mutating func apply(contentsOf updates: [LayoutUpdate]) throws(LayoutError) {
        var copy = self
        for update in updates { try copy.apply(update) }
        self = copy
    }

    /// Appends `elements(in:)`: engines that can append without building an array first
    /// implement `elements(in:into:)` themselves.
    public func elements(in rect: Rect, into result: inout [LayoutElement]) {
        result.append(contentsOf: elements(in: rect))
    }
}
