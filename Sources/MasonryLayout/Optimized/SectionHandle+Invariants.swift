#if DEBUG
extension SectionHandle {
    /// Replays the section from its start heights with the layout arithmetic and checks, bit
    /// for bit, everything a lay-out wrote: each item's y and column (the shortest column by
    /// the tie rule, or the round-robin position), every checkpoint's column heights, smallest
    /// height and last items, the checkpoint count, and the end heights. Debug builds only
    /// (`SectionLayout.layOut` calls it after every lay-out, so every test runs it); O(items ×
    /// columns).
    func checkInvariants(heights: UnsafeBufferPointer<Double>, itemSpacing: Double, tieBreak: TieBreak) {
        let header = header.pointee
        let shape = header.shape
        let columnCount = shape.columnCount
        precondition(header.itemCount == heights.count && header.itemCount <= header.layout.itemCapacity, "item count")
        precondition(header.checkpointCount == shape.checkpointCount(items: header.itemCount)
                     && header.checkpointCount <= header.layout.checkpointCapacity, "checkpoint count")
        var columnHeights = Array(checkpointHeights(0))
        var lastItems = [UInt32](repeating: SectionHandle.noItem, count: columnCount)
        var previousY = -Double.infinity
        for item in 0..<header.itemCount {
            if item > 0, item & (shape.interval - 1) == 0 {
                let checkpoint = item >> shape.intervalShift
                precondition(Array(checkpointHeights(checkpoint)).map(\.bitPattern) == columnHeights.map(\.bitPattern),
                             "checkpoint \(checkpoint): column heights")
                precondition(checkpointY[checkpoint].bitPattern == columnHeights.min()!.bitPattern, "checkpoint \(checkpoint): y")
                if shape.placement == .shortestColumn {
                    precondition(Array(self.lastItems(checkpoint)) == lastItems, "checkpoint \(checkpoint): last items")
                }
            }
            let column: Int
            switch shape.placement {
            case .shortestColumn:
                column = ReferenceLayoutEngine.shortestStart(ofSpan: 1, in: columnHeights, tieBreak: tieBreak)
                precondition(extents[item].y >= previousY, "item \(item): y decreases")
                precondition(extents[item].height.bitPattern == heights[item].bitPattern, "item \(item): height")
                previousY = extents[item].y
            case .roundRobin:
                column = (header.startPosition + item) % columnCount
            }
            precondition(self.column(ofItem: item) == column, "item \(item): column \(self.column(ofItem: item)), expected \(column)")
            precondition(y(ofItem: item).bitPattern == columnHeights[column].bitPattern, "item \(item): y")
            columnHeights[column] = LayoutArithmetic.grow(
                columnHeights[column], by: LayoutArithmetic.advance(itemHeight: heights[item], itemSpacing: itemSpacing))
            lastItems[column] = UInt32(item)
        }
        precondition(Array(endHeights).map(\.bitPattern) == columnHeights.map(\.bitPattern), "end heights")
        precondition(header.endPosition == (header.startPosition + header.itemCount) % columnCount, "end position")
    }
}
#endif
