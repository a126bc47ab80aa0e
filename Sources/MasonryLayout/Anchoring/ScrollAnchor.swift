// ScrollAnchor: the item a scroll position is kept by, and how it follows its item through updates.
/// The item a scroll position is kept by across updates (MagazineLayout's top-item anchor,
/// FlashList's first visible item): an item and how far its frame starts below the viewport's
/// leading edge (<doc:Queries>).
///
/// Take one with `LayoutEngine.scrollAnchor(in:)` before updates, follow its item through them
/// with `adjusted(for:in:)`, then ask `LayoutEngine.contentOffset(restoring:viewportLength:)`
/// for the offset that puts the item back where it was.
public struct ScrollAnchor: Hashable, Sendable {
    /// The anchoring item.
    public var item: ItemIndexPath
    /// `frame.minY - viewport.minY` when the anchor was taken (x for a horizontal layout):
    /// negative when the item starts above the viewport.
    public var distance: Double

    @inlinable
    public init(item: ItemIndexPath, distance: Double) {
        self.item = item
        self.distance = distance
    }

    /// The anchor after `update`, following its item through index changes. O(1).
    ///
    /// - Items inserted before it (in its section, at or before its index) move it down by
    ///   their count; items deleted before it move it up by theirs. Appends, height changes and
    ///   width changes leave it as it is.
    /// - A section inserted at or before its section moves it to the next section; one deleted
    ///   before it, to the previous one.
    /// - If its item is deleted (or its section), the anchor moves to the item that now holds
    ///   its index path; when none does, the answer is nil. Without `updated` (the description
    ///   after the update), whether one does is not known, and the index path is kept (then
    ///   `contentOffset(restoring:viewportLength:)` answers nil for it).
    public func adjusted(for update: LayoutUpdate, in updated: LayoutDescription? = nil) -> ScrollAnchor? {
        var adjusted = self
        switch update {
        case .insertItems(let section, let index, let heights, _) where section == item.section && index <= item.item:
            adjusted.item.item += heights.count
        case .insertMeasurements(let section, let index, let heights, _) where section == item.section && index <= item.item:
            adjusted.item.item += heights.count
        case .deleteItems(let section, let range) where section == item.section && range.upperBound <= item.item:
            adjusted.item.item -= range.count
        case .insertSection(_, let index) where index <= item.section:
            adjusted.item.section += 1
        case .deleteSection(let index) where index < item.section:
            adjusted.item.section -= 1
        case .appendItems, .appendMeasurements, .setItemHeights, .setMeasurements, .insertItems, .insertMeasurements,
             .deleteItems, .insertSection, .deleteSection, .setWidth:
            break
        }
        if let updated {
            guard updated.sections.indices.contains(adjusted.item.section),
                  adjusted.item.item < updated.sections[adjusted.item.section].itemHeights.count else { return nil }
        }
        return adjusted
    }
}
