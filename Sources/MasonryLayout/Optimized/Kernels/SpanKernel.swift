// The placement loop of sections whose items span more than one column, for both placements.
/// The placement loop of sections with spans (`itemSpans` with an item covering more than one
/// column), for both placements.
///
/// Per item: its span `k` clamped to the column count; its start (shortest column: the window
/// of `k` columns whose highest height is lowest, ties by the tie rule; round robin: the
/// position, or column 0 when the item does not fit before the last column); its y, the highest
/// height of the covered columns; every covered column becomes `y + (height + itemSpacing)`. It
/// writes the item's extent and covered columns, and each covered column's last item. At every
/// multiple of the checkpoint interval it writes a checkpoint: the column heights, their
/// minimum, each column's last item and the round-robin position.
///
/// Span-free sections never come here: their kernels (`ShortestColumnKernel`,
/// `RoundRobinKernel`) keep their speed, and their storage, untouched.
enum SpanKernel {
    /// Where one section's items come from and go, and the state between items.
    struct Lane {
        let heights: UnsafePointer<Double>
        /// Each item's span, or nil: every item covers one column.
        let spans: UnsafePointer<ItemSpan>?
        let itemSpacing: Double
        let section: SectionHandle
        let extents: UnsafeMutablePointer<ItemExtent>
        let covered: UnsafeMutablePointer<CoveredColumns>
        let columnCount: Int
        let placement: Placement
        let highestIndexWins: Bool
        /// Each column's height: the state, then the end heights.
        let columnHeights: UnsafeMutablePointer<Double>
        /// Each column's last item so far.
        let lastItems: UnsafeMutablePointer<UInt32>
        /// `2 × columnCount` doubles for `ShortestWindow.start` on wide sections.
        let scratch: UnsafeMutablePointer<Double>
    }

    /// Lays out items `range` of `section` from checkpoint `range.lowerBound >> shift` (which
    /// exists), leaving the end heights in the section and returning the round-robin position
    /// after the last item. Items before `kept` keep the columns they cover (`remeasure:
    /// keepColumns`) and are only re-stacked; the others are placed by the rule.
    static func place(_ range: Range<Int>, heights: UnsafePointer<Double>, spans: UnsafePointer<ItemSpan>?,
                      itemSpacing: Double, placement: Placement, highestIndexWins: Bool, flowTolerance: Double? = nil,
                      keepingColumnsUntil kept: Int = 0, section: SectionHandle) -> Int {
        let columns = section.shape.columnCount
        let shift = section.shape.intervalShift
        let block = range.lowerBound >> shift
        return withScratchBuffer(of: UInt32.self, count: columns) { lastItems in
            withScratchBuffer(of: Double.self, count: 2 * columns) { scratch in
                let columnHeights = section.endHeights
                columnHeights.baseAddress!.update(from: section.checkpointHeights(block).baseAddress!, count: columns)
                _ = lastItems.update(fromContentsOf: section.lastItems(block))
                let (extents, covered) = section.spannedItems(0..<range.upperBound)
                let lane = Lane(heights: heights, spans: spans, itemSpacing: itemSpacing, section: section, extents: extents,
                                covered: covered, columnCount: columns, placement: placement, highestIndexWins: highestIndexWins,
                                columnHeights: columnHeights.baseAddress!, lastItems: lastItems.baseAddress!,
                                scratch: scratch.baseAddress!)
                var position = Int(section.checkpointPositions[block])
                var item = range.lowerBound
                while item < range.upperBound {
                    if item > range.lowerBound {  // item is a multiple of the interval
                        lane.writeCheckpoint(item >> shift, position: position)
                    }
                    let blockEnd = min(range.upperBound, (item >> shift &+ 1) << shift)
                    if item < kept {
                        // keepColumns: the block's kept items, re-stacked out of line. Inlined here,
                        // that loop's registers cost the place loop below 2 instructions an item
                        // (a span feed's prepare, which keeps nothing: +1.3% under callgrind).
                        let keptEnd = min(blockEnd, kept)
                        lane.restack(item..<keptEnd, position: &position)
                        item = keptEnd
                    }
                    // The tolerance's loop of its own: its branch inside `place` cost the span feed's
                    // prepare 2.4% (instruction mode, 10K items), which has none.
                    if let flowTolerance {
                        while item < blockEnd {
                            lane.placeWithinTolerance(item, flowTolerance)
                            item &+= 1
                        }
                    } else if item < blockEnd {
                        // Not for a block whose items were all kept: a keepColumns re-measure re-stacks
                        // every block after the change, and the loop's start and end (the heights into
                        // registers and back) cost its scrolling session 4.4% of its instructions.
                        position = SpanPlaceLoop(lane: lane, items: item..<blockEnd, position: position).visit(columns: columns)
                        item = blockEnd
                    }
                }
                return position
            }
        }
    }
}

