/// One section as the optimized engine stores it: struct-of-arrays, only what must be computed.
///
/// Per item it keeps the local y (8 bytes) and, for shortest-column placement, the column
/// (2 bytes) plus the item's place in its column's list (4 bytes); x and width are per section,
/// heights are the description's own array. Round robin needs neither column array: the column
/// is `(startPosition + item) % columns`. Every `checkpointInterval` items it keeps the column
/// heights, so a change at item `i` re-lays out the section from the checkpoint before `i`.
struct SectionLayout: Sendable {
    /// Items between two snapshots of the column heights.
    static let checkpointInterval = 256

    var geometry: SectionGeometry
    let columnCount: Int
    let placement: Placement
    var localY: [Double] = []
    /// Each item's column (shortest-column placement only).
    var itemColumns: [UInt16] = []
    /// Each column's items in index (and so y) order (shortest-column placement only).
    var columnItems: [[UInt32]] = []
    /// Column heights before items 0, K, 2K, … (K = `checkpointInterval`), `columnCount` each.
    var checkpoints: [Double]
    /// The round-robin position before item 0 (continues from the previous section in `continueColumns`).
    let startPosition: Int
    var endPosition: Int
    /// Column heights after the last item.
    var endHeights: [Double]
    var localBottom = 0.0
    /// `localBottom + footerHeight`.
    var height = 0.0

    /// A section with no items yet, its columns at `startHeights`.
    init(geometry: SectionGeometry, placement: Placement, startHeights: [Double], startPosition: Int) {
        self.geometry = geometry
        columnCount = startHeights.count
        self.placement = placement
        checkpoints = startHeights
        self.startPosition = startPosition
        endPosition = startPosition
        endHeights = startHeights
        if placement == .shortestColumn {
            columnItems = Array(repeating: [], count: columnCount)
        }
    }

    var itemCount: Int { localY.count }
    var startHeights: ArraySlice<Double> { checkpoints[0..<columnCount] }

    @inline(__always)
    func column(ofItem item: Int) -> Int {
        placement == .shortestColumn ? Int(itemColumns[item]) : (startPosition + item) % columnCount
    }

    /// Lays out items `from...` again (after their heights changed, or to add new ones), from
    /// the last checkpoint at or before `from`. O(items after the checkpoint).
    mutating func layOut(from first: Int, section: SectionDescription, tieBreak: TieBreak) {
        let interval = Self.checkpointInterval
        // The checkpoint at or before `first` that exists (a section of exactly k·K items has none at k·K).
        let resume = min(first / interval, checkpoints.count / columnCount - 1) * interval
        truncate(to: resume)
        var state = Array(checkpoints[(resume / interval * columnCount)..<(resume / interval + 1) * columnCount])
        var position = (startPosition + resume) % columnCount
        let total = section.itemHeights.count
        localY.reserveCapacity(total)
        if placement == .shortestColumn { itemColumns.reserveCapacity(total) }
        section.itemHeights.withUnsafeBufferPointer { heights in
            var blockStart = resume
            while blockStart < total {
                if blockStart > resume { checkpoints.append(contentsOf: state) }
                let blockCount = min(interval, total - blockStart)
                placeBlock(heights.baseAddress! + blockStart, count: blockCount, from: blockStart,
                           itemSpacing: section.itemSpacing, tieBreak: tieBreak, state: &state, position: &position)
                blockStart += blockCount
            }
        }
        if placement == .shortestColumn { indexColumns(from: resume) }
        endHeights = state
        endPosition = position
        localBottom = state.max()! + section.inset.bottom
        height = localBottom + section.footerHeight
    }

    /// Drops items `count...` and the checkpoints after `count` (a multiple of the interval).
    private mutating func truncate(to count: Int) {
        checkpoints.removeSubrange(((count / Self.checkpointInterval + 1) * columnCount)...)
        guard count < itemCount else { return }
        localY.removeSubrange(count...)
        guard placement == .shortestColumn else { return }
        itemColumns.removeSubrange(count...)
        for column in columnItems.indices {
            // A column's items are in index order: the dropped ones are a suffix.
            while let last = columnItems[column].last, Int(last) >= count {
                columnItems[column].removeLast()
            }
        }
    }

