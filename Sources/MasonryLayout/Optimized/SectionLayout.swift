/// One section as the optimized engine stores it: a value over one `SectionStorage`
/// allocation, copied on write when shared.
///
/// Per item it keeps the local y (8 bytes) and, for shortest-column placement, the column
/// (2 bytes); x and width are per section, heights are the description's own array. Round
/// robin needs no column array: the column is `(startPosition + item) % columns`. Every
/// K = `shape.interval` items it keeps a checkpoint: the column heights (so a change at item i
/// re-lays out the section from the checkpoint before i), the smallest of them (the search key
/// of rect queries) and, for shortest column, each column's last item so far (so a rect query
/// finds the items that reach down into it, see `SectionQuery`).
///
/// `@unchecked Sendable`: the storage is only written when uniquely referenced (copy on write),
/// so values on different threads never share memory that one of them writes.
struct SectionLayout: @unchecked Sendable {
    private(set) var storage: SectionStorage

    /// Shared by every placeholder: a write replaces it (it is never uniquely referenced).
    private static let placeholder = SectionLayout(storage: SectionStorage.make(SectionHeader(
        shape: SectionShape(placement: .roundRobin, columnCount: 1),
        layout: SectionBufferLayout(shape: SectionShape(placement: .roundRobin, columnCount: 1), itemCapacity: 0),
        geometry: .empty, startPosition: 0, endPosition: 0)))

    private init(storage: SectionStorage) {
        self.storage = storage
    }

    /// A placeholder with no columns; `reset` makes it a section. Allocates nothing.
    init() {
        storage = Self.placeholder.storage
    }

    @inline(__always) var itemCount: Int { storage.header.itemCount }
    @inline(__always) var height: Double { storage.header.height }
    @inline(__always) var localBottom: Double { storage.header.localBottom }
    @inline(__always) var endPosition: Int { storage.header.endPosition }

    var geometry: SectionGeometry {
        get { storage.header.geometry }
        set {
            makeUnique(itemCapacity: itemCount, keepingItems: itemCount, checkpoints: storage.header.checkpointCount)
            storage.header.geometry = newValue
        }
    }

    /// The smallest start height and the largest end height: no element of the section lies
    /// above the first, or reaches below the second (up to rounding).
    var verticalExtent: (lowest: Double, highest: Double) {
        storage.withHandle { ($0.checkpointHeights(0).min()!, $0.endHeights.max()!) }
    }

    /// Calls `body` with the column heights after the last item.
    func withEndHeights<Result>(_ body: (UnsafeMutableBufferPointer<Double>) -> Result) -> Result {
        storage.withHandle { body($0.endHeights) }
    }

    /// Bytes allocated for this section (shared placeholders count nothing).
    var retainedBytes: Int { storage === Self.placeholder.storage ? 0 : storage.allocatedBytes }

    // MARK: Writing

    /// Makes this an empty section of `shape` whose column `c` starts at `startHeight(c)`,
    /// with room for `itemCapacity` items. Keeps its allocation when it is not shared and
    /// fits (a repeated `prepare` then writes to memory it already owns), carving it anew for
    /// the new shape.
    mutating func reset(shape: SectionShape, geometry: SectionGeometry, startPosition: Int, itemCapacity: Int,
                        startHeight: (Int) -> Double) {
        let layout = SectionBufferLayout(shape: shape, itemCapacity: itemCapacity)
        let header = SectionHeader(shape: shape, layout: layout, geometry: geometry,
                                   startPosition: startPosition, endPosition: startPosition)
        let words = storage.capacity
        if isKnownUniquelyReferenced(&storage), words >= layout.wordCount, words <= 2 * layout.wordCount + 256 {
            if storage.header.layout != layout || storage.header.shape != shape {
                storage.withUnsafeMutablePointers { _, words in SectionHandle.bindBuffers(words, layout) }
            }
            storage.header = header
        } else {
            storage = SectionStorage.make(header)
        }
        storage.withHandle { section in
            let start = section.checkpointHeights(0)
            for column in start.indices { start[column] = startHeight(column) }
            section.endHeights.baseAddress!.update(from: start.baseAddress!, count: start.count)
            section.checkpointY[0] = start.min()!
            if shape.placement == .shortestColumn { section.lastItems(0).update(repeating: SectionHandle.noItem) }
        }
    }