extension SpanKernel.Lane {
    /// Places item `item`: its start, y and covered columns, and the columns' new heights.
    @inline(__always)
    func place(_ item: Int, position: inout Int) {
        let span = spans.map { $0[item].columnCount(in: columnCount) } ?? 1
        let start: Int
        let y: Double
        switch placement {
        case .shortestColumn:
            (start, y) = ShortestWindow.start(ofSpan: span, in: columnHeights, count: columnCount,
                                              highestIndexWins: highestIndexWins, scratch: scratch)
        case .roundRobin:
            start = position + span <= columnCount ? position : 0
            y = ShortestWindow.top(of: columnHeights + start, count: span)
            position = start + span == columnCount ? 0 : start + span
        }
        write(item, start: start, span: span, y: y)
    }

    /// Places item `item` in shortest-column placement with format v3's `flowTolerance`: the
    /// first (last) start within the tolerance of the lowest (`ShortestWindow.start(…within:…)`).
    /// Out of line, so that the span-free loop beside it keeps its registers.
    @inline(never)
    func placeWithinTolerance(_ item: Int, _ flowTolerance: Double) {
        let span = spans.map { $0[item].columnCount(in: columnCount) } ?? 1
        let (start, y) = ShortestWindow.start(ofSpan: span, in: columnHeights, count: columnCount, highestIndexWins: highestIndexWins,
                                              within: flowTolerance, scratch: scratch)
        write(item, start: start, span: span, y: y)
    }

    /// Re-stacks items `items` (of one block), each as `restack(_:position:)` does; in a section
    /// without spans as `restackInOneColumn(_:position:)` does.
    @inline(never)
    func restack(_ items: Range<Int>, position: inout Int) {
        if spans == nil {
            for item in items {
                restackInOneColumn(item, position: &position)
            }
        } else {
            for item in items {
                restack(item, position: &position)
            }
        }
    }

    /// Re-stacks item `item` on the columns it covers (kept from when it was placed): its y is
    /// their highest height; round robin carries on after it (shortest column keeps no position).
    @inline(__always)
    func restack(_ item: Int, position: inout Int) {
        let kept = covered[item]
        let start = Int(kept.first), span = Int(kept.count)
        if placement == .roundRobin { position = start + span == columnCount ? 0 : start + span }
        write(item, start: start, span: span, y: ShortestWindow.top(of: columnHeights + start, count: span))
    }

    /// `restack` for an item of a section without spans, which covers one column: no span loops,
    /// and its covered columns, which do not change, are not written again (a keepColumns
    /// re-measure re-stacks every later item, so this loop is the cost of a re-measure).
    @inline(__always)
    func restackInOneColumn(_ item: Int, position: inout Int) {
        let column = Int(covered[item].first)
        if placement == .roundRobin { position = column + 1 == columnCount ? 0 : column + 1 }
        columnHeights[column] = writeExtent(item, y: columnHeights[column])
        lastItems[column] = UInt32(truncatingIfNeeded: item)
    }

