// Item frames from section buffers, and one section's rect query for round-robin and shortest-column items.
extension SectionLayout {
    /// A bound on rounding: an item's computed bottom never exceeds the computed top of the next
    /// item of its column (or the column's end) by more than a few ulps, so a search key scaled by
    /// this factor never skips an item that touches the rect. The exact test decides the rest.
    static let roundingSlack = 1 + 0x1p-48

    /// Item `item`'s frame when the section's top is `top`, or nil when the section has no
    /// item `item`: the engine's one definition of an item's frame. O(1). `height(i)` gives item
    /// i's height in round-robin sections (shortest-column sections keep a copy).
    ///
    /// Takes the storage unretained (the caller keeps it alive). Inlinable, with what it
    /// reads, so that a caller's loop of lookups compiles to straight-line loads.
    @inlinable @inline(__always)
    static func frame(ofItem item: Int, in storage: Unmanaged<SectionStorage>, top: Double,
                      height: (Int) -> Double) -> Rect? {
        storage._withUnsafeGuaranteedRef { $0.withHandle { section in
            let header = section.header
            guard item >= 0, item < header.pointee.itemCount else { return nil }
            let geometry = header.pointee.geometry
            switch header.pointee.shape.kernel {
            case .shortestColumn:
                let extent = section.extents[item]
                return Rect(x: geometry.x(ofColumn: Int(section.columns[item])),
                            y: LayoutArithmetic.absoluteY(extent.y, sectionTop: top),
                            width: geometry.columnWidth, height: extent.height)
            case .weightedShortestColumn:
                let (extent, column, columns) = (section.extents[item], Int(section.columns[item]), section.columnFrames)
                return Rect(x: columns.x(ofColumn: column), y: LayoutArithmetic.absoluteY(extent.y, sectionTop: top),
                            width: columns.width(ofColumn: column), height: extent.height)
            case .roundRobin:
                return Rect(x: geometry.x(ofColumn: (header.pointee.startPosition + item) % header.pointee.shape.columnCount),
                            y: LayoutArithmetic.absoluteY(section.localY[item], sectionTop: top),
                            width: geometry.columnWidth, height: height(item))
            case .spans:
                // Weighted columns (format v3) take this kernel only, so the others keep
                // format v2's arithmetic with no branch on them (a lookup is 29 instructions).
                return spannedFrame(section.extents[item], section.coveredColumns[item], columns: section.columnFrames, top: top)
            }
        } }
    }

    /// The frame of an item of a section with spans whose extent is `extent` and which covers
    /// `covered`, when the section's top is `top`.
    @inlinable @inline(__always)
    static func spannedFrame(_ extent: ItemExtent, _ covered: CoveredColumns, columns: ColumnFrames, top: Double) -> Rect {
        let (start, span) = (Int(covered.first), Int(covered.count))
        return Rect(x: columns.x(ofSpanFrom: start, columns: span),
                    y: LayoutArithmetic.absoluteY(extent.y, sectionTop: top),
                    width: columns.width(ofSpanFrom: start, columns: span), height: extent.height)
    }

    /// Appends to `result`, in index order, the items of section `index` (`storage`,
    /// unretained; item heights `heights`) whose frames intersect `rect` when the section's top
    /// is `top`.
    /// O(log(items) + K + k) for k hits (round robin: O(log(items) × columns + K + k), or
    /// O(columns × log(items) + k log k) when its columns' heights are far apart).
    static func appendItems(in rect: Rect, section index: Int, of storage: Unmanaged<SectionStorage>, top: Double,
                            heights: UnsafeBufferPointer<Double>, to result: inout [LayoutElement]) {
        storage._withUnsafeGuaranteedRef { $0.withHandle { section in
            let query = SectionQuery(section, index: index, rect: rect, top: top, heights: heights)
            switch section.shape.kernel {
            case .shortestColumn:
                query.appendShortestColumnItems(across: query.geometry, meeting: query.columnsMeetingRect, to: &result)
            case .weightedShortestColumn:
                let edges = query.columnFrames
                query.appendShortestColumnItems(across: edges, meeting: SectionQuery.columnMask(across: edges, count: query.columnCount, rect: rect),
                                                to: &result)
            case .roundRobin: query.appendRoundRobinItems(to: &result)
            case .spans: query.appendSpannedItems(to: &result)
            }
        } }
    }
}

