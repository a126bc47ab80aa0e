/// One section as the optimized engine stores it: struct-of-arrays, only what must be computed.
///
/// Per item it keeps the local y (8 bytes) and, for shortest-column placement, the column
/// (2 bytes); x and width are per section, heights are the description's own array. Round
/// robin needs no column array: the column is `(startPosition + item) % columns`. Every
/// `checkpointInterval` items it keeps the column heights (so a change at item `i` re-lays out
/// the section from the checkpoint before `i`) and, for shortest column, each column's last
/// item so far (so a rect query finds the items that reach down into it, see `collectItems`).
struct SectionLayout: Sendable {
    /// Items between two checkpoints: at least 64, and more for many columns so checkpoints stay
    /// near 1.5 bytes per item.
    private(set) var checkpointInterval: Int
    var geometry: SectionGeometry
    private(set) var columnCount: Int
    private(set) var placement: Placement
    var localY: [Double] = []
    /// Each item's column (shortest-column placement only).
    var itemColumns: [UInt16] = []
    /// Column heights before items 0, K, 2K, … (K = `checkpointInterval`), `columnCount` each.
    var checkpoints: [Double]
    /// Per checkpoint, each column's last item before it, `noItem` for none (shortest column only).
    var lastItems: [UInt32] = []
    /// Per checkpoint, its smallest column height: the y of the item at the checkpoint (shortest
    /// column only). A compact index that a rect query's binary search walks in cache.
    var checkpointY: [Double] = []
    static let noItem = UInt32.max
    /// The round-robin position before item 0 (continues from the previous section in `continueColumns`).
    private(set) var startPosition: Int
    var endPosition: Int
    /// Column heights after the last item.
    var endHeights: [Double]
    var localBottom = 0.0
    /// `localBottom + footerHeight`.
    var height = 0.0

    /// A placeholder with no columns; `reset` makes it a section. Allocates nothing.
    init() {
        geometry = .empty
        placement = .shortestColumn
        columnCount = 0
        checkpointInterval = 64
        startPosition = 0
        endPosition = 0
        endHeights = []
        checkpoints = []
    }

    /// Makes this an empty section whose columns start at `startHeights`, keeping its buffers: a
    /// repeated `prepare` then writes to memory it already owns instead of faulting in fresh pages.
    mutating func reset(geometry: SectionGeometry, placement: Placement, startHeights: some Collection<Double>, startPosition: Int) {
        self.geometry = geometry
        self.placement = placement
        columnCount = startHeights.count
        checkpointInterval = max(64, 16 * columnCount)
        self.startPosition = startPosition
        endPosition = startPosition
        endHeights.removeAll(keepingCapacity: true)
        endHeights.append(contentsOf: startHeights)
        localBottom = 0
        height = 0
        // `localY` and `itemColumns` keep their stale contents: `layOut` resizes them and
        // overwrites every item, so clearing them here would only add a pass over memory.
        itemCount = 0
        if placement == .roundRobin { itemColumns = [] }
        checkpoints.removeAll(keepingCapacity: true)
        lastItems.removeAll(keepingCapacity: true)
        checkpointY.removeAll(keepingCapacity: true)
        checkpoints.append(contentsOf: startHeights)
        if placement == .shortestColumn {
            lastItems.append(contentsOf: repeatElement(Self.noItem, count: columnCount))
            checkpointY.append(startHeights.min()!)
        }
    }

    /// Items laid out (the arrays may briefly be longer after `reset`, until `layOut`).
    private(set) var itemCount = 0
    var startHeights: ArraySlice<Double> { checkpoints[0..<columnCount] }

    @inline(__always)
    func column(ofItem item: Int) -> Int {
        placement == .shortestColumn ? Int(itemColumns[item]) : (startPosition + item) % columnCount
    }

    // MARK: Layout

