// A section's deepest item bottom without trailing spacing, derived after lay-out (`trailingItemSpacing`).
extension SectionHandle {
    /// With `trailingItemSpacing: "exclude"`: the deepest column end without trailing spacing,
    /// each column ending at the bottom (`y + height`) of the last item covering it, or at its
    /// start height when none does. `heights` are the items' heights (round robin keeps none).
    ///
    /// Derived after a lay-out, so that the kernels' per-item loops do no extra work: each
    /// column's last item is the one the last checkpoint records, or a later one found in the
    /// at most K items after it (round robin: the column's last index). O(K × span + columns).
    func deepestItemBottom(heights: UnsafePointer<Double>) -> Double {
        let header = header.pointee
        let columnCount = header.shape.columnCount
        let itemCount = header.itemCount
        let start = checkpointHeights(0)
        return withScratchBuffer(of: UInt32.self, count: columnCount) { last in
            switch header.shape.kernel {
            case .roundRobin:
                for column in 0..<columnCount {
                    let first = (column - header.startPosition % columnCount + columnCount) % columnCount
                    last[column] = first < itemCount
                        ? UInt32(truncatingIfNeeded: first + (itemCount - 1 - first) / columnCount * columnCount) : Self.noItem
                }
            case .shortestColumn, .weightedShortestColumn, .spans:
                let checkpoint = header.checkpointCount - 1
                _ = last.update(fromContentsOf: lastItems(checkpoint))
                for item in (checkpoint << header.shape.intervalShift)..<itemCount {
                    for column in covered(byItem: item) { last[column] = UInt32(truncatingIfNeeded: item) }
                }
            }
            var deepest = -Double.infinity
            for column in 0..<columnCount {
                let item = Int(last[column])
                let end = last[column] == Self.noItem ? start[column]
                    : LayoutArithmetic.itemBottom(localY: y(ofItem: item), itemHeight: header.shape.kernel == .roundRobin ? heights[item] : extents[item].height)
                deepest = max(deepest, end)
            }
            return deepest
        }
    }
}
