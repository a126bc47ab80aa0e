// KeptColumns: the invariant of `remeasure: keepColumns`, that a re-measure moves no laid-out item to another column.
import MasonryLayout

/// `remeasure: keepColumns`'s promise, checked around every re-measure the checker applies: a
/// `setItemHeights` or `setMeasurements` keeps every item that was laid out before it in the
/// columns it covered, so its frame's x and width are the same bits after it (its y and
/// height may change). Items measured for the first time in deferred mode are placed, not
/// kept. O(items of the section) per re-measure.
struct KeptColumns {
    /// The section re-measured and its laid-out items' x and width before the update; nil when
    /// the update is no re-measure of a keepColumns layout.
    private let before: (section: Int, columns: [(x: Double, width: Double)])?

    /// Records what `update` must keep, before `engine` applies it.
    init(before update: LayoutUpdate, in engine: some LayoutEngine) {
        let description = engine.layoutDescription
        let section: Int
        switch update {
        case .setItemHeights(let s, _, _, _), .setMeasurements(let s, _, _, _): section = s
        default: section = -1
        }
        guard description.remeasure == .keepColumns, description.sections.indices.contains(section) else {
            before = nil
            return
        }
        let horizontal = description.axis == .horizontal
        let frames = (0..<description.sections[section].itemHeights.count).lazy
            .compactMap { engine.frame(ofItemAt: ItemIndexPath(section: section, item: $0)) }
        before = (section, frames.map { Self.across($0, horizontal: horizontal) })
    }

    /// A frame's extent across the columns, in layout coordinates: its x and width (y and
    /// height on screen for a horizontal layout).
    private static func across(_ frame: Rect, horizontal: Bool) -> (x: Double, width: Double) {
        horizontal ? (frame.minY, frame.height) : (frame.minX, frame.width)
    }

    /// The first item `engine`, after the update (accepted), moved to other columns, described.
    func firstViolation(after engine: some LayoutEngine) -> String? {
        guard let before else { return nil }
        for (item, kept) in before.columns.enumerated() {
            guard let frame = engine.frame(ofItemAt: ItemIndexPath(section: before.section, item: item)) else {
                return "remeasure keepColumns: section \(before.section) item \(item) was laid out and has no frame after the re-measure"
            }
            let (x, width) = Self.across(frame, horizontal: engine.layoutDescription.axis == .horizontal)
            if x.bitPattern != kept.x.bitPattern || width.bitPattern != kept.width.bitPattern {
                return "remeasure keepColumns: a re-measure moved section \(before.section) item \(item) from x \(kept.x) (width \(kept.width)) to x \(x) (width \(width))"
            }
        }
        return nil
    }
}