/// One rect query over one section's buffers.
///
/// The exact closed-interval test decides every element (`Rect.intersects`, split into its
/// horizontal half, which depends only on the column and is computed once per column, and its
/// vertical half); the searches only choose which items to test, with keys scaled by
/// `SectionLayout.roundingSlack` so that they never skip an item that touches the rect.
struct SectionQuery {
    let section: SectionHandle
    let index: Int
    let rect: Rect
    let top: Double
    /// Equal columns' geometry: the shortest-column and round-robin kernels' sections.
    let geometry: SectionGeometry
    /// Each column's x and width, weighted ones included: the spans kernel's sections (computed
    /// there only: a stored copy cost every shortest-column query 68 instructions, 1.7%).
    var columnFrames: ColumnFrames { section.columnFrames }
    /// Shortest column: each item's y and height; round robin: each item's y, and the heights.
    let extents: UnsafeMutableBufferPointer<ItemExtent>
    let localY: UnsafeMutableBufferPointer<Double>
    let heights: UnsafeBufferPointer<Double>
    let columns: UnsafeMutableBufferPointer<UInt16>
    let itemCount: Int
    let columnCount: Int
    let shift: Int
    /// The columns a query's mask holds (`columnsMeetingRect`): the first 64. A section of more
    /// tests the others on their own; one of exactly this many has a mask of all ones.
    static let maskedColumns = UInt64.bitWidth
    /// Bit c set when equal column c's x range meets the rect's (up to 64 columns); a weighted
    /// section's query makes its own (`columnMask(across:count:rect:)` over its table).
    let columnsMeetingRect: UInt64

    init(_ section: SectionHandle, index: Int, rect: Rect, top: Double, heights: UnsafeBufferPointer<Double>) {
        self.section = section
        self.index = index
        self.rect = rect
        self.top = top
        geometry = section.header.pointee.geometry
        extents = section.extents
        localY = section.localY
        self.heights = heights
        columns = section.columns
        itemCount = section.itemCount
        columnCount = section.shape.columnCount
        shift = section.shape.intervalShift
        columnsMeetingRect = Self.columnMask(across: geometry, count: columnCount, rect: rect)
    }

    /// Bit c set when column c's x range meets `rect`'s (up to 64 columns of `count`).
    @inline(__always)
    static func columnMask(across columns: some ColumnEdges, count: Int, rect: Rect) -> UInt64 {
        var mask: UInt64 = 0
        for column in 0..<min(Self.maskedColumns, count) where meetsHorizontally(column, across: columns, rect: rect) {
            mask |= 1 << UInt64(column)
        }
        return mask
    }

    /// `Rect.intersects`' horizontal half for column `column`'s frames.
    @inline(__always)
    private static func meetsHorizontally(_ column: Int, across columns: some ColumnEdges, rect: Rect) -> Bool {
        let frame = Rect(x: columns.x(ofColumn: column), y: 0, width: columns.width(ofColumn: column), height: 0)
        return frame.minX <= rect.maxX && rect.minX <= frame.maxX
    }

    /// Whether column `column` meets the rect across: its bit in `mask` (`columnMask`) up to
    /// column 63, tested above.
    @inline(__always)
    private func meetsHorizontally(_ column: Int, across columns: some ColumnEdges, mask: UInt64) -> Bool {
        column < Self.maskedColumns ? mask & (1 << UInt64(column)) != 0 : Self.meetsHorizontally(column, across: columns, rect: rect)
    }

    /// Writes round-robin item `item`'s element (in column `column` of the equal columns) at
    /// `output` if its frame intersects the rect; returns how many it wrote (0 or 1).
    @inline(__always)
    private func write(_ item: Int, column: Int, to output: UnsafeMutablePointer<LayoutElement>) -> Int {
        write(item, column: column, extent: ItemExtent(y: localY[item], height: heights[item]), across: geometry,
              meeting: columnsMeetingRect, to: output)
    }