    /// Writes item `item`, starting at `y` on columns `start..<start + span`: its extent and
    /// covered columns, and the columns' new heights and last item.
    @inline(__always)
    private func write(_ item: Int, start: Int, span: Int, y: Double) {
        let grown = writeExtent(item, y: y)
        covered[item] = CoveredColumns(first: start, count: span)
        let last = UInt32(truncatingIfNeeded: item)
        for column in start..<(start + span) {
            columnHeights[column] = grown
            lastItems[column] = last
        }
    }

    /// Writes item `item`'s extent, starting at `y`, and returns the height its columns grow to:
    /// the one grow of placement and re-stacking alike.
    @inline(__always)
    private func writeExtent(_ item: Int, y: Double) -> Double {
        let height = heights[item]
        extents[item] = ItemExtent(y: y, height: height)
        return LayoutArithmetic.grow(y, by: LayoutArithmetic.advance(itemHeight: height, itemSpacing: itemSpacing))
    }

    /// Writes checkpoint `checkpoint`: the state before item `checkpoint`·K.
    func writeCheckpoint(_ checkpoint: Int, position: Int) {
        let heights = section.checkpointHeights(checkpoint)
        heights.baseAddress!.update(from: columnHeights, count: columnCount)
        section.checkpointY[checkpoint] = ShortestWindow.lowest(of: columnHeights, count: columnCount)
        section.lastItems(checkpoint).baseAddress!.update(from: lastItems, count: columnCount)
        section.checkpointPositions[checkpoint] = UInt32(truncatingIfNeeded: position)
    }
}

/// The shortest-column rule for an item covering several columns, written for the kernel
/// (MasonryLayout.docc/LayoutArithmetic.md; `ReferenceLayoutEngine.shortestStart` is the same rule as
/// readable code).
enum ShortestWindow {
    /// The most window cells, (count - span + 1) × span, that the search scans directly;
    /// above, it takes the block maxima. Both passes of the tolerance's search read this one
    /// bound: the second reads the first's maxima where it took them.
    static let directSearchCells = 64

    /// The start of the window of `span` adjacent columns (of `count`) whose highest height is
    /// lowest, ties to the lowest start, or the highest with `highestIndexWins`, and that height:
    /// the item's start column and y.
    ///
    /// O(count) for spans 1 and `count`; otherwise O(count × span) while that is small, and
    /// O(count) above with the van Herk/Gil-Werman maxima (block prefix and suffix maxima, in
    /// `scratch`, 2 × count doubles). Maxima are exact, so every way of taking them gives the
    /// reference's values.
    @inline(__always)
    static func start(ofSpan span: Int, in heights: UnsafeMutablePointer<Double>, count: Int,
                      highestIndexWins: Bool, scratch: UnsafeMutablePointer<Double>) -> (start: Int, top: Double) {
        if span == 1 {
            return highestIndexWins ? shortestColumn(in: heights, count: count, HighestStartWins.self)
                                    : shortestColumn(in: heights, count: count, LowestStartWins.self)
        }
        if span == count { return (0, top(of: heights, count: count)) }
        let starts = count - span + 1
        if starts * span <= directSearchCells {
            var best = 0
            var bestTop = top(of: heights, count: span)
            for start in 1..<starts {
                let candidate = top(of: heights + start, count: span)
                if highestIndexWins ? candidate <= bestTop : candidate < bestTop {
                    best = start
                    bestTop = candidate
                }
            }
            return (best, bestTop)
        }
        // Window [s, s + span) meets at most two blocks of `span` columns: its maximum is the
        // larger of the suffix maximum at s (to the end of s's block) and the prefix maximum
        // at s + span - 1 (from the start of that column's block).
        let prefix = scratch
        let suffix = scratch + count
        for column in 0..<count {
            prefix[column] = column % span == 0 ? heights[column] : max(prefix[column - 1], heights[column])
        }
        for column in stride(from: count - 1, through: 0, by: -1) {
            suffix[column] = column % span == span - 1 || column == count - 1 ? heights[column] : max(suffix[column + 1], heights[column])
        }
        var best = 0
        var bestTop = max(suffix[0], prefix[span - 1])
        for start in 1..<starts {
            let candidate = max(suffix[start], prefix[start + span - 1])
            if highestIndexWins ? candidate <= bestTop : candidate < bestTop {
                best = start
                bestTop = candidate
            }
        }
        return (best, bestTop)
    }

