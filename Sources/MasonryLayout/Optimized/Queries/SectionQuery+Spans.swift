// Rect queries over a section with spans: checkpoint searches on column heights, narrowed column by column.
extension SectionQuery {
    /// The items of a section with spans that intersect the rect, in index order.
    ///
    /// With spans an item's y no longer grows with its index (a 2-column item waits for the
    /// higher of its columns, and a 1-column item placed after it may go higher up), so the
    /// search rests on what still only grows: every column's height. Before item i let m_i be
    /// the lowest column height and M_i the highest; both never decrease, y_i >= m_i (an item
    /// starts at the highest of its columns) and its bottom y_i + height_i <= M_(i+1) (its
    /// columns become y_i + (height_i + spacing)). So only the items from the first block whose
    /// end's highest column reaches the rect to the first checkpoint whose lowest column is
    /// below it can intersect it: a run of blocks found by two searches over the checkpoints.
    ///
    /// That run is short while the columns stay level (a full-width item levels them all).
    /// A column left far behind (say 3 columns whose items mostly span 2, so one column waits)
    /// keeps m low and makes the run long, so a long run is narrowed column by column instead:
    /// each column's items come in y order, and the checkpoints give each column's height and
    /// its last item. Per column a search finds the first checkpoint where it starts below the
    /// rect; its last item before that checkpoint, and the last item before the checkpoint of
    /// that item's block, and so on (one step per block holding an item of the column), lead
    /// back to the block where the column's height passes the rect's top, before which its
    /// items end above the rect. Only those blocks are scanned: each holds an item of the column
    /// starting in the rect, or is one of the at most two ends of the column's walk. Cost
    /// O(log(items) + K × blocks scanned) for a short run, O(columns × log(items) + K × (hit
    /// blocks + 2 × columns)) otherwise, and no allocation on the short path.
    ///
    /// Only columns an intersecting item may cover are walked: an item covering columns
    /// a...b spans their x ranges and the gaps between them, so it meets the rect only if the
    /// rect meets some covered column's x range widened by the column spacing (and a rounding
    /// margin) on each side.
    func appendSpannedItems(to result: inout [LayoutElement]) {
        guard itemCount > 0 else { return }
        let checkpoints = section.header.pointee.checkpointCount
        // The first block whose highest column after it reaches the rect: earlier items end above.
        let first = firstCheckpoint(towards: rect.minY, key: { highestHeight(atCheckpoint: $0 + 1) }, where: { !endsAbove($0) })
        // The first checkpoint whose lowest column starts below the rect: later items start below.
        let last = firstCheckpoint(towards: rect.maxY) { LayoutArithmetic.absoluteY($0, sectionTop: top) > rect.maxY }
        guard first < last else { return }
        if last - first <= Self.shortRun {
            appendItems(ofBlocks: first..<last, to: &result)
            return
        }
        var blocks: [Int] = []
        for column in 0..<columnCount where mayMeetItems(coveringColumn: column) {
            walkBackwards(column: column, within: first..<last, checkpoints: checkpoints) { blocks.append($0) }
        }
        blocks.sort()
        var start = 0
        while start < blocks.count {
            // Consecutive blocks are one run: one bulk append.
            var end = start + 1
            while end < blocks.count, blocks[end] <= blocks[end - 1] + 1 { end += 1 }
            appendItems(ofBlocks: blocks[start]..<(blocks[end - 1] + 1), to: &result)
            start = end
        }
    }

    /// Runs of at most this many blocks are scanned whole rather than narrowed column by column.
    private static var shortRun: Int { 4 }

    /// The highest column height at checkpoint `checkpoint`, or after the last item for the
    /// checkpoint count. O(columns).
    private func highestHeight(atCheckpoint checkpoint: Int) -> Double {
        let heights = checkpoint < section.header.pointee.checkpointCount ? section.checkpointHeights(checkpoint) : section.endHeights
        return ShortestWindow.top(of: heights.baseAddress!, count: columnCount)
    }

    /// Column `column`'s height at checkpoint `checkpoint`.
    private func height(ofColumn column: Int, atCheckpoint checkpoint: Int) -> Double {
        section.checkpointHeights(checkpoint)[column]
    }

    /// Calls `body` with the blocks in `run` that may hold items covering `column` that
    /// intersect the rect, from the last one back (see `appendSpannedItems`).
    private func walkBackwards(column: Int, within run: Range<Int>, checkpoints: Int, _ body: (Int) -> Void) {
        // The first checkpoint after `run.lowerBound` where the column starts below the rect;
        // items at `run.upperBound`·K and after start below it anyway.
        var low = run.lowerBound + 1
        var high = run.upperBound
        while low < high {
            let middle = (low + high) / 2
            if LayoutArithmetic.absoluteY(height(ofColumn: column, atCheckpoint: middle), sectionTop: top) > rect.maxY {
                high = middle
            } else {
                low = middle + 1
            }
        }
        var checkpoint = low
        if checkpoint == checkpoints {
            // No checkpoint after the last block: scan it, it may hold the column's last items.
            body(checkpoints - 1)
            if endsAbove(height(ofColumn: column, atCheckpoint: checkpoints - 1)) { return }
            checkpoint = checkpoints - 1
        }
        while true {
            let item = section.lastItems(checkpoint)[column]
            guard item != SectionHandle.noItem else { return }
            let block = Int(item) >> shift
            guard block >= run.lowerBound else { return }
            body(block)
            // The column's items before this block end at or above its height here.
            if endsAbove(height(ofColumn: column, atCheckpoint: block)) { return }
            checkpoint = block
        }
    }

    /// Whether an item covering `column` may meet the rect horizontally: the rect meets the
    /// column's x range widened by the column spacing, and a margin for rounding, on each side.
    private func mayMeetItems(coveringColumn column: Int) -> Bool {
        let columns = columnFrames
        let margin = (columns.edgeMagnitude + abs(rect.minX) + abs(rect.maxX)) * 0x1p-40
        let x = columns.x(ofColumn: column)
        let spacing = columns.geometry.columnSpacing
        return (x - spacing) - margin <= rect.maxX && rect.minX <= ((x + columns.width(ofColumn: column)) + spacing) + margin
    }

    /// Appends the items of blocks `blocks` that intersect the rect, in index order.
    private func appendItems(ofBlocks blocks: Range<Int>, to result: inout [LayoutElement]) {
        let start = blocks.lowerBound << shift
        let end = min(itemCount, blocks.upperBound << shift)
        let covered = section.coveredColumns
        let columns = columnFrames
        Self.append(upTo: end - start, to: &result) { output in
            var written = 0
            for item in start..<end {
                let frame = SectionLayout.spannedFrame(extents[item], covered[item], columns: columns, top: top)
                if frame.intersects(rect) {
                    output[written] = LayoutElement(kind: .item, section: index, item: item, frame: frame)
                    written += 1
                }
            }
            return written
        }
    }
}
