/// What a section's buffers are laid out for: its placement, its column count and its
/// checkpoint interval. Two sections with the same shape can share buffer layouts.
@usableFromInline
struct SectionShape: Equatable, Sendable {
    @usableFromInline var placement: Placement
    @usableFromInline var columnCount: Int
    /// log2 of the checkpoint interval K: at least 64 items, and 16 per column, so checkpoints
    /// (a height and a last item per column, 12 bytes) stay under one byte per item.
    @usableFromInline var intervalShift: Int

    init(placement: Placement, columnCount: Int) {
        self.placement = placement
        self.columnCount = columnCount
        intervalShift = max(64, 16 * columnCount).roundedUpToPowerOfTwo.trailingZeroBitCount
    }

    @inlinable var interval: Int { 1 << intervalShift }

    /// Checkpoints a section of `items` items has: checkpoint 0 always, checkpoint b > 0 where
    /// item b·K exists.
    func checkpointCount(items: Int) -> Int {
        items == 0 ? 1 : (items - 1) >> intervalShift + 1
    }
}

/// An item's local y and its height: what a lookup or a rect query reads about an item, side by
/// side (one cache line), and what the kernels write per item in one sequential stream.
@usableFromInline
struct ItemExtent: Sendable {
    @usableFromInline var y: Double
    @usableFromInline var height: Double

    @inlinable @inline(__always)
    init(y: Double, height: Double) {
        self.y = y
        self.height = height
    }
}

/// Where each buffer starts in a section's allocation, in 8-byte words, for a capacity.
///
/// Small arrays first: per checkpoint the smallest column height (the key a rect query
/// searches), the column heights after the last item, per checkpoint each column's height and,
/// for shortest column, each column's last item. Then per item, for shortest column, its
/// `ItemExtent` and its column; for round robin its local y only (its column follows from its
/// index, and its height is read from the description: copying it would double the bytes the
/// round-robin loop writes, whose speed is the memory's, measured 0.5 -> 0.9 ns an item). The per-item buffers are each written front to back by the
/// kernels (sequential streams, which the hardware prefetchers follow: interleaving the per-item
/// data in blocks of K items with the checkpoints, tried here, made a 1M-item prepare 1.7x
/// slower), and a query's items are in one or two runs of cache lines.
@usableFromInline
struct SectionBufferLayout: Equatable, Sendable {
    @usableFromInline var itemCapacity: Int
    var checkpointCapacity: Int
    var endHeights: Int
    var checkpointHeights: Int
    var lastItems: Int
    @usableFromInline var extents: Int
    @usableFromInline var columns: Int
    var wordCount: Int

    /// Per item, for shortest column, a local y, a height (8 bytes each) and a column (2 bytes),
    /// for round robin a local y (8 bytes); per checkpoint the smallest height (8), each
    /// column's height (8) and, for shortest column, each column's last item (4); the column
    /// heights after the last item.
    init(shape: SectionShape, itemCapacity: Int) {
        let columns = shape.columnCount
        let tracksColumns = shape.placement == .shortestColumn
        self.itemCapacity = itemCapacity
        checkpointCapacity = shape.checkpointCount(items: itemCapacity)
        endHeights = checkpointCapacity
        checkpointHeights = endHeights + columns
        lastItems = checkpointHeights + checkpointCapacity * columns
        extents = lastItems + (tracksColumns ? (checkpointCapacity * columns + 1) / 2 : 0)
        self.columns = extents + (tracksColumns ? 2 : 1) * itemCapacity
        wordCount = self.columns + (tracksColumns ? (itemCapacity + 3) / 4 : 0)
    }
}

/// A section's size, geometry and layout results: the header of its `SectionStorage`.
@usableFromInline
struct SectionHeader: Sendable {
    @usableFromInline var shape: SectionShape
    @usableFromInline var layout: SectionBufferLayout
    /// 8-byte words the allocation holds (at least `layout.wordCount`), so a reset can reuse it.
    var allocatedWords = 0
    @usableFromInline var geometry: SectionGeometry
    /// Items laid out.
    @usableFromInline var itemCount = 0
    /// Checkpoints written (`shape.checkpointCount(items: itemCount)` after a lay-out).
    var checkpointCount = 1
    /// The round-robin position before item 0 (it continues from the previous section in
    /// `continueColumns` mode), and after the last item.
    @usableFromInline var startPosition: Int
    var endPosition: Int
    /// `max(column heights) + inset.bottom`.
    var localBottom = 0.0
    /// `localBottom + footerHeight`.
    var height = 0.0
}

/// One section of the optimized engine's layout in a single allocation: a `SectionHeader`,
/// then the buffers `SectionBufferLayout` places. Accessed through `SectionHandle`.
///
/// A reference type behind the value-semantic `SectionLayout`, which copies it before a write
/// when it is shared (copy on write), as `Array` does. Not `Sendable` itself (`ManagedBuffer`
/// is not): `SectionLayout` is, by that discipline.
@usableFromInline
final class SectionStorage: ManagedBuffer<SectionHeader, UInt64> {
    /// A storage for `header`'s shape and capacity, its buffers bound to their types.
    static func make(_ header: SectionHeader) -> SectionStorage {
        let storage = unsafeDowncast(
            create(minimumCapacity: max(1, header.layout.wordCount)) { _ in header }, to: SectionStorage.self)
        storage.withUnsafeMutablePointers { header, words in
            header.pointee.allocatedWords = max(1, header.pointee.layout.wordCount)
            SectionHandle.bindBuffers(words, header.pointee.layout)
        }
        return storage
    }

    /// Calls `body` with a handle on this storage's header and buffers.
    @inlinable @inline(__always)
    func withHandle<Result>(_ body: (SectionHandle) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, words in try body(SectionHandle(header: header, words: words)) }
    }

    /// Bytes allocated (header and buffers), for the memory budget.
    var allocatedBytes: Int { MemoryLayout<SectionHeader>.stride + 16 + withUnsafeMutablePointerToHeader { $0.pointee.allocatedWords } * 8 }
}
