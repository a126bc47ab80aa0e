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
enum ShortestColumnKernel {
    /// Places items `range` of a section whose heights start at `heights` (item 0), from
    /// `state` (the columns before `range.lowerBound`, whose checkpoint exists) and `lastItems`
    /// (each column's last item so far), into `section`'s buffers.
    @inline(__always)
    static func place<State: ShortestColumnState>(
        _ stateOut: inout State, heights: UnsafePointer<Double>, range: Range<Int>, itemSpacing: Double,
        highestIndexWins: Bool, lastItems: UnsafeMutablePointer<UInt32>, into section: SectionHandle
    ) {
        let shape = section.shape
        let interval = shape.interval
        let output = section.items(0..<range.upperBound)
        // A local copy: the loop keeps it in registers (an `inout` parameter's address is
        // visible to the checkpoint calls, which would make every item store it).
        var state = stateOut
        defer { stateOut = state }
        var item = range.lowerBound
        while item < range.upperBound {
            if item > range.lowerBound {  // item is a multiple of the interval
                writeCheckpoint(item >> shape.intervalShift, state: state, lastItems: lastItems, into: section)
            }
            let blockEnd = min(range.upperBound, (item | (interval - 1)) + 1)
            for index in item..<blockEnd {
                if _slowPath(state.needsTieResolution) { state.resolveFrontTie(highestIndexWins: highestIndexWins) }
                let advance = LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing)
                let (y, column) = state.place(advance: advance)
                output.localY[index] = y
                output.columns[index] = UInt16(truncatingIfNeeded: column)
                lastItems[Int(column)] = UInt32(truncatingIfNeeded: index)
            }
            item = blockEnd
        }
        section.header.pointee.checkpointCount = shape.checkpointCount(items: range.upperBound)
    }

    private static func writeCheckpoint<State: ShortestColumnState>(
        _ checkpoint: Int, state: State, lastItems: UnsafeMutablePointer<UInt32>, into section: SectionHandle
    ) {
        state.store(columnHeights: section.checkpointHeights(checkpoint).baseAddress!)
        section.lastItems(checkpoint).baseAddress!.update(from: lastItems, count: section.shape.columnCount)
        section.checkpointY[checkpoint] = state.shortest
    }
}
