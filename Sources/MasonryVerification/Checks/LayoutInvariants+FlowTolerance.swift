// Format v3's flowTolerance: every item starts within the tolerance of the lowest start, by the tie rule.
import MasonryLayout

extension LayoutInvariants {
    /// The invariant of `flowTolerance` (shortest column, `reflow`), rebuilt from the frames
    /// alone: replaying each section's columns from its items' frames in index order (every
    /// column grows to `y + (height + itemSpacing)` of the item last on it), each item starts at
    /// most `minimum + flowTolerance` high, `minimum` the lowest start's top then, and no start
    /// before it (after it, with `highestIndex`) is within that too; columns start stamped
    /// (`stamps`: each at least the bottom of the stamps it meets). Section tops are one more
    /// rounding than the section-local arithmetic, so the comparisons get a few ulps of slack
    /// (the differential check holds the boundary exactly). A section whose columns share an x
    /// (ulp-close columns) cannot tell which of them holds an item and is left to that check.
    /// `keepColumns` layouts keep the columns they were placed in: not a fresh placement. O(items × columns).
    enum WithinFlowTolerance {
        static func firstViolation(in engine: some LayoutEngine) -> String? {
            let description = engine.layoutDescription
            guard let tolerance = description.flowTolerance, description.placement == .shortestColumn,
                  description.remeasure == .reflow else { return nil }
            let horizontal = description.axis == .horizontal
            var heights: [Double] = []
            for (section, sectionDescription) in description.sections.enumerated() {
                let columns = ColumnPositions(description, section: section)
                // Deferred unmeasured items come last and have no frame.
                let deferred = description.unmeasuredItems == .deferred
                let laidOut = sectionDescription.itemHeights.indices.prefix { !(deferred && sectionDescription.isItemUnmeasured($0)) }.count
                let frames = (0..<laidOut).compactMap { engine.verticalFrame(ofItem: $0, inSection: section) }
                guard frames.count == laidOut else { return "section \(section) has an item without a frame" }
                let stamps = sectionDescription.stamps ?? []
                // Stamps raise the columns they meet (open edges) to their bottoms, `top + (y + height)`.
                let stamped = { (column: Int, height: Double, top: Double) in
                    stamps.reduce(height) { columns.meets(column: column, stamp: $1) ? max($0, (top + $1.y) + $1.height) : $0 }
                }
                switch description.sectionStart {
                case .belowLongestColumn:
                    guard let first = frames.first else { continue }
                    if let stamp = engine.frame(ofStamp: 0, inSection: section).map({ horizontal ? $0.transposed : $0 }) {
                        // The section's top from its first stamp's frame (up to an ulp: the slack).
                        let top = stamp.y - stamps[0].y
                        let start = top + (sectionDescription.headerHeight + sectionDescription.inset.top)
                        heights = (0..<columns.count).map { stamped($0, start, top) }
                    } else {
                        // Every column starts where the first item does: it ties on all of them.
                        heights = Array(repeating: first.minY, count: columns.count)
                    }
                case .continueColumns:
                    // One coordinate space from 0, as the arithmetic: `height + inset.top` each section.
                    if heights.isEmpty { heights = Array(repeating: 0, count: columns.count) }
                    heights = heights.indices.map { stamped($0, heights[$0] + sectionDescription.inset.top, 0) }
                }
                for (item, frame) in frames.enumerated() {
                    let span = sectionDescription.span(ofItem: item).columnCount(in: columns.count)
                    guard let position = columns.start(ofSpanAt: frame.minX, columns: span) else {
                        return "section \(section) item \(item) at x \(frame.minX) starts at no column's x"
                    }
                    if position.shared { return nil }
                    let start: Int = position.start
                    let tops = (0...(columns.count - span)).map { heights[$0..<($0 + span)].max()! }
                    let threshold = tops.min()! + tolerance
                    guard frame.minY <= LayoutInvariants.slack(threshold, 4) else {
                        return "section \(section) item \(item) starts at \(frame.minY), past the lowest start \(tops.min()!) plus the flow tolerance \(tolerance)"
                    }
                    let passedOver = description.tieBreak == .lowestIndex ? tops[..<start].firstIndex { $0 < LayoutInvariants.slack(threshold, -4) }
                        : tops[(start + 1)...].lastIndex { $0 < LayoutInvariants.slack(threshold, -4) }
                    if let passedOver {
                        return "section \(section) item \(item) starts on column \(start), yet the start on column \(passedOver) at \(tops[passedOver]) is within the flow tolerance \(tolerance) of the lowest, \(tops.min()!) (tieBreak \(description.tieBreak.rawValue))"
                    }
                    let grown = frame.minY + (frame.height + sectionDescription.itemSpacing)
                    for column in start..<(start + span) { heights[column] = grown }
                }
            }
            return nil
        }
    }
}