    private mutating func placeBlock(
        _ heights: UnsafePointer<Double>, count: Int, from first: Int, itemSpacing: Double,
        tieBreak: TieBreak, state: inout [Double], position: inout Int
    ) {
        localY.append(contentsOf: repeatElement(0, count: count))
        localY.withUnsafeMutableBufferPointer { localY in
            let output = localY.baseAddress! + first
            switch placement {
            case .roundRobin:
                state.withUnsafeMutableBufferPointer { state in
                    RoundRobinKernel.place(heights, count: count, itemSpacing: itemSpacing,
                                           state: state, position: &position, localY: output)
                }
            case .shortestColumn:
                itemColumns.append(contentsOf: repeatElement(0, count: count))
                itemColumns.withUnsafeMutableBufferPointer { columns in
                    switch tieBreak {
                    case .lowestIndex:
                        Self.placeShortest(heights, count: count, itemSpacing: itemSpacing, state: &state,
                                           rule: LowestIndexWins.self, localY: output, columns: columns.baseAddress! + first)
                    case .highestIndex:
                        Self.placeShortest(heights, count: count, itemSpacing: itemSpacing, state: &state,
                                           rule: HighestIndexWins.self, localY: output, columns: columns.baseAddress! + first)
                    }
                }
                position = (position + count) % columnCount
            }
        }
    }

    /// Picks the narrowest vector that holds every column; unused lanes are +infinity.
    private static func placeShortest<Rule: TieRule>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double, state: inout [Double],
        rule: Rule.Type, localY: UnsafeMutablePointer<Double>, columns: UnsafeMutablePointer<UInt16>
    ) {
        func run<Lanes: ColumnLanes>(_: Lanes.Type) {
            var lanes = Lanes(repeating: .infinity)
            for column in state.indices { lanes[column] = state[column] }
            ShortestColumnKernel.place(heights, count: count, itemSpacing: itemSpacing, state: &lanes,
                                       rule: rule, localY: localY, columns: columns)
            for column in state.indices { state[column] = lanes[column] }
        }
        switch state.count {
        case 1:
            // One column: every item goes to column 0; the loop is the running sum alone.
            for index in 0..<count {
                localY[index] = state[0]
                columns[index] = 0
                state[0] = LayoutArithmetic.grow(state[0], by: LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing))
            }
        case 2: run(SIMD2<Double>.self)
        case 3...4: run(SIMD4<Double>.self)
        case 5...8: run(SIMD8<Double>.self)
        default:
            state.withUnsafeMutableBufferPointer { state in
                ShortestColumnKernel.placeScalar(heights, count: count, itemSpacing: itemSpacing, state: state,
                                                 rule: rule, localY: localY, columns: columns)
            }
        }
    }

    /// Appends items `first...` to their columns' lists, reserving exact capacity up front.
    private mutating func indexColumns(from first: Int) {
        var added = [Int](repeating: 0, count: columnCount)
        for item in first..<itemCount { added[Int(itemColumns[item])] += 1 }
        for column in 0..<columnCount {
            columnItems[column].reserveCapacity(columnItems[column].count + added[column])
        }
        for item in first..<itemCount {
            columnItems[Int(itemColumns[item])].append(UInt32(item))
        }
    }

    /// The number of items in `column` and the index of its `rank`-th item.
    @inline(__always)
    func columnLength(_ column: Int) -> Int {
        if placement == .shortestColumn { return columnItems[column].count }
        // Round robin: items first, first + n, … where first is the column's offset from the start.
        let first = (column - startPosition + columnCount) % columnCount
        return first < itemCount ? (itemCount - first + columnCount - 1) / columnCount : 0
    }

    @inline(__always)
    func item(inColumn column: Int, rank: Int) -> Int {
        if placement == .shortestColumn { return Int(columnItems[column][rank]) }
        return (column - startPosition + columnCount) % columnCount + rank * columnCount
    }

    /// Bytes held by this section's arrays (capacity, not count), for the memory budget.
    var retainedBytes: Int {
        localY.capacity * 8 + itemColumns.capacity * 2 + checkpoints.capacity * 8 + endHeights.capacity * 8
            + columnItems.reduce(0) { $0 + $1.capacity * 4 }
    }
}
