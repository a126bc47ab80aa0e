// The invariant replay of a section's lay-out, compiled only with -DMASONRY_INTERNAL_CHECKS.
#if MASONRY_INTERNAL_CHECKS
extension SectionHandle {
    /// Replays the section from its start heights with the layout arithmetic and checks, bit
    /// for bit, everything a lay-out wrote: each item's y, height and column or covered columns
    /// (by the placement rule, spans and the tie rule as `ReferenceLayoutEngine` applies them),
    /// every checkpoint's column heights, smallest height, last items and round-robin position,
    /// the checkpoint count, the end heights and position, and the local bottom. Only in
    /// builds with `-DMASONRY_INTERNAL_CHECKS` (`Scripts/test` and CI: `SectionLayout.layOut`
    /// calls it after every lay-out, so every test runs it), never in a client's Debug build;
    /// O(items × columns).
    func checkInvariants(section: borrowing SectionDescription, rules: SectionRules) {
        let header = header.pointee
        let shape = header.shape
        let columnCount = shape.columnCount
        let heights = section.itemHeights
        precondition(header.itemCount == section.laidOutItemCount(rules.unmeasuredItems) && header.itemCount <= header.layout.itemCapacity, "item count")
        if let slab = header.slab?.takeUnretainedValue() {
            // The section's three regions lie inside its slab.
            let start = header.words - slab.words
            precondition(header.allocatedWords == 0 && start >= 0 && header.layout.extents > 0 && header.layout.columns >= header.layout.extents
                         && start + header.layout.columnRegionEnd <= slab.wordCount, "slab region")
        }
        precondition(header.checkpointCount == shape.checkpointCount(items: header.itemCount)
                     && header.checkpointCount <= header.layout.checkpointCapacity, "checkpoint count")
        var columnHeights = Array(checkpointHeights(0))
        var columnEnds = columnHeights
        var lastItems = [UInt32](repeating: SectionHandle.noItem, count: columnCount)
        var position = header.startPosition
        var previousY = -Double.infinity
        for item in 0..<header.itemCount {
            if item > 0, item & (shape.interval - 1) == 0 {
                let checkpoint = item >> shape.intervalShift
                precondition(Array(checkpointHeights(checkpoint)).map(\.bitPattern) == columnHeights.map(\.bitPattern),
                             "checkpoint \(checkpoint): column heights")
                precondition(checkpointY[checkpoint].bitPattern == columnHeights.min()!.bitPattern, "checkpoint \(checkpoint): y")
                if shape.kernel.tracksLastItems {
                    precondition(Array(self.lastItems(checkpoint)) == lastItems, "checkpoint \(checkpoint): last items")
                }
                if shape.kernel.hasSpans {
                    precondition(Int(checkpointPositions[checkpoint]) == position, "checkpoint \(checkpoint): position")
                }
            }
            let span = shape.kernel.hasSpans ? section.span(ofItem: item).columnCount(in: columnCount) : 1
            // With keepColumns a shortest-column item may sit where it was placed before a
            // re-measure: its stored columns are replayed (the differential check holds the rule).
            let keepsColumns = rules.remeasure == .keepColumns && shape.kernel == .spans(.shortestColumn)
            let start = keepsColumns ? self.covered(byItem: item).lowerBound
                : ReferenceLayoutEngine.startColumn(ofSpan: span, in: columnHeights, placement: shape.kernel.placement,
                                                    tieBreak: rules.tieBreak, flowTolerance: rules.flowTolerance,
                                                    roundRobinPosition: &position)
            let covered = start..<(start + span)
            let y = ReferenceLayoutEngine.top(ofColumns: covered, in: columnHeights)
            precondition(self.covered(byItem: item) == covered, "item \(item): columns \(self.covered(byItem: item)), expected \(covered)")
            precondition(self.y(ofItem: item).bitPattern == y.bitPattern, "item \(item): y")
            if shape.kernel != .roundRobin {
                precondition(extents[item].height.bitPattern == heights[item].bitPattern, "item \(item): height")
            }
            if shape.kernel.storesColumnPerItem {
                precondition(y >= previousY, "item \(item): y decreases")
                previousY = y
            }
            let grown = LayoutArithmetic.grow(y, by: LayoutArithmetic.advance(itemHeight: heights[item], itemSpacing: section.itemSpacing))
            for column in covered {
                columnHeights[column] = grown
                columnEnds[column] = LayoutArithmetic.itemBottom(localY: y, itemHeight: heights[item])
                lastItems[column] = UInt32(item)
            }
        }
        precondition(Array(endHeights).map(\.bitPattern) == columnHeights.map(\.bitPattern), "end heights")
        precondition(header.endPosition == (shape.kernel.hasSpans ? position : (header.startPosition + header.itemCount) % columnCount),
                     "end position")
        let deepest = rules.trailingItemSpacing == .include ? columnHeights.max()! : columnEnds.max()!
        let localBottom = LayoutArithmetic.localBottom(
            deepest: deepest, reservingRowsFor: section.deferredItemCount(rules.unmeasuredItems), columns: columnCount,
            estimatedItemHeight: section.estimatedItemHeight ?? 0, insetBottom: section.inset.bottom)
        precondition(header.localBottom.bitPattern == localBottom.bitPattern, "local bottom")
    }
}
#endif
