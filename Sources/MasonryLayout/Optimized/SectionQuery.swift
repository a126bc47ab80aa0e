extension SectionLayout {
    /// A bound on rounding: an item's computed bottom never exceeds the computed top of the next
    /// item of its column (or the column's end) by more than a few ulps, so a search key scaled by
    /// this factor never skips an item that touches the rect. The exact test decides the rest.
    static let roundingSlack = 1 + 0x1p-48

    /// Item `item`'s frame when the section's top is `top` and its height `height`: the
    /// engine's one definition of it. O(1).
    @inline(__always)
    func frame(ofItem item: Int, top: Double, height: Double) -> Rect {
        storage.withHandle { section in
            let geometry = section.header.pointee.geometry
            return Rect(x: geometry.x(ofColumn: section.column(ofItem: item)),
                        y: LayoutArithmetic.absoluteY(section.localY[item], sectionTop: top),
                        width: geometry.columnWidth, height: height)
        }
    }

    /// Appends to `result`, in index order, the items of section `index` whose frames intersect
    /// `rect` when the section's top is `top` and its item heights `heights`.
    /// O(log n + K + k) for shortest column, O(columns × log n + k log k) for round robin.
    func appendItems(in rect: Rect, section index: Int, top: Double, heights: UnsafeBufferPointer<Double>,
                     to result: inout [LayoutElement]) {
        storage.withHandle { section in
            let geometry = section.header.pointee.geometry
            @inline(__always) func appendIfHit(_ item: Int, _ column: Int) {
                let frame = Rect(x: geometry.x(ofColumn: column), y: LayoutArithmetic.absoluteY(section.localY[item], sectionTop: top),
                                 width: geometry.columnWidth, height: heights[item])
                if frame.intersects(rect) { result.append(LayoutElement(kind: .item, section: index, item: item, frame: frame)) }
            }
            switch section.shape.placement {
            case .shortestColumn:
                Self.appendShortestColumnItems(in: rect, top: top, section: section, appendIfHit: appendIfHit)
            case .roundRobin:
                let start = result.count
                let columnsHit = Self.appendRoundRobinItems(in: rect, top: top, section: section, appendIfHit: appendIfHit)
                if columnsHit > 1 { result[start...].sort { $0.item < $1.item } }
            }
        }
    }

    /// Shortest column: each item starts at the lowest column top of its time, so y never
    /// decreases with the index and the items that start inside the rect are one run, found by
    /// binary search. An earlier item can reach into the rect only as the last of its column
    /// before that run (any later item of the column starts below its bottom): at most one per
    /// column, found from the checkpoint before the run.
    private static func appendShortestColumnItems(in rect: Rect, top: Double, section: SectionHandle,
                                                  appendIfHit: (Int, Int) -> Void) {
        let shape = section.shape
        let columns = section.columns
        let localY = section.localY
        let itemCount = section.itemCount
        let first = firstItem(reaching: rect.minY, top: top, section: section)
        let block = min(first >> shape.intervalShift, section.header.pointee.checkpointCount - 1)
        withScratchBuffer(of: UInt32.self, count: shape.columnCount) { lastBefore in
            lastBefore.baseAddress!.update(from: section.lastItems(block).baseAddress!, count: shape.columnCount)
            for item in (block << shape.intervalShift)..<first { lastBefore[Int(columns[item])] = UInt32(item) }
            // The candidates in index order: an insertion sort of at most `columns` indices.
            var candidates = 0
            for column in 0..<shape.columnCount where lastBefore[column] != SectionHandle.noItem {
                let item = lastBefore[column]
                var position = candidates
                while position > 0, lastBefore[position - 1] > item {
                    lastBefore[position] = lastBefore[position - 1]
                    position -= 1
                }
                lastBefore[position] = item
                candidates += 1
            }
            for candidate in 0..<candidates {
                let item = Int(lastBefore[candidate])
                appendIfHit(item, Int(columns[item]))
            }
        }
        var item = first
        while item < itemCount, LayoutArithmetic.absoluteY(localY[item], sectionTop: top) <= rect.maxY {
            appendIfHit(item, Int(columns[item]))
            item += 1
        }
    }

    /// The first item (shortest-column placement) whose y, scaled by `roundingSlack`, reaches
    /// `minY`: a binary search over the checkpoints, whose smallest column height is the y of the
    /// item at the checkpoint (`checkpointY`, a small array), then a scan of one block of
    /// `localY`, instead of ~20 cache misses across the whole section.
    private static func firstItem(reaching minY: Double, top: Double, section: SectionHandle) -> Int {
        @inline(__always) func reaches(_ y: Double) -> Bool {
            LayoutArithmetic.absoluteY(y, sectionTop: top) * roundingSlack >= minY
        }
        let itemCount = section.itemCount
        let checkpointY = section.checkpointY
        let localY = section.localY
        let shift = section.shape.intervalShift
        // Checkpoint b > 0 exists only where item b·K does; checkpoint 0 may precede no item.
        var low = 0
        var high = itemCount == 0 ? 0 : section.header.pointee.checkpointCount
        while low < high {
            let middle = (low + high) / 2
            if reaches(checkpointY[middle]) { high = middle } else { low = middle + 1 }
        }
        // Items before block `low - 1` do not reach; item `low · K` (if any) does. Within the
        // block a forward scan beats a binary search: its loads stream from consecutive cache
        // lines instead of waiting on one miss per probe.
        var first = max(0, low - 1) << shift
        let last = min(low << shift, itemCount)
        while first < last, !reaches(localY[first]) { first += 1 }
        return first
    }

    /// Round robin: column c holds items offset(c), offset(c) + n, …, in y order: a binary
    /// search per column. Returns how many columns had hits (their runs need merging).
    private static func appendRoundRobinItems(in rect: Rect, top: Double, section: SectionHandle,
                                              appendIfHit: (Int, Int) -> Void) -> Int {
        let columnCount = section.shape.columnCount
        let itemCount = section.itemCount
        let startPosition = section.header.pointee.startPosition
        let localY = section.localY
        let endHeights = section.endHeights
        var columnsHit = 0
        for column in 0..<columnCount {
            let offset = (column - startPosition + columnCount) % columnCount
            let count = offset < itemCount ? (itemCount - offset + columnCount - 1) / columnCount : 0
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                // Where the column's next item starts bounds this item's bottom.
                let next = middle + 1 < count ? localY[offset + (middle + 1) * columnCount] : endHeights[column]
                if LayoutArithmetic.absoluteY(next, sectionTop: top) * roundingSlack < rect.minY {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            var hit = false
            var rank = low
            while rank < count {
                let item = offset + rank * columnCount
                if LayoutArithmetic.absoluteY(localY[item], sectionTop: top) > rect.maxY { break }
                appendIfHit(item, column)
                hit = true
                rank += 1
            }
            if hit { columnsHit += 1 }
        }
        return columnsHit
    }
}