    /// Makes the storage unshared with room for `itemCapacity` items, keeping the first
    /// `keepingItems` items and `checkpoints` checkpoints. Grows geometrically, so appending
    /// costs O(1) per item.
    private mutating func makeUnique(itemCapacity: Int, keepingItems: Int, checkpoints: Int) {
        let current = storage.header.layout.itemCapacity
        if isKnownUniquelyReferenced(&storage), current >= itemCapacity { return }
        var header = storage.header
        let capacity = itemCapacity > current && keepingItems > 0 ? max(itemCapacity, 2 * current) : max(itemCapacity, current)
        header.layout = SectionBufferLayout(shape: header.shape, itemCapacity: capacity)
        let copy = SectionStorage.make(header)
        copy.withHandle { target in
            storage.withHandle { source in target.copy(from: source, items: keepingItems, checkpoints: checkpoints) }
        }
        storage = copy
    }

    /// Lays out items `first...` again (after their heights changed, or to add new ones), from
    /// the last checkpoint at or before `first`. O(items after the checkpoint).
    mutating func layOut(from first: Int, section: borrowing SectionDescription, tieBreak: TieBreak) {
        let shape = storage.header.shape
        let block = min(first >> shape.intervalShift, storage.header.checkpointCount - 1)
        let resume = block << shape.intervalShift
        let total = section.itemHeights.count
        makeUnique(itemCapacity: total, keepingItems: resume, checkpoints: block + 1)
        let itemSpacing = section.itemSpacing
        let highestIndexWins = tieBreak == .highestIndex
        storage.withHandle { handle in
            handle.header.pointee.itemCount = total
            section.itemHeights.withUnsafeBufferPointer { heights in
                switch shape.placement {
                case .roundRobin:
                    var position = (handle.header.pointee.startPosition + resume) % shape.columnCount
                    let state = handle.endHeights
                    state.baseAddress!.update(from: handle.checkpointHeights(block).baseAddress!, count: state.count)
                    RoundRobinKernel.place(heights: heights.baseAddress!, range: resume..<total, itemSpacing: itemSpacing,
                                           state: state, position: &position, into: handle)
                    handle.header.pointee.endPosition = position
                case .shortestColumn:
                    Self.placeShortest(heights: heights.baseAddress!, range: resume..<total, itemSpacing: itemSpacing,
                                       highestIndexWins: highestIndexWins, from: block, into: handle)
                    handle.header.pointee.endPosition = (handle.header.pointee.startPosition + total) % shape.columnCount
                }
            }
            let localBottom = handle.endHeights.max()! + section.inset.bottom
            handle.header.pointee.localBottom = localBottom
            handle.header.pointee.height = localBottom + section.footerHeight
            #if DEBUG
            section.itemHeights.withUnsafeBufferPointer { heights in
                handle.checkInvariants(heights: heights, itemSpacing: itemSpacing, tieBreak: tieBreak)
            }
            #endif
        }
    }

    /// Runs the shortest-column kernel from checkpoint `block` with the state type that fits
    /// the column count. The running last items live on the stack.
    private static func placeShortest(
        heights: UnsafePointer<Double>, range: Range<Int>, itemSpacing: Double, highestIndexWins: Bool,
        from block: Int, into section: SectionHandle
    ) {
        let columns = section.shape.columnCount
        let start = UnsafeBufferPointer(section.checkpointHeights(block))
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: columns) { lastItems in
            lastItems.baseAddress!.update(from: section.lastItems(block).baseAddress!, count: columns)
            func run<State: ShortestColumnState>(_ state: consuming State) {
                var state = state
                ShortestColumnKernel.place(&state, heights: heights, range: range, itemSpacing: itemSpacing,
                                           highestIndexWins: highestIndexWins, lastItems: lastItems.baseAddress!, into: section)
                state.store(columnHeights: section.endHeights.baseAddress!)
            }
            func sorted<Heights: SortedHeights>(_: Heights.Type) {
                run(SortedColumns<Heights>(columnHeights: start, highestIndexWins: highestIndexWins))
            }
            switch columns {
            case 1: run(SingleColumn(start: start[0]))
            case 2: sorted(OneHeight.self)
            case 3: sorted(TwoHeights.self)
            case 4: sorted(HeightPairs<OneHeight>.self)
            case 5: sorted(HeightPairs<TwoHeights>.self)
            case 6: sorted(HeightPairs<HeightPairs<OneHeight>>.self)
            case 7: sorted(HeightPairs<HeightPairs<TwoHeights>>.self)
            case 8: sorted(HeightPairs<HeightPairs<HeightPairs<OneHeight>>>.self)
            case 9...12: sorted(HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<OneHeight>>>>>.self)
            case 13...16: sorted(HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<OneHeight>>>>>>>.self)
            default:
                let nodes = TournamentColumns.nodeCount(columns: columns)
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: nodes) { treeHeights in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: nodes) { winners in
                        run(TournamentColumns(columnHeights: start, highestIndexWins: highestIndexWins,
                                              heights: treeHeights.baseAddress!, winners: winners.baseAddress!))
                    }
                }
            }
        }
    }
}
