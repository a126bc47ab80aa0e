// Scroll anchoring on any engine: the anchor a viewport shows, and the offset that restores it.
extension LayoutEngine {
    /// The anchor of `viewport`: the first item `elements(in: viewport, edges: .open)` returns
    /// (headers and footers skipped; estimated items count), with `distance = frame.minY -
    /// viewport.minY` (x for a horizontal layout); nil when the viewport shows no item.
    ///
    /// - Complexity: the engine's open-edge query of `viewport`.
    public func scrollAnchor(in viewport: Rect) -> ScrollAnchor? {
        guard let first = elements(in: viewport, edges: .open).first(where: { $0.kind == .item }) else { return nil }
        let distance = layoutDescription.axis == .vertical ? first.frame.minY - viewport.minY : first.frame.minX - viewport.minX
        return ScrollAnchor(item: ItemIndexPath(section: first.section, item: first.item), distance: distance)
    }

    /// The content offset along the scroll axis that puts `anchor`'s item `anchor.distance`
    /// below the viewport's leading edge: `min(max(frame.minY - distance, 0), max(0,
    /// contentLength - viewportLength))`, in that order (x and the content width for a
    /// horizontal layout); nil when the item has no frame (deleted, or deferred). What a
    /// `UICollectionViewLayout` returns from `targetContentOffset(forProposedContentOffset:)`;
    /// the difference to the old offset is the invalidation's `contentOffsetAdjustment`.
    ///
    /// - Complexity: the engine's item lookup.
    public func contentOffset(restoring anchor: ScrollAnchor, viewportLength: Double) -> Double? {
        guard let frame = frame(ofItemAt: anchor.item) else { return nil }
        let vertical = layoutDescription.axis == .vertical
        let itemStart = vertical ? frame.minY : frame.minX
        let contentLength = vertical ? contentSize.height : contentSize.width
        return min(max(itemStart - anchor.distance, 0), max(0, contentLength - viewportLength))
    }
}