    /// The column whose height is lowest, ties by `Rule`, and that height: a scan of selects,
    /// without a branch per column. O(count).
    ///
    /// The tie rule is chosen once, outside the scan: tested per column inside it, it cost the
    /// span feed's prepare (4 columns) 165 instructions an item against 127, and 13.7 ns an
    /// item against 10.5 (1M items, interleaved). Sections of 2 to 8 columns run
    /// `SpanPlaceLoop`'s scan instead, over heights in registers. Tried and not kept: a tree of
    /// the same selects for 4 columns (two deep instead of three: 8% slower).
    @inline(__always)
    private static func shortestColumn<Rule: WindowTieRule>(in heights: UnsafeMutablePointer<Double>, count: Int,
                                                            _: Rule.Type) -> (start: Int, top: Double) {
        var best = 0
        var bestTop = heights[0]
        for column in 1..<count {
            let top = heights[column]
            let better = Rule.wins(top, over: bestTop)
            best = better ? column : best
            bestTop = better ? top : bestTop
        }
        return (best, bestTop)
    }

    /// `start(ofSpan:in:count:highestIndexWins:scratch:)` with format v3's `flowTolerance`: of
    /// the windows whose top is at most the lowest top plus the tolerance
    /// (`LayoutArithmetic.flowThreshold`), the first, or the last with `highestIndexWins`, and
    /// its top. Two passes: the lowest top as above (which leaves the block maxima of a wide
    /// window in `scratch`, read again here), then the first (last) window within the tolerance,
    /// which the lowest-index rule usually finds in the first few.
    @inline(never)
    static func start(ofSpan span: Int, in heights: UnsafeMutablePointer<Double>, count: Int, highestIndexWins: Bool,
                      within flowTolerance: Double, scratch: UnsafeMutablePointer<Double>) -> (start: Int, top: Double) {
        if span == count { return (0, top(of: heights, count: count)) }
        let minimum = start(ofSpan: span, in: heights, count: count, highestIndexWins: false, scratch: scratch).top
        let threshold = LayoutArithmetic.flowThreshold(minimum: minimum, flowTolerance: flowTolerance)
        let starts = count - span + 1
        let blockMaxima = span > 1 && starts * span > directSearchCells  // where the first pass took the van Herk/Gil-Werman maxima
        func windowTop(_ start: Int) -> Double {
            blockMaxima ? max(scratch[count + start], scratch[start + span - 1]) : top(of: heights + start, count: span)
        }
        if highestIndexWins {
            for start in stride(from: starts - 1, to: 0, by: -1) where windowTop(start) <= threshold {
                return (start, windowTop(start))
            }
            return (0, windowTop(0))
        }
        for start in 0..<(starts - 1) where windowTop(start) <= threshold {
            return (start, windowTop(start))
        }
        return (starts - 1, windowTop(starts - 1))
    }

    /// The highest of `count` heights (count >= 1): where an item covering those columns starts.
    @inline(__always)
    static func top(of heights: UnsafePointer<Double>, count: Int) -> Double {
        var top = heights[0]
        for column in 1..<count { top = max(top, heights[column]) }
        return top
    }

    /// The lowest of `count` heights (count >= 1).
    @inline(__always)
    static func lowest(of heights: UnsafePointer<Double>, count: Int) -> Double {
        var lowest = heights[0]
        for column in 1..<count { lowest = min(lowest, heights[column]) }
        return lowest
    }
}
