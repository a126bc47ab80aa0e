// Format v3's stamps: every stamp where the description puts it, and no item above one in a column it meets.
import MasonryLayout

extension LayoutInvariants {
    /// The invariants of `stamps`, read in layout coordinates: each stamp's frame has the
    /// description's x, width and height, bit for bit (its y is the section's top plus its own,
    /// which the frames cannot tell apart from the arithmetic); and no item starts above the
    /// bottom of a stamp that meets one of its columns with open edges (`x < stamp.x +
    /// stamp.width && stamp.x < x + columnWidth`), up to the ulps the section's top adds. Columns
    /// that share an x (ulp-close) are left to the differential check, as in the column order.
    /// O(items × span × stamps).
    enum ClearOfStamps {
        static func firstViolation(in engine: some LayoutEngine) -> String? {
            let description = engine.layoutDescription
            let horizontal = description.axis == .horizontal
            let inLayout = { (rect: Rect) in horizontal ? rect.transposed : rect }
            for (section, sectionDescription) in description.sections.enumerated() {
                guard let stamps = sectionDescription.stamps else { continue }
                var frames: [Rect] = []
                for (index, stamp) in stamps.enumerated() {
                    guard let screen = engine.frame(ofStamp: index, inSection: section) else {
                        return "section \(section)'s stamp \(index) has no frame"
                    }
                    let frame = inLayout(screen)
                    guard frame.x.bitPattern == stamp.x.bitPattern, frame.width.bitPattern == stamp.width.bitPattern,
                          frame.height.bitPattern == stamp.height.bitPattern else {
                        return "section \(section)'s stamp \(index) is at \(screen), its description's is \(stamp) (x, width and height as given)"
                    }
                    frames.append(frame)
                }
                let columns = ColumnPositions(description, section: section)
                for item in sectionDescription.itemHeights.indices {
                    guard let screen = engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)) else { continue }
                    let frame = inLayout(screen)
                    let span = sectionDescription.span(ofItem: item).columnCount(in: columns.count)
                    guard let position = columns.start(ofSpanAt: frame.x, columns: span), !position.shared else { break }
                    for column in position.start..<(position.start + span) {
                        for (index, stamp) in frames.enumerated() where columns.meets(column: column, stamp: stamp) {
                            guard frame.minY >= LayoutInvariants.slack(stamp.maxY, -2) else {
                                return "section \(section) item \(item) starts at \(frame.minY) in column \(column), above the bottom \(stamp.maxY) of stamp \(index), which meets it"
                            }
                        }
                    }
                }
            }
            return nil
        }
    }
}
