// ItemIdentities: a layout's items by identity through updates, the rule an anchor's item is followed by.
import MasonryLayout

/// A layout's items by identity: a number per item, kept by each item through the updates
/// applied (inserted items and sections get new numbers, deleted ones lose theirs, height and
/// width changes keep every one). What following an anchor's item means, stated without
/// `ScrollAnchor.adjusted(for:in:)`'s index arithmetic, so that the checker can hold that
/// arithmetic to it (`AnchorSteps`).
struct ItemIdentities {
    /// Each section's items' numbers, in order.
    private var sections: [[Int]]
    private var next: Int

    /// The items of `description`. O(items).
    init(_ description: LayoutDescription) {
        next = 0
        sections = []
        for section in description.sections { sections.append(fresh(section.itemHeights.count)) }
    }

    /// `count` numbers never given before.
    private mutating func fresh(_ count: Int) -> [Int] {
        defer { next += count }
        return Array(next..<(next + count))
    }

    /// After `update`, which the layout accepted. O(items of the sections it changes), O(sections)
    /// for a section inserted or deleted.
    mutating func apply(_ update: LayoutUpdate) {
        switch update {
        case .appendItems(let section, let heights, _): sections[section] += fresh(heights.count)
        case .appendMeasurements(let section, let heights, _): sections[section] += fresh(heights.count)
        case .insertItems(let section, let index, let heights, _): sections[section].insert(contentsOf: fresh(heights.count), at: index)
        case .insertMeasurements(let section, let index, let heights, _):
            sections[section].insert(contentsOf: fresh(heights.count), at: index)
        case .deleteItems(let section, let range): sections[section].removeSubrange(range)
        case .insertSection(let section, let index): sections.insert(fresh(section.itemHeights.count), at: index)
        case .deleteSection(let index): sections.remove(at: index)
        case .setItemHeights, .setMeasurements, .setWidth: break  // the same items
        }
    }

    /// The number of the item at `path`, nil when there is none. O(1).
    func identity(at path: ItemIndexPath) -> Int? {
        guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.item) else { return nil }
        return sections[path.section][path.item]
    }

    /// Where an anchor taken at the item numbered `identity`, last at `path`, is now: at that item
    /// wherever it went; when it was deleted, at whatever item now holds `path`; nil when none
    /// does (`ScrollAnchor.adjusted(for:in:)`'s contract). O(items).
    func following(_ identity: Int, from path: ItemIndexPath) -> ItemIndexPath? {
        for (section, items) in sections.enumerated() {
            if let item = items.firstIndex(of: identity) { return ItemIndexPath(section: section, item: item) }
        }
        return self.identity(at: path) != nil ? path : nil
    }
}
