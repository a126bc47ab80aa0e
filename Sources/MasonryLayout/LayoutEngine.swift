/// A masonry layout engine: lays out a `LayoutDescription` and answers the questions a
/// `UICollectionViewLayout` is asked.
///
/// Every engine gives the same frames, bit for bit, for the same description (README.md, "Layout
/// arithmetic"); they differ in speed and memory, which each conforming type documents.
public protocol LayoutEngine {
    /// The description last prepared, with every update applied since.
    var layoutDescription: LayoutDescription { get }

    /// Lays out `description`, replacing whatever was laid out before (`prepare()`).
    mutating func prepare(_ description: LayoutDescription)

    /// The scrollable size: the view's width, and the bottom of the last section.
    var contentSize: Size { get }

    /// Every element whose frame intersects `rect` (closed intervals: touching edges and zero-size
    /// rects count), ordered by section, then header, items by index, footer.
    func elements(in rect: Rect) -> [LayoutElement]

    /// The same elements as `elements(in:)`, appended to `result` (which keeps what it held):
    /// a caller that reuses one buffer for every query allocates nothing per query.
    func elements(in rect: Rect, into result: inout [LayoutElement])

    /// The frame of an item, or nil when the section or item does not exist.
    func frame(ofItemAt indexPath: ItemIndexPath) -> Rect?

    /// The frame of a section's header or footer (`kind` other than `.item`), or nil when the
    /// section does not exist or has none (its height is 0).
    func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect?

    /// Applies an incremental change to the laid-out description. A refused update leaves the
    /// engine as it was.
    mutating func apply(_ update: LayoutUpdate) throws(LayoutError)
}

extension LayoutEngine {
    /// Appends `elements(in:)`: engines that can append without building an array first
    /// implement `elements(in:into:)` themselves.
    public func elements(in rect: Rect, into result: inout [LayoutElement]) {
        result.append(contentsOf: elements(in: rect))
    }
}
