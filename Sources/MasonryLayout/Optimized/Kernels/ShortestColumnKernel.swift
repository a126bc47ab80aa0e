// The optimized engine's shortest-column placement loop and the column states it drives.
/// A section's running shortest-column state, as the kernel loop drives it.
///
/// Three representations: `SingleColumn` (one column), `SortedColumns` (2 to 16 columns: sorted
/// heights, a min/max merge per item) and `TournamentColumns` (more: a winner tree, log2 of the
/// columns per item).
protocol ShortestColumnState {
    /// The next item's y: the smallest column height.
    var shortest: Double { get }
    /// Whether the next item's column needs the tie rule (`resolveFrontTie`) first.
    var needsTieResolution: Bool { get }
    mutating func resolveFrontTie(highestIndexWins: Bool)
    /// Places one item whose column grows by `advance`: its y and column.
    mutating func place(advance: Double) -> (y: Double, column: UInt64)
    /// Writes each column's height to `columnHeights[column]`.
    func store(columnHeights: UnsafeMutablePointer<Double>)
    /// The columns of a row the next items may fill at once (`placeTiedRows`): all of them when
    /// every column is as short as the front, in any order; 0 when they are not, or the state
    /// places items one by one only.
    var tiedRowLength: Int { get }
    /// Places a row of `tiedRowLength` items that each grow a column by `advance`, the first
    /// in the rank-first column and so on, as one by one `place`s would: their y, or nil (the
    /// state unchanged) when a column so grown would not be higher.
    mutating func placeTiedRow(advance: Double) -> Double?
    /// Whether `placeRun` places four items a turn rather than two: where its registers
    /// hold two more items' work without spilling (see `ShortestColumnKernel`).
    static var placesFourATurn: Bool { get }
}

extension ShortestColumnState {
    /// Two a turn unless a state says otherwise (`SortedColumns` of 4 columns does).
    static var placesFourATurn: Bool { false }

    /// One by one only, unless a state can place tied rows (`SortedColumns` can).
    var tiedRowLength: Int { 0 }
    mutating func placeTiedRow(advance: Double) -> Double? { nil }
}

extension SortedColumns: ShortestColumnState {}

extension TournamentColumns: ShortestColumnState {
    /// The tree applies the tie rule in every comparison.
    var needsTieResolution: Bool { false }
    func resolveFrontTie(highestIndexWins: Bool) {}
}

/// A section of one column: each item sits on the previous one.
struct SingleColumn: ShortestColumnState {
    private(set) var shortest: Double

    init(start: Double) {
        shortest = start
    }

    var needsTieResolution: Bool { false }
    func resolveFrontTie(highestIndexWins: Bool) {}

    @inline(__always)
    mutating func place(advance: Double) -> (y: Double, column: UInt64) {
        let y = shortest
        shortest = LayoutArithmetic.grow(y, by: advance)
        return (y, 0)
    }

    func store(columnHeights: UnsafeMutablePointer<Double>) {
        columnHeights[0] = shortest
    }
}

