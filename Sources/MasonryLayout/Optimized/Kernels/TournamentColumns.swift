// The shortest-column state of a section with more than 16 columns: a tournament tree of heights.
/// The shortest-column state of a section with more than 16 columns: a tournament (winner)
/// tree over the column heights, so an item costs log2(columns) compare-and-select steps
/// instead of a scan of every column.
///
/// Node 1 is the root; node `i` holds the winner of nodes `2i` and `2i + 1`; leaf
/// `leafCount + c` is column `c` (leaves past the last column hold +infinity and never win).
/// Heights are compared as IEEE-754 bit patterns, which order like the values for the
/// non-negative heights a description allows. A left subtree's columns all have lower indices,
/// so the tie rule is whether the right child wins on equality. The nodes live in scratch
/// memory the caller provides (`nodeCount` of each).
struct TournamentColumns {
    let columnCount: Int
    private let leafCount: Int
    private let heights: UnsafeMutablePointer<UInt64>
    private let winners: UnsafeMutablePointer<UInt32>
    /// 1 when the higher column index wins a tie.
    private let highestIndexWins: UInt64

    /// Scratch entries needed for `columns` columns.
    static func nodeCount(columns: Int) -> Int { 2 * max(2, columns.roundedUpToPowerOfTwo) }

    /// The tree of columns whose heights are `columnHeights`, in `heights` and `winners`
    /// (`nodeCount(columns:)` entries each). O(columns).
    init(columnHeights: UnsafeBufferPointer<Double>, highestIndexWins: Bool,
         heights: UnsafeMutablePointer<UInt64>, winners: UnsafeMutablePointer<UInt32>) {
        columnCount = columnHeights.count
        leafCount = Self.nodeCount(columns: columnCount) / 2
        self.heights = heights
        self.winners = winners
        self.highestIndexWins = highestIndexWins ? 1 : 0
        for leaf in 0..<leafCount {
            heights[leafCount + leaf] = leaf < columnCount ? columnHeights[leaf].bitPattern : Double.infinity.bitPattern
            winners[leafCount + leaf] = UInt32(leaf)
        }
        for node in stride(from: leafCount - 1, through: 1, by: -1) {
            let rightWins = Self.beats(heights[2 * node + 1], heights[2 * node], orEqual: highestIndexWins)
            heights[node] = heights[2 * node + (rightWins ? 1 : 0)]
            winners[node] = winners[2 * node + (rightWins ? 1 : 0)]
        }
    }

    /// Whether `challenger` wins against `holder`: it is lower, or equal when `orEqual`.
    @inline(__always)
    private static func beats(_ challenger: UInt64, _ holder: UInt64, orEqual: Bool) -> Bool {
        challenger < holder || (orEqual && challenger == holder)
    }

    /// The next item's y.
    var shortest: Double { Double(bitPattern: heights[1]) }

    /// Places one item whose column grows by `advance`; returns its y and column.
    @inline(__always)
    mutating func place(advance: Double) -> (y: Double, column: UInt64) {
        let y = Double(bitPattern: heights[1])
        let column = winners[1]
        var node = leafCount + Int(column)
        var height = LayoutArithmetic.grow(y, by: advance).bitPattern
        var winner = column
        heights[node] = height
        while node > 1 {
            // The sibling wins if it is lower, or equal when it is the left child (lower
            // indices) under lowest-index-wins, or the right child under highest-index-wins.
            let sibling = node ^ 1
            let equalWins = UInt64(truncatingIfNeeded: node & 1) ^ highestIndexWins
            // LLVM compiles this selection to a branch whatever its spelling (`?:`, or mask
            // arithmetic on the sign of the difference: its x86 cmov converter turns the cmov on
            // this loop-carried chain back into a branch), which mispredicts about half the
            // time on each level: 23 ns an item for 64 columns, still under 1.3x the floor.
            let siblingHeight = heights[sibling]
            let siblingWins = siblingHeight < height &+ equalWins
            height = siblingWins ? siblingHeight : height
            winner = siblingWins ? winners[sibling] : winner
            node &>>= 1
            heights[node] = height
            winners[node] = winner
        }
        return (y, UInt64(column))
    }

    /// Writes each column's height to `columnHeights[column]`.
    func store(columnHeights: UnsafeMutablePointer<Double>) {
        for column in 0..<columnCount {
            columnHeights[column] = Double(bitPattern: heights[leafCount + column])
        }
    }
}

extension Int {
    /// The least power of two >= self (self >= 1).
    var roundedUpToPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
