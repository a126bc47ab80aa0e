// SectionBufferLayout: where a section's buffers start, in its own allocation or in a slab.
/// Where each buffer of a section starts, in 8-byte words from its storage's base (its own
/// allocation's words, or the start of its checkpoint region in a `SectionSlab`), for a
/// capacity.
///
/// The buffers form three regions. The checkpoint region holds small arrays: per checkpoint the
/// smallest column height (the key a rect query searches), the column heights after the last
/// item, per checkpoint each column's height and, for shortest column and spans, each column's
/// last item, and for spans the round-robin position. The item region holds per item, for
/// shortest column and spans, its `ItemExtent`, for round robin its local y only (its column
/// follows from its index, and its height is read from the description: copying it would double
/// the bytes the round-robin loop writes, whose speed is the memory's, measured 0.5 -> 0.9 ns an
/// item). The column region holds per item its column (shortest column) or its `CoveredColumns`
/// (spans), then with weighted columns each column's x and width.
///
/// A section of its own lays the three regions out one after another. A slab lays out each kind
/// of region of all its sections one after another (`SlabCursor`), so that every buffer the
/// kernels write front to back runs on from one section to the next: a jump of a KiB or more in
/// such a stream costs about 400 ns at each section (`Results/experiments/section-streams.c`),
/// which 4096 sections of 244 items paid in their 5,120-byte blocks. The per-item buffers are
/// sequential streams, which the hardware prefetchers follow: interleaving the per-item data in
/// blocks of K items with the checkpoints, tried here, made a 1M-item prepare 1.7x slower.
@usableFromInline
struct SectionBufferLayout: Equatable, Sendable {
    @usableFromInline var itemCapacity: Int
    var checkpointCapacity: Int
    /// The checkpoint region starts at the base: per checkpoint the smallest column height first.
    var checkpointY: Int { 0 }
    var endHeights: Int
    var checkpointHeights: Int
    var lastItems: Int
    var positions: Int
    @usableFromInline var extents: Int
    @usableFromInline var columns: Int
    /// Weighted columns only (format v3): each column's x and width, in pairs (`ColumnFrames`).
    @usableFromInline var columnTable: Int
    /// Where the column region ends (the word after it), from the base.
    var columnRegionEnd: Int

    /// The words each region of a section takes.
    struct RegionSizes: Equatable {
        var checkpoints: Int
        var items: Int
        var columns: Int

        static let zero = RegionSizes(checkpoints: 0, items: 0, columns: 0)

        /// Per item, for shortest column, a local y, a height (8 bytes each) and a column (2
        /// bytes), for spans the same with the covered columns (4 bytes) instead of the column,
        /// for round robin a local y (8 bytes); per checkpoint the smallest height (8), each
        /// column's height (8), each column's last item and the round-robin position
        /// (`lastItemWords`, `positionWords`); the column heights after the last item; with
        /// weighted columns (format v3), each column's x and width (`columnTableWords`).
        @inline(__always)
        init(shape: SectionShape, itemCapacity: Int) {
            let columns = shape.columnCount
            let checkpoints = shape.checkpointCount(items: itemCapacity)
            self.checkpoints = checkpoints * (1 + columns) + columns
                + SectionBufferLayout.lastItemWords(shape, checkpoints: checkpoints) + SectionBufferLayout.positionWords(shape, checkpoints: checkpoints)
            items = (shape.kernel.tracksLastItems ? 2 : 1) * itemCapacity
            self.columns = SectionBufferLayout.columnEntryWords(shape, itemCapacity: itemCapacity) + SectionBufferLayout.columnTableWords(shape)
        }

        init(checkpoints: Int, items: Int, columns: Int) {
            self.checkpoints = checkpoints
            self.items = items
            self.columns = columns
        }

        static func + (lhs: RegionSizes, rhs: RegionSizes) -> RegionSizes {
            RegionSizes(checkpoints: lhs.checkpoints + rhs.checkpoints, items: lhs.items + rhs.items, columns: lhs.columns + rhs.columns)
        }

        /// All three regions' words.
        var total: Int { checkpoints + items + columns }
    }

    /// The layout of a section of its own: its checkpoint, item and column regions one after
    /// another from word 0.
    init(shape: SectionShape, itemCapacity: Int) {
        let sizes = RegionSizes(shape: shape, itemCapacity: itemCapacity)
        self.init(shape: shape, itemCapacity: itemCapacity,
                  at: RegionSizes(checkpoints: 0, items: sizes.checkpoints, columns: sizes.checkpoints + sizes.items))
    }

    /// The layout of a section whose regions start at the words `starts` gives, its offsets
    /// counted from its checkpoint region's start (so that the checkpoints, which the kernels
    /// write every K items, are at the same offsets in a slab as in a section of its own).
    @inline(__always)
    init(shape: SectionShape, itemCapacity: Int, at starts: RegionSizes) {
        let columns = shape.columnCount
        self.itemCapacity = itemCapacity
        checkpointCapacity = shape.checkpointCount(items: itemCapacity)
        endHeights = checkpointCapacity
        checkpointHeights = endHeights + columns
        lastItems = checkpointHeights + checkpointCapacity * columns
        positions = lastItems + Self.lastItemWords(shape, checkpoints: checkpointCapacity)
        extents = starts.items - starts.checkpoints
        self.columns = starts.columns - starts.checkpoints
        columnTable = self.columns + Self.columnEntryWords(shape, itemCapacity: itemCapacity)
        columnRegionEnd = columnTable + Self.columnTableWords(shape)
    }

    /// Words of each column's last item at `checkpoints` checkpoints (4 bytes each; round robin
    /// keeps none).
    @inline(__always)
    static func lastItemWords(_ shape: SectionShape, checkpoints: Int) -> Int {
        shape.kernel.tracksLastItems ? (checkpoints * shape.columnCount + 1) / 2 : 0
    }

    /// Words of the round-robin position at `checkpoints` checkpoints (4 bytes each; spans only).
    @inline(__always)
    static func positionWords(_ shape: SectionShape, checkpoints: Int) -> Int {
        shape.kernel.hasSpans ? (checkpoints + 1) / 2 : 0
    }

    /// Words of the items' column entries: covered columns (4 bytes an item, spans), a column (2
    /// bytes, shortest column), none (round robin).
    @inline(__always)
    static func columnEntryWords(_ shape: SectionShape, itemCapacity: Int) -> Int {
        shape.kernel.hasSpans ? (itemCapacity + 1) / 2 : shape.kernel.tracksLastItems ? (itemCapacity + 3) / 4 : 0
    }

    /// Words of the weighted column table: each column's x and width (format v3), none for equal
    /// columns.
    @inline(__always)
    static func columnTableWords(_ shape: SectionShape) -> Int {
        shape.hasWeightedColumns ? 2 * shape.columnCount : 0
    }

    /// This layout with its item region `items` words and its column region `columns` words
    /// further from its base. O(1).
    @inline(__always)
    func moved(items: Int, columns: Int) -> SectionBufferLayout {
        var layout = self
        layout.extents += items
        layout.columns += columns
        layout.columnTable += columns
        layout.columnRegionEnd += columns
        return layout
    }

    /// The words a section of its own with this layout takes (its column region is its last).
    var wordCount: Int { columnRegionEnd }
}
