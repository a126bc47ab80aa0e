// The items a span query finds only by walking a column back past the last checkpoint block: the lagging-column corner's target.
@_spi(Verification) import MasonryLayout

/// A spanned section of a vertical layout as the reference laid it out, for the path of the
/// optimized engine's span query that walks each column back from the last checkpoint block
/// (`SectionQuery.appendSpannedItems`). A rect takes that path when its run of blocks is longer
/// than the short run (a column already reaches the rect's top 5 or more blocks before the
/// end: one column far ahead) and a column is still above the rect's bottom at the last
/// checkpoint. The walk scans the last block, then, where the column's height at the last
/// checkpoint still reaches into the rect, the block of its last item before it: the
/// second-to-last block's items of that column are found only there. A walk that tested the
/// height of the checkpoint before (`checkpoints - 2`, a mutant of issue 24's run that no case
/// killed) stops before them. The fuzzer's feature and the planted fault of that walk read it
/// here; the heights are the layout arithmetic's (y + (height + item spacing)).
package struct LastBlocksWalk {
    /// The items of the second-to-last block, with their frames.
    private let secondToLast: [(item: Int, frame: Rect)]
    /// Per column (its x range), its height before the second-to-last and before the last
    /// checkpoint: the end (plus item spacing) of its last item before each, or -infinity.
    private let columns: [(left: Double, right: Double, beforeSecondToLast: Double, beforeLast: Double)]
    /// The highest column before checkpoint blocks - 4: past the rect's top, the run is long.
    private let lead: Double

    /// The walk of each section of `description` that has one (`init(section:of:)`), by
    /// section index; empty, without laying anything out, when none has. O(sections), plus one
    /// reference layout and O(items × columns) per such section when one has.
    package static func walks(in description: LayoutDescription) -> [Int: LastBlocksWalk] {
        guard description.axis == .vertical, description.sections.contains(where: hasFiveBlocksWithSpans) else { return [:] }
        let reference = ReferenceLayoutEngine(description)
        var walks: [Int: LastBlocksWalk] = [:]
        for section in description.sections.indices {
            if let walk = LastBlocksWalk(section: section, of: reference) { walks[section] = walk }
        }
        return walks
    }

    /// Whether `section` has spans and 5 or more of the engine's checkpoint blocks. O(1).
    private static func hasFiveBlocksWithSpans(_ section: SectionDescription) -> Bool {
        section.itemSpans != nil && section.itemHeights.count > 4 * VerificationHooks.checkpointInterval(columns: section.columns)
    }

    /// Nil unless section `section` of `reference`'s layout (vertical) has spans and 5 or more
    /// checkpoint blocks. O(items × columns).
    package init?(section: Int, of reference: ReferenceLayoutEngine) {
        let description = reference.layoutDescription
        let sectionDescription = description.sections[section]
        guard description.axis == .vertical, Self.hasFiveBlocksWithSpans(sectionDescription) else { return nil }
        let interval = VerificationHooks.checkpointInterval(columns: sectionDescription.columns)
        let count = sectionDescription.itemHeights.count
        let blocks = (count + interval - 1) / interval
        let frames = (0..<count).map { reference.frame(ofItemAt: ItemIndexPath(section: section, item: $0)) }
        let spacing = sectionDescription.itemSpacing
        let end = { (frame: Rect) in frame.y + (frame.height + spacing) }
        let height = { (left: Double, right: Double, before: Int) -> Double in
            let centre = left + (right - left) / 2
            return frames[..<before].compactMap { $0 }.filter { $0.minX <= centre && centre <= $0.maxX }.map(end).max() ?? -.infinity
        }
        columns = VerificationHooks.columnExtents(ofSection: section, in: description).map { column in
            let right = column.x + column.width
            return (column.x, right, height(column.x, right, (blocks - 2) * interval), height(column.x, right, (blocks - 1) * interval))
        }
        lead = frames[..<((blocks - 4) * interval)].compactMap { $0 }.map(end).max() ?? -.infinity
        secondToLast = ((blocks - 2) * interval..<(blocks - 1) * interval).compactMap { item in frames[item].map { (item, $0) } }
    }

    /// The items of the second-to-last block that `rect` meets in a column the walk reaches
    /// only past the last block's own test: the run long, the column above the rect's bottom at
    /// the last checkpoint and into the rect there, its items before that block above the rect.
    /// O(columns × K).
    package func itemsFoundPastTheLastBlock(_ rect: Rect) -> Set<Int> {
        guard lead > rect.minY else { return [] }
        var items: Set<Int> = []
        for column in columns where column.left <= rect.maxX && rect.minX <= column.right
            && column.beforeSecondToLast <= rect.minY && rect.minY < column.beforeLast && column.beforeLast <= rect.maxY {
            let centre = column.left + (column.right - column.left) / 2
            for (item, frame) in secondToLast where frame.minX <= centre && centre <= frame.maxX && frame.intersects(rect) {
                items.insert(item)
            }
        }
        return items
    }
}