/// The shortest-column placement loop of the optimized engine.
///
/// Per item it reads the height, adds the item spacing (off the dependency chain), lets the
/// state place the item, and writes the item's local y and column and the column's last item.
/// At every multiple of the section's checkpoint interval it writes a checkpoint: the column
/// heights, each column's last item, and the smallest height (the next item's y).
///
/// Sections are laid out one at a time. Two sections' loops run as one (their chains overlap)
/// measured 6 to 9% faster for 2 to 4 columns when each loop placed one item a turn; beside the
/// loops of two and four a turn they were slower (stop 55, both after the batch's set-up: 4096
/// sections of 4 columns 1.04x, 64 sections of 8 columns 1.09x, 3 columns 0.98x;
/// `Results/README.md`), and went.
///
/// The loop places two items a turn: the turn's second item computes into the registers the
/// first one read, so the loop copies no state between registers, and counts half as often.
/// Measured here against one item a turn, interleaved A/B (`masonry ab`), 1M items in one
/// section: 2 columns 0.95x, 4 columns 0.92x (48.1 -> 45.6 instructions an item), 8 and 64
/// columns unchanged, 16 columns 0.97x; 64 sections of 4 columns (two interleaved, as then) 0.93x,
/// 4096 sections 0.96x. Four a turn gave 4 columns 0.97x more but made 2 and 16 columns 1.04x slower
/// (registers spilled), so only 4 columns' `placeRun` takes four (`placesFourATurn`; stop 52,
/// after the front tie went out of line: 43.2 to 42.8 instructions an item, the time 0.963 and
/// 0.944 in two interleaved runs of 12 and 20 rounds, inconclusive); a helper taking the item's
/// work as a closure left the state in memory (75 instructions an item).
enum ShortestColumnKernel {
    /// Where one section's items come from and go: its heights, its buffers, and each column's
    /// last item so far.
    struct Lane {
        let heights: UnsafePointer<Double>
        let itemSpacing: Double
        let extents: UnsafeMutablePointer<ItemExtent>
        let columns: UnsafeMutablePointer<UInt16>
        let lastItems: UnsafeMutablePointer<UInt32>
        let section: SectionHandle

        init(heights: UnsafePointer<Double>, itemCount: Int, itemSpacing: Double, lastItems: UnsafeMutablePointer<UInt32>,
             section: SectionHandle) {
            self.heights = heights
            self.itemSpacing = itemSpacing
            (extents, columns) = section.items(0..<itemCount)
            self.lastItems = lastItems
            self.section = section
        }

        /// Places item `item`.
        @inline(__always)
        func place<State: ShortestColumnState>(_ item: Int, _ state: inout State, highestIndexWins: Bool) {
            if _slowPath(state.needsTieResolution) { state.resolveFrontTie(highestIndexWins: highestIndexWins) }
            let height = heights[item]
            let advance = LayoutArithmetic.advance(itemHeight: height, itemSpacing: itemSpacing)
            let (y, column) = state.place(advance: advance)
            extents[item] = ItemExtent(y: y, height: height)
            columns[item] = UInt16(truncatingIfNeeded: column)
            lastItems[Int(column)] = UInt32(truncatingIfNeeded: item)
        }

        /// Places items from `item` in rows while every column is tied with the front and each
        /// row's items (before `end`) have one height: the rows that items of one height (every
        /// unmeasured item's estimate) make once the columns are level, the k-th item of a row
        /// in the k-th column by rank. Returns the item it stopped at (`item` when it placed
        /// none) and the state there.
        ///
        /// Once per checkpoint block, where the block starts with a tie (`place`), out of line:
        /// tried per item inside the loop, it cost photo heights 48.0 to 54.9 instructions an
        /// item (the loop reloaded the lane's pointers on every item).
        @inline(never)
        func placeTiedRows<State: ShortestColumnState>(from item: Int, end: Int, _ state: State,
                                                       highestIndexWins: Bool) -> (item: Int, state: State) {
            var (item, state) = (item, state)
            let count = state.tiedRowLength
            guard count > 0 else { return (item, state) }
            rows: while end &- item >= count {
                // Bit patterns: the row's heights are written as read (the description has no -0,
                // but the row never depends on that).
                let height = heights[item]
                for offset in 1..<count where heights[item &+ offset].bitPattern != height.bitPattern { break rows }
                guard let y = state.placeTiedRow(advance: LayoutArithmetic.advance(itemHeight: height, itemSpacing: itemSpacing)) else {
                    break
                }
                for rank in 0..<count {
                    let column = highestIndexWins ? count &- 1 &- rank : rank
                    extents[item &+ rank] = ItemExtent(y: y, height: height)
                    columns[item &+ rank] = UInt16(truncatingIfNeeded: column)
                    lastItems[column] = UInt32(truncatingIfNeeded: item &+ rank)
                }
                item &+= count
            }
            return (item, state)
        }

