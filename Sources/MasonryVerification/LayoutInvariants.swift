import MasonryLayout

/// Properties every correct layout has, whatever the engine: items of one column do not overlap
/// and come in y order, every frame lies inside the content size, items are the section's
/// column width wide. O(items log items).
public enum LayoutInvariants {
    /// The first violated invariant, or nil.
    ///
    /// Absolute y is `sectionTop + localY`, one more rounding than the local arithmetic, so two
    /// items of a column in a section that does not start at 0 may overlap by an ulp or two, and
    /// a frame may end that much below the content; such sections get two ulps of slack. Widths
    /// and the order of y values are exact.
    public static func firstViolation(in engine: some LayoutEngine) -> String? {
        let description = engine.layoutDescription
        let content = engine.contentSize
        // Each section's items by column (their x), then index: sorted, not hashed, in one buffer
        // reused from section to section (the fuzzer checks this after every step).
        var byColumn: [(x: UInt64, item: Int, frame: Rect)] = []
        for (section, sectionDescription) in description.sections.enumerated() {
            let width = description.columnWidth(ofSection: section)
            byColumn.removeAll(keepingCapacity: true)
            for item in sectionDescription.itemHeights.indices {
                guard let frame = engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)) else {
                    return "section \(section) item \(item) has no frame"
                }
                guard frame.width.bitPattern == width.bitPattern else {
                    return "section \(section) item \(item) is \(frame.width) wide, the column width is \(width)"
                }
                guard frame.height.bitPattern == sectionDescription.itemHeights[item].bitPattern else {
                    return "section \(section) item \(item) is \(frame.height) tall, its height is \(sectionDescription.itemHeights[item])"
                }
                guard frame.minY >= 0, frame.minX >= 0, frame.maxY <= slack(content.height, 2) else {
                    return "section \(section) item \(item) at \(frame) lies outside the content size \(content)"
                }
                if description.columnWidthRounding == .none, frame.maxX > slack(description.width, 2) {
                    return "section \(section) item \(item) at \(frame) lies right of the width \(description.width)"
                }
                byColumn.append((frame.x.bitPattern, item, frame))
            }
            byColumn.sort { ($0.x, $0.item) < ($1.x, $1.item) }
            for (previous, next) in zip(byColumn, byColumn.dropFirst()) where previous.x == next.x {
                guard next.frame.minY >= previous.frame.minY else {
                    return "section \(section): item \(next.item) starts above item \(previous.item) in the same column"
                }
                guard next.frame.minY >= slack(previous.frame.maxY, -2) else {
                    return "section \(section): item \(next.item) at y \(next.frame.minY) overlaps item \(previous.item), which ends at \(previous.frame.maxY)"
                }
            }
        }
        return nil
    }

    /// `value` moved by `ulps` units in the last place (up when positive).
    private static func slack(_ value: Double, _ ulps: Int) -> Double {
        var result = value
        for _ in 0..<abs(ulps) { result = ulps > 0 ? result.nextUp : result.nextDown }
        return result
    }
}