    /// Writes item `item`'s element (in column `column` of `edges`, whose columns meeting the
    /// rect are `mask`, its local y and height `extent`) at `output` if its frame intersects
    /// the rect; returns how many it wrote (0 or 1). Each kernel's caller passes its own
    /// extent: a test per item of which buffer the section keeps cost a shortest-column
    /// viewport query 2,651 instructions against 2,199 without (callgrind, 1M items, 4
    /// columns), and 6% to 12% of its wall time.
    @inline(__always)
    private func write(_ item: Int, column: Int, extent: ItemExtent, across edges: some ColumnEdges, meeting mask: UInt64,
                       to output: UnsafeMutablePointer<LayoutElement>) -> Int {
        let frame = Rect(x: edges.x(ofColumn: column), y: LayoutArithmetic.absoluteY(extent.y, sectionTop: top),
                         width: edges.width(ofColumn: column), height: extent.height)
        guard frame.minY <= rect.maxY, rect.minY <= frame.maxY, meetsHorizontally(column, across: edges, mask: mask) else { return 0 }
        output.pointee = LayoutElement(kind: .item, section: index, item: item, frame: frame)
        return 1
    }

    /// Appends the elements `body` writes through a pointer (at most `count`; it returns how
    /// many), with one capacity check for all of them: `Array.append` checks uniqueness and
    /// capacity per element, measured here at a third of a warm query's time.
    static func append(upTo count: Int, to result: inout [LayoutElement],
                               _ body: (UnsafeMutablePointer<LayoutElement>) -> Int) {
        guard count > 0 else { return }
        let start = result.count
        // The room comes as copies of a run of placeholders (a memcpy), not `repeatElement`,
        // whose generic copy goes element by element: a shortest-column query over 100K items
        // took 3,109 instructions against 2,958 (viewport), 5,228 against 4,786 (tall).
        placeholders.withUnsafeBufferPointer { run in
            var remaining = count
            while remaining > 0 {
                let chunk = min(remaining, run.count)
                result.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<chunk]))
                remaining -= chunk
            }
        }
        let written = result.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        result.removeLast(count - written)
    }

    /// What `append(upTo:to:_:)` fills the room with before the writes, 64 at a time.
    private static let placeholders = [LayoutElement](
        repeating: LayoutElement(kind: .item, section: 0, frame: Rect(x: 0, y: 0, width: 0, height: 0)), count: 64)

    /// Shortest-column item `item`'s absolute y.
    @inline(__always)
    private func absoluteY(ofItem item: Int) -> Double {
        LayoutArithmetic.absoluteY(extents[item].y, sectionTop: top)
    }

    // MARK: Shortest column

    /// Each item starts at the lowest column top of its time, so y never decreases with the
    /// index and the items that start inside the rect are one run, found by a search over the
    /// checkpoints and a scan of one block. An earlier item can reach into the rect only as the
    /// last of its column before that run (any later item of the column starts below its
    /// bottom): at most one per column, found from the checkpoint of the run's block. `edges`
    /// gives each column's x and width (the equal columns' geometry, or a weighted section's
    /// table: `SectionKernel.weightedShortestColumn`, for which this is specialized), `mask` the
    /// columns among the first 64 that meet the rect across (`columnMask`).
    func appendShortestColumnItems(across edges: some ColumnEdges, meeting mask: UInt64, to result: inout [LayoutElement]) {
        let first = firstItem(reaching: rect.minY)
        let block = min(first >> shift, section.header.pointee.checkpointCount - 1)
        let blockStart = block << shift
        withScratchBuffer(of: UInt32.self, count: columnCount) { lastBefore in
            _ = lastBefore.update(fromContentsOf: section.lastItems(block))
            if columnCount <= Self.maskedColumns {
                // Backwards from the run: the first item met in each column is its last.
                var unseen: UInt64 = columnCount == Self.maskedColumns ? ~0 : (1 << UInt64(columnCount)) - 1
                var item = first - 1
                while item >= blockStart, unseen != 0 {
                    let column = UInt64(columns[item])
                    if unseen & (1 << column) != 0 {
                        lastBefore[Int(column)] = UInt32(item)
                        unseen &= ~(1 << column)
                    }
                    item -= 1
                }
            } else {
                for item in blockStart..<first { lastBefore[Int(columns[item])] = UInt32(item) }
            }
            // The candidates in index order: an insertion sort of at most `columns` indices.
            var candidates = 0
            for column in 0..<columnCount where lastBefore[column] != SectionHandle.noItem {
                let item = lastBefore[column]
                var position = candidates
                while position > 0, lastBefore[position - 1] > item {
                    lastBefore[position] = lastBefore[position - 1]
                    position -= 1
                }
                lastBefore[position] = item
                candidates += 1
            }
            // Then the run of items that start inside the rect.
            var runEnd = first
            while runEnd < itemCount, absoluteY(ofItem: runEnd) <= rect.maxY { runEnd += 1 }
            Self.append(upTo: candidates + runEnd - first, to: &result) { output in
                var written = 0
                for candidate in 0..<candidates {
                    let item = Int(lastBefore[candidate])
                    written += write(item, column: Int(columns[item]), extent: extents[item], across: edges, meeting: mask,
                                     to: output + written)
                }
                for item in first..<runEnd {
                    written += write(item, column: Int(columns[item]), extent: extents[item], across: edges, meeting: mask,
                                     to: output + written)
                }
                return written
            }
        }
    }

    /// The first item (shortest-column placement) whose y, scaled by `roundingSlack`, reaches
    /// `minY`: a search over the checkpoints, whose smallest column height is the y of the item
    /// at the checkpoint, then a scan of one block (consecutive cache lines).
    private func firstItem(reaching minY: Double) -> Int {
        let low = firstCheckpoint(towards: minY) { LayoutArithmetic.absoluteY($0, sectionTop: top) * SectionLayout.roundingSlack >= minY }
        // Items before block `low - 1` do not reach; item `low · K` (if any) does.
        var first = max(0, low - 1) << shift
        let last = min(low << shift, itemCount)
        while first < last, absoluteY(ofItem: first) * SectionLayout.roundingSlack < minY { first += 1 }
        return first
    }

    /// The first checkpoint whose smallest column height satisfies `reaches` (a predicate false
    /// then true along the checkpoints), or the checkpoint count; `target` is the absolute y
    /// the predicate compares with.
    func firstCheckpoint(towards target: Double, where reaches: (Double) -> Bool) -> Int {
        let checkpointY = section.checkpointY
        return firstCheckpoint(towards: target, key: { checkpointY[$0] }, where: reaches)
    }

    /// The first checkpoint whose `key` satisfies `reaches` (keys grow with the checkpoint,
    /// and `reaches` is false then true along them), or the checkpoint count; `target` is the
    /// absolute y the predicate compares with. Checkpoint b > 0 exists only where item b·K
    /// does; checkpoint 0 may precede no item.
    ///
    /// An interpolation search: heights grow about linearly with the item index, so the guess
    /// from the first and last checkpoints is usually within a few blocks of the answer, and a
    /// gallop from it brackets the answer in a few probes on one or two cache lines, where a
    /// binary search over 15,000 checkpoints takes 14 dependent probes whose last ones miss the
    /// cache. Any guess gives the same answer; skewed heights cost only more gallop steps.
    func firstCheckpoint(towards target: Double, key: (Int) -> Double, where reaches: (Double) -> Bool) -> Int {
        let count = itemCount == 0 ? 0 : section.header.pointee.checkpointCount
        guard count > 0 else { return 0 }
        let first = LayoutArithmetic.absoluteY(key(0), sectionTop: top)
        let last = LayoutArithmetic.absoluteY(key(count - 1), sectionTop: top)
        let fraction = last > first ? (target - first) / (last - first) : 0
        let guess = fraction.isNaN ? 0 : Int(max(0, min(1, fraction)) * Double(count - 1))
        // Bracket the answer: every checkpoint before `low` does not reach; `high` reaches, or
        // is the count.
        var low = guess
        var high = guess
        var step = 1
        if reaches(key(guess)) {
            while low > 0, reaches(key(low - 1)) {
                high = low - 1
                low = max(0, low - step)
                step *= 2
            }
        } else {
            low = guess + 1
            high = min(count, guess + 1)
            while high < count, !reaches(key(high)) {
                low = high + 1
                high = min(count, high + step)
                step *= 2
            }
        }
        while low < high {
            let middle = (low + high) / 2
            if reaches(key(middle)) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: Round robin

    /// Columns fill in turn, but their heights drift apart (a random walk of the heights'
    /// spread), so each column is searched on its own, between two checkpoints that bound all of
    /// them: the last one where every column still ends above the rect, and the first one where
    /// every column starts below it. When those are close (the columns are level), the items
    /// between them are scanned in index order instead; otherwise the columns' candidates are
    /// collected, sorted by index, and tested.
    func appendRoundRobinItems(to result: inout [LayoutElement]) {
        let checkpoints = itemCount == 0 ? 0 : section.header.pointee.checkpointCount
        // The first checkpoint where the highest column reaches the rect: items before the one
        // before it all end above the rect.
        let low = firstCheckpoint(towards: rect.minY, key: { section.checkpointHeights($0).max()! }, where: { !endsAbove($0) })
        let firstBlock = max(0, low - 1)
        let lastBlock = firstCheckpoint(towards: rect.maxY) { LayoutArithmetic.absoluteY($0, sectionTop: top) > rect.maxY }
        let start = firstBlock << shift
        let stop = min(itemCount, lastBlock << shift)
        if stop - start <= 2 << shift {
            Self.append(upTo: stop - start, to: &result) { output in
                var written = 0
                var column = (section.header.pointee.startPosition + start) % columnCount
                for item in start..<max(start, stop) {
                    written += write(item, column: column, to: output + written)
                    column = column + 1 == columnCount ? 0 : column + 1
                }
                return written
            }
            return
        }
        appendRoundRobinColumns(checkpoints: firstBlock..<max(firstBlock, min(lastBlock, checkpoints)), to: &result)
    }

    /// The first index of `range` where `holds`, true then false along the range, is false
    /// (the upper bound when it never is): a binary search.
    @inline(__always)
    static func partitionPoint(of range: Range<Int>, where holds: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if holds(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether an item that ends at or before local height `end` (scaled by the rounding
    /// slack) ends above the rect.
    @inline(__always)
    func endsAbove(_ end: Double) -> Bool { Self.endsAbove(end, top: top, minY: rect.minY) }

    /// Whether an item that ends at or before local height `end`, in a section at `top`, ends
    /// above `minY` (scaled by the rounding slack).
    @inline(__always)
    static func endsAbove(_ end: Double, top: Double, minY: Double) -> Bool {
        LayoutArithmetic.absoluteY(end, sectionTop: top) * SectionLayout.roundingSlack < minY
    }

    /// `endsAbove(_:top:minY:)` lane by lane (the same operations in the same order).
    @inline(__always)
    static func endsAbove(_ ends: SIMD4<Double>, top: SIMD4<Double>, minY: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
        (top + ends) * SIMD4(repeating: SectionLayout.roundingSlack) .< minY
    }

    /// The widest bracket of checkpoints `lastCheckpointsEndingAbove` counts (a wider one is
    /// bisected).
    static let countedCheckpoints = 64

    /// Per column c, into `runs[2c + 1]`: the last checkpoint of `checkpoints` where c still
    /// ends above the rect, or the first. A bracket of up to 64 checkpoints
    /// (`countedCheckpoints`; a viewport over 1M items in 4 columns: 11 to 15) is counted
    /// rather than bisected: the loads are independent and their cache misses overlap,
    /// where each probe of a binary search waits for the one before it (1.40 → 1.25 µs a
    /// round-robin viewport query, 16-core Xeon; an interpolation guess with a gallop:
    /// 1.39 µs). Four columns at a time: a checkpoint's heights are consecutive, so one
    /// load and compare counts four columns (callgrind, the whole query: 7,008 → 5,355
    /// instructions with the ranks' count below, where a count per column took 19
    /// instructions a checkpoint and column through a closure). A wider bracket is
    /// bisected per column.
    private func lastCheckpointsEndingAbove(within checkpoints: Range<Int>, into runs: UnsafeMutableBufferPointer<Int>) {
        let first = checkpoints.lowerBound
        /// `column`'s run end, given that it ends above the rect at the bracket's first
        /// `holding` checkpoints.
        @inline(__always) func keep(_ holding: Int, forColumn column: Int) {
            runs[2 * column + 1] = max(first, first + holding - 1)
        }
        guard checkpoints.count <= Self.countedCheckpoints else {
            for column in 0..<columnCount {
                keep(Self.partitionPoint(of: checkpoints) { endsAbove(section.checkpointHeights($0)[column]) } - first, forColumn: column)
            }
            return
        }
        // The bracket's rows, read only inside it (an empty bracket reads none).
        let rows = UnsafePointer(section.checkpointHeights(0).baseAddress!) + first * columnCount
        var column = 0
        let top = SIMD4(repeating: top), minY = SIMD4(repeating: rect.minY)
        while column + 4 <= columnCount {
            var counts = SIMD4<Int64>()
            var row = UnsafeRawPointer(rows + column)
            for _ in checkpoints {
                counts &+= SIMD4<Int64>().replacing(with: 1, where: Self.endsAbove(row.loadUnaligned(as: SIMD4<Double>.self), top: top, minY: minY))
                row += columnCount * MemoryLayout<Double>.stride
            }
            for lane in 0..<4 { keep(Int(counts[lane]), forColumn: column + lane) }
            column += 4
        }
        for column in column..<columnCount {
            keep(Self.countEndingAbove(from: rows + column, stride: columnCount, count: checkpoints.count, top: self.top, minY: rect.minY),
                 forColumn: column)
        }
    }

    /// The first of `ranks` (at most K / columns + 1) of `column`'s items (item `offset` + rank ·
    /// columns, `count` of them) whose next item, or the column's end, does not end above the
    /// rect: counted, as the checkpoints are (bisected: 50.4 → 38.0 misses a query, 1.12x slower).
    @inline(__always)
    private func firstRankReaching(ranks: Range<Int>, column: Int, offset: Int, count: Int,
                                   endHeights: UnsafeMutableBufferPointer<Double>) -> Int {
        // The ranks whose next item exists, then at most one more: the column's last.
        let followed = max(ranks.lowerBound, min(ranks.upperBound, count - 1))
        var first = ranks.lowerBound + Self.countEndingAbove(
            from: localY.baseAddress! + offset + (ranks.lowerBound + 1) * columnCount, stride: columnCount,
            count: followed - ranks.lowerBound, top: top, minY: rect.minY)
        if followed < ranks.upperBound { first += endsAbove(endHeights[column]) ? 1 : 0 }
        return first
    }

    /// How many of the `count` local heights `stride` apart from `first` end above the rect
    /// (`endsAbove`; a search counts a prefix where it holds). Everything it reads is a
    /// parameter: reading the query's fields through `self` inside the loop cost 23
    /// instructions a height (callgrind), as the compiler reloaded them after every store,
    /// against about 7 here.
    @inline(__always)
    private static func countEndingAbove(from first: UnsafePointer<Double>, stride: Int, count: Int, top: Double, minY: Double) -> Int {
        var holding = 0
        var next = first
        for _ in 0..<count {
            holding &+= endsAbove(next.pointee, top: top, minY: minY) ? 1 : 0
            next += stride
        }
        return holding
    }

    /// Each column's candidates (from its first item whose next item or end reaches the rect,
    /// to its last item starting above the rect's bottom), searched between `checkpoints`,
    /// then tested in index order: a merge of the columns' runs (each run's indices step by the
    /// column count).
    private func appendRoundRobinColumns(checkpoints: Range<Int>, to result: inout [LayoutElement]) {
        let startPosition = section.header.pointee.startPosition
        let endHeights = section.endHeights
        // Per column its next candidate and its last one (its items are offset(c) + rank·n
        // for n columns).
        var total = 0
        // Then, from `runs[2n]`, the merge's order of the columns.
        withScratchBuffer(of: Int.self, count: 3 * columnCount) { runs in
            // Each column's run end, for now: the last checkpoint in the bracket where it still
            // ends above the rect (its first item reaching the rect is in that checkpoint's
            // block), or the first.
            lastCheckpointsEndingAbove(within: checkpoints, into: runs)
            for column in 0..<columnCount {
                let offset = (column - startPosition + columnCount) % columnCount
                let count = offset < itemCount ? (itemCount - offset + columnCount - 1) / columnCount : 0
                let low = runs[2 * column + 1]
                @inline(__always) func rank(atOrAfter item: Int) -> Int {
                    item <= offset ? 0 : min(count, (item - offset + columnCount - 1) / columnCount)
                }
                let first = firstRankReaching(ranks: rank(atOrAfter: low << shift)..<rank(atOrAfter: (low + 1) << shift),
                                              column: column, offset: offset, count: count, endHeights: endHeights)
                var end = first
                while end < count, LayoutArithmetic.absoluteY(localY[offset + end * columnCount], sectionTop: top) <= rect.maxY { end += 1 }
                // An empty run's next candidate is `Int.max`, which the merge never picks.
                runs[2 * column] = first < end ? offset + first * columnCount : .max
                runs[2 * column + 1] = offset + (end - 1) * columnCount
                total += end - first
            }
            // Item i is column (startPosition + i) mod n's, so a walk through the indices from
            // the lowest run's first to the highest run's last, writing those inside their
            // column's run, is the merge too: the cheaper of the two goes. The merge is the way
            // when the runs are far apart (a viewport: a few candidates, columns whose heights
            // drifted ranks apart); the walk when many columns' runs interleave (512 columns, a
            // rect over all 29,696 items of a section: 15 million steps per query by a minimum
            // over the columns, 30,000 by the walk; the fuzzer's case ran past 2 s).
            var lowest = Int.max, highest = Int.min
            for column in 0..<columnCount where runs[2 * column] != .max {
                lowest = min(lowest, runs[2 * column])
                highest = max(highest, runs[2 * column + 1])
            }
            if total > 0, highest - lowest < total * columnCount {
                Self.append(upTo: total, to: &result) { output in
                    var written = 0
                    var column = (startPosition + lowest) % columnCount
                    for item in lowest...highest {
                        if item >= runs[2 * column], item <= runs[2 * column + 1] {
                            written += write(item, column: column, to: output + written)
                        }
                        column = column + 1 == columnCount ? 0 : column + 1
                    }
                    return written
                }
                return
            }
            Self.append(upTo: total, to: &result) { output in
                // Merge: the columns with candidates in `order`, by their next candidate from
                // the last (the lowest) to the first; the lowest is written, and goes back past
                // the columns whose next candidate its next one passes. A run that does not
                // interleave with the others costs one comparison a candidate, where a minimum
                // over the columns cost n − 1 (callgrind, a viewport query over 1M items in 4
                // columns: 4,373 instructions against 4,883).
                let order = runs.baseAddress! + 2 * columnCount
                var active = 0
                for column in 0..<columnCount where runs[2 * column] != .max {
                    var slot = active
                    while slot > 0, runs[2 * order[slot - 1]] < runs[2 * column] {
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    order[slot] = column
                    active += 1
                }
                var written = 0
                while active > 0 {
                    let column = order[active - 1]
                    let item = runs[2 * column]
                    written += write(item, column: column, to: output + written)
                    guard item != runs[2 * column + 1] else {
                        active -= 1
                        continue
                    }
                    let next = item + columnCount
                    runs[2 * column] = next
                    var slot = active - 1
                    while slot > 0, runs[2 * order[slot - 1]] < next {
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    order[slot] = column
                }
                return written
            }
        }
    }
}