        /// Writes checkpoint `checkpoint`: the state before item `checkpoint`·K. Inline (with
        /// `SortedColumns.store`): equal heights, whose rows end at checkpoints, 35.0 to 34.3
        /// instructions an item (100K items, 4 columns); photo heights unchanged.
        @inline(__always)
        func writeCheckpoint<State: ShortestColumnState>(_ checkpoint: Int, _ state: State) {
            state.store(columnHeights: section.checkpointHeights(checkpoint).baseAddress!)
            let last = section.lastItems(checkpoint)
            for column in last.indices { last[column] = lastItems[column] }
            section.checkpointY[checkpoint] = state.shortest
        }
    }

    /// Places items `range` of `lane`'s section from `state` (the columns before
    /// `range.lowerBound`, whose checkpoint exists): one by one (`placeRun`), and in rows where
    /// a checkpoint block starts with level columns (`placeTiedRows`).
    @inline(never)
    static func place<State: ShortestColumnState>(_ stateOut: inout State, range: Range<Int>, lane: Lane, highestIndexWins: Bool) {
        let shift = lane.section.shape.intervalShift
        var state = stateOut
        defer { stateOut = state }
        var item = range.lowerBound
        while item < range.upperBound {
            if _slowPath(state.needsTieResolution) {
                let blockEnd = min(range.upperBound, (item >> shift &+ 1) << shift)
                (item, state) = lane.placeTiedRows(from: item, end: blockEnd, state, highestIndexWins: highestIndexWins)
                if item == blockEnd {
                    if item < range.upperBound { lane.writeCheckpoint(item >> shift, state) }
                    continue
                }
            }
            item = placeRun(&state, from: item, to: range.upperBound, lane: lane, highestIndexWins: highestIndexWins)
        }
    }

    /// Places items from `start` (at least one) one by one, writing the checkpoint of each block
    /// start after it, until `end` or a block start with a tie at the front, where rows may
    /// start: the item it stopped at (the state there in `stateOut`).
    ///
    /// A function of its own, so that the loop's registers are allocated for the loop alone:
    /// inlined into its callers, the 2-column loop reloaded the heights' address from the stack
    /// on every item, depending on unrelated code there (callgrind: 45.9 instructions per item
    /// instead of 44.8; 2.43 ns instead of 2.29). The state in and out through `inout` and a
    /// local copy, as before the tied rows: with the rows' test beside the loop, or the state
    /// given and returned by value, the loop moved it between registers on every item (4
    /// columns, photo heights: 48.0 instructions an item as before, against 51.1 to 52.3).
    @inline(never)
    static func placeRun<State: ShortestColumnState>(_ stateOut: inout State, from start: Int, to end: Int, lane: Lane,
                                                     highestIndexWins: Bool) -> Int {
        let shift = lane.section.shape.intervalShift
        // A local copy: the loop keeps it in registers (an `inout` parameter's address is
        // visible to the checkpoint calls, which would make every item store it).
        var state = stateOut
        defer { stateOut = state }
        var item = start
        while true {
            let blockEnd = min(end, (item >> shift &+ 1) << shift)
            if State.placesFourATurn {  // four a turn where the state says so, the rest two
                while item &+ 3 < blockEnd {
                    lane.place(item, &state, highestIndexWins: highestIndexWins)
                    lane.place(item &+ 1, &state, highestIndexWins: highestIndexWins)
                    lane.place(item &+ 2, &state, highestIndexWins: highestIndexWins)
                    lane.place(item &+ 3, &state, highestIndexWins: highestIndexWins)
                    item &+= 4
                }
            }
            // Two items a turn (see the type's comment).
            while item &+ 1 < blockEnd {
                lane.place(item, &state, highestIndexWins: highestIndexWins)
                lane.place(item &+ 1, &state, highestIndexWins: highestIndexWins)
                item &+= 2
            }
            if item < blockEnd {
                lane.place(item, &state, highestIndexWins: highestIndexWins)
                item &+= 1
            }
            guard item < end else { break }
            lane.writeCheckpoint(item >> shift, state)  // item starts a block
            if _slowPath(state.needsTieResolution) { break }
        }
        return item
    }
}
