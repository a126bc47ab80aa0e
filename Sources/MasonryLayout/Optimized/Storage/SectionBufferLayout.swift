// SectionBufferLayout: the offsets of a section's buffers in its one allocation.
/// Where each buffer starts in a section's allocation, in 8-byte words, for a capacity.
///
/// Small arrays first: per checkpoint the smallest column height (the key a rect query
/// searches), the column heights after the last item, per checkpoint each column's height and,
/// for shortest column and spans, each column's last item, and for spans the round-robin
/// position. Then per item, for shortest column and spans, its `ItemExtent`, and its column
/// (shortest column) or its `CoveredColumns` (spans); for round robin its local y only (its
/// column follows from its index, and its height is read from the description: copying it would
/// double the bytes the round-robin loop writes, whose speed is the memory's, measured 0.5 -> 0.9
/// ns an item). The per-item buffers are each written front to back by the kernels (sequential
/// streams, which the hardware prefetchers follow: interleaving the per-item data in blocks of K
/// items with the checkpoints, tried here, made a 1M-item prepare 1.7x slower), and a query's
/// items are in one or two runs of cache lines.
@usableFromInline
struct SectionBufferLayout: Equatable, Sendable {
    @usableFromInline var itemCapacity: Int
    var checkpointCapacity: Int
    var endHeights: Int
    var checkpointHeights: Int
    var lastItems: Int
    var positions: Int
    @usableFromInline var extents: Int
    @usableFromInline var columns: Int
    /// Weighted columns only (format v3): each column's x and width, in pairs (`ColumnFrames`).
    @usableFromInline var columnTable: Int
    var wordCount: Int

    /// Per item, for shortest column, a local y, a height (8 bytes each) and a column (2 bytes),
    /// for spans the same with the covered columns (4 bytes) instead of the column, for round
    /// robin a local y (8 bytes); per checkpoint the smallest height (8), each column's height (8)
    /// and, but for round robin, each column's last item (4), and for spans the round-robin
    /// position (4); the column heights after the last item; with weighted columns (format v3),
    /// each column's x and width (two words per column, last).
    init(shape: SectionShape, itemCapacity: Int) {
        let columns = shape.columnCount
        let tracksLastItems = shape.kernel.tracksLastItems
        let hasSpans = shape.kernel.hasSpans
        self.itemCapacity = itemCapacity
        checkpointCapacity = shape.checkpointCount(items: itemCapacity)
        endHeights = checkpointCapacity
        checkpointHeights = endHeights + columns
        lastItems = checkpointHeights + checkpointCapacity * columns
        positions = lastItems + (tracksLastItems ? (checkpointCapacity * columns + 1) / 2 : 0)
        extents = positions + (hasSpans ? (checkpointCapacity + 1) / 2 : 0)
        self.columns = extents + (tracksLastItems ? 2 : 1) * itemCapacity
        columnTable = self.columns + (hasSpans ? (itemCapacity + 1) / 2 : tracksLastItems ? (itemCapacity + 3) / 4 : 0)
        wordCount = columnTable + (shape.hasWeightedColumns ? 2 * columns : 0)
    }
}