    /// Lays out items `from...` again (after their heights changed, or to add new ones), from
    /// the last checkpoint at or before `from`. O(items after the checkpoint).
    mutating func layOut(from first: Int, section: SectionDescription, tieBreak: TieBreak) {
        let interval = checkpointInterval
        // The checkpoint at or before `first` that exists (a section of exactly k·K items has none at k·K).
        let block = min(first / interval, checkpoints.count / columnCount - 1)
        let resume = block * interval
        truncate(toBlock: block)
        var position = (startPosition + resume) % columnCount
        let total = section.itemHeights.count
        // Reserve exactly only when the capacity is far off: an exact reserve on every append
        // would copy the whole array each time, where appending's geometric growth is O(1) per item.
        if localY.capacity < total / 2 || localY.capacity > 2 * total + 64 {
            localY.reserveCapacity(total)
            if placement == .shortestColumn { itemColumns.reserveCapacity(total) }
        }
        // Every item from `resume` on is written by a kernel: only growth needs filling.
        Self.resize(&localY, to: total, filling: 0)
        if placement == .shortestColumn { Self.resize(&itemColumns, to: total, filling: 0) }
        itemCount = total
        // The running column heights and last items live on the stack: thousands of small
        // sections must not cost heap allocations each.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: columnCount) { state in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: columnCount) { last in
                for column in 0..<columnCount {
                    state[column] = checkpoints[block * columnCount + column]
                    last[column] = placement == .shortestColumn ? lastItems[block * columnCount + column] : Self.noItem
                }
                section.itemHeights.withUnsafeBufferPointer { heights in
                    var blockStart = resume
                    while blockStart < total {
                        if blockStart > resume {
                            checkpoints.append(contentsOf: state)
                            if placement == .shortestColumn {
                                lastItems.append(contentsOf: last)
                                checkpointY.append(state.min()!)
                            }
                        }
                        let blockCount = min(interval, total - blockStart)
                        placeBlock(heights.baseAddress! + blockStart, count: blockCount, from: blockStart,
                                   itemSpacing: section.itemSpacing, tieBreak: tieBreak, state: state, last: last, position: &position)
                        blockStart += blockCount
                    }
                }
                endHeights.removeAll(keepingCapacity: true)
                endHeights.append(contentsOf: state)
                localBottom = state.max()! + section.inset.bottom
            }
        }
        endPosition = position
        height = localBottom + section.footerHeight
    }

    /// Drops the checkpoints after checkpoint `block` (the items after it are rewritten).
    private mutating func truncate(toBlock block: Int) {
        checkpoints.removeSubrange(((block + 1) * columnCount)...)
        if placement == .shortestColumn {
            lastItems.removeSubrange(((block + 1) * columnCount)...)
            checkpointY.removeSubrange((block + 1)...)
        }
    }

    private static func resize<Element>(_ array: inout [Element], to count: Int, filling value: Element) {
        if array.count > count {
            array.removeSubrange(count...)
        } else {
            array.append(contentsOf: repeatElement(value, count: count - array.count))
        }
    }

    private mutating func placeBlock(
        _ heights: UnsafePointer<Double>, count: Int, from first: Int, itemSpacing: Double,
        tieBreak: TieBreak, state: UnsafeMutableBufferPointer<Double>, last: UnsafeMutableBufferPointer<UInt32>, position: inout Int
    ) {
        localY.withUnsafeMutableBufferPointer { localY in
            let output = localY.baseAddress! + first
            switch placement {
            case .roundRobin:
                RoundRobinKernel.place(heights, count: count, itemSpacing: itemSpacing,
                                       state: state, position: &position, localY: output)
            case .shortestColumn:
                itemColumns.withUnsafeMutableBufferPointer { columns in
                    let placement = ShortestColumnKernel.Output(localY: output, columns: columns.baseAddress! + first, firstItem: first)
                    switch tieBreak {
                    case .lowestIndex:
                        Self.placeShortest(heights, count: count, itemSpacing: itemSpacing, state: state, last: last,
                                           rule: LowestIndexWins.self, output: placement)
                    case .highestIndex:
                        Self.placeShortest(heights, count: count, itemSpacing: itemSpacing, state: state, last: last,
                                           rule: HighestIndexWins.self, output: placement)
                    }
                }
                position = (position + count) % columnCount
            }
        }
    }

    /// Picks the smallest register tournament that holds every column.
    private static func placeShortest<Rule: TieRule>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double, state: UnsafeMutableBufferPointer<Double>,
        last: UnsafeMutableBufferPointer<UInt32>, rule: Rule.Type, output: ShortestColumnKernel.Output
    ) {
        func run<Columns: ColumnTournament>(_: Columns.Type) {
            var registers = Columns(heights: UnsafeBufferPointer(state), from: 0)
            ShortestColumnKernel.place(heights, count: count, itemSpacing: itemSpacing, state: &registers,
                                       rule: rule, output: output, lastItems: last.baseAddress!)
            registers.store(into: state, from: 0)
        }
        switch state.count {
        case 1: run(OneColumn.self)
        case 2: run(ColumnPair<OneColumn>.self)
        case 3...4: run(ColumnPair<ColumnPair<OneColumn>>.self)
        case 5...8: run(ColumnPair<ColumnPair<ColumnPair<OneColumn>>>.self)
        default:
            ShortestColumnKernel.placeScalar(heights, count: count, itemSpacing: itemSpacing, state: state,
                                             rule: rule, output: output, lastItems: last.baseAddress!)
        }
    }

    // MARK: Rect queries

    /// A bound on rounding: an item's computed bottom never exceeds the computed top of the next
    /// item of its column (or the column's end) by more than a few ulps, so a search key scaled by
    /// this factor never skips an item that touches the rect. The exact test decides the rest.
    static let roundingSlack = 1 + 0x1p-48

    /// Appends to `result`, in index order, the items of section `section` whose frames
    /// intersect `rect` when the section's top is `top`. O(log n + K + k) for shortest column,
    /// O(columns × log n + k log k) for round robin. `lastBefore` is scratch space that the
    /// caller keeps across sections to avoid allocating.
    func appendItems(in rect: Rect, section: Int, top: Double, heights: UnsafeBufferPointer<Double>,
                     to result: inout [LayoutElement], lastBefore: inout [UInt32]) {
        let start = result.count
        @inline(__always) func appendIfHit(_ item: Int, _ column: Int) {
            let itemFrame = frame(ofItem: item, column: column, top: top, height: heights[item])
            if itemFrame.intersects(rect) { result.append(LayoutElement(kind: .item, section: section, item: item, frame: itemFrame)) }
        }
        switch placement {
        case .shortestColumn:
            // Each item starts at the lowest column top of its time, so y never decreases with the
            // index: the items that start inside the rect are one run, found by binary search.
            let first = firstItem(reaching: rect.minY, top: top)
            // An earlier item can reach into the rect only as the last of its column before
            // `first` (any later item of the column starts below its bottom): at most one per
            // column, found from the checkpoint before `first`.
            let block = min(first / checkpointInterval, checkpoints.count / columnCount - 1)
            lastBefore.removeAll(keepingCapacity: true)
            lastBefore.append(contentsOf: lastItems[(block * columnCount)..<((block + 1) * columnCount)])
            for item in (block * checkpointInterval)..<first { lastBefore[Int(itemColumns[item])] = UInt32(item) }
            for column in 0..<columnCount where lastBefore[column] != Self.noItem {
                appendIfHit(Int(lastBefore[column]), column)
            }
            if result.count - start > 1 { result[start...].sort { $0.item < $1.item } }
            var item = first
            while item < itemCount, LayoutArithmetic.absoluteY(localY[item], sectionTop: top) <= rect.maxY {
                appendIfHit(item, Int(itemColumns[item]))
                item += 1
            }
        case .roundRobin:
            // Column c holds items offset(c), offset(c) + n, …, in y order: binary search each column.
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
                    if LayoutArithmetic.absoluteY(next, sectionTop: top) * Self.roundingSlack < rect.minY {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                let before = result.count
                var rank = low
                while rank < count {
                    let item = offset + rank * columnCount
                    if LayoutArithmetic.absoluteY(localY[item], sectionTop: top) > rect.maxY { break }
                    appendIfHit(item, column)
                    rank += 1
                }
                if result.count > before { columnsHit += 1 }
            }
            if columnsHit > 1 { result[start...].sort { $0.item < $1.item } }
        }
    }

    /// The first item (shortest-column placement) whose y, scaled by `roundingSlack`, reaches
    /// `minY`: a binary search over the checkpoints, whose smallest column height is the y of the
    /// item at the checkpoint (`checkpointY`, a small array), then a scan of one block of
    /// `localY`, instead of ~20 cache misses across the whole section.
    private func firstItem(reaching minY: Double, top: Double) -> Int {
        @inline(__always) func reaches(_ y: Double) -> Bool {
            LayoutArithmetic.absoluteY(y, sectionTop: top) * Self.roundingSlack >= minY
        }
        // Checkpoint b > 0 exists only where item b·K does; checkpoint 0 may precede no item.
        var low = 0
        var high = itemCount == 0 ? 0 : checkpointY.count
        while low < high {
            let middle = (low + high) / 2
            if reaches(checkpointY[middle]) { high = middle } else { low = middle + 1 }
        }
        // Items before block `low - 1` do not reach; item `low · K` (if any) does. Within the
        // block a forward scan beats a binary search: its loads stream from consecutive cache
        // lines instead of waiting on one miss per probe.
        var first = max(0, low - 1) * checkpointInterval
        let last = min(low * checkpointInterval, itemCount)
        while first < last, !reaches(localY[first]) { first += 1 }
        return first
    }

    /// An item's frame when the section's top is `top`: the engine's one definition of it.
    @inline(__always)
    func frame(ofItem item: Int, column knownColumn: Int? = nil, top: Double, height: Double) -> Rect {
        // Not `??`: its autoclosure would capture (copy) the whole struct on every call.
        var column = 0
        if let knownColumn { column = knownColumn } else { column = self.column(ofItem: item) }
        return Rect(x: geometry.x(ofColumn: column),
             y: LayoutArithmetic.absoluteY(localY[item], sectionTop: top),
             width: geometry.columnWidth, height: height)
    }

    /// Bytes held by this section's arrays (capacity, not count), for the memory budget.
    var retainedBytes: Int {
        localY.capacity * 8 + itemColumns.capacity * 2 + checkpoints.capacity * 8 + lastItems.capacity * 4
            + checkpointY.capacity * 8 + endHeights.capacity * 8
    }
}
