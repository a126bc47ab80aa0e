/// Which kernel lays a section out, and so which buffers its storage has.
@usableFromInline
enum SectionKernel: Equatable, Sendable {
    /// Shortest column, every item one column wide: per item its y, height and column.
    case shortestColumn
    /// Round robin, every item one column wide: per item its y (its column follows from its
    /// index, its height stays in the description).
    case roundRobin
    /// Some item covers several columns (`itemSpans`), either placement: per item its y, height
    /// and covered columns; per checkpoint also each column's last item and the round-robin
    /// position. Only sections with such an item pay for it: the two kernels above, and their
    /// speed, are those of span-free sections.
    case spans(Placement)

    /// The kernel of a section placed by `placement` whose items all cover one column, or not.
    init(placement: Placement, spans: Bool) {
        self = spans ? .spans(placement) : placement == .shortestColumn ? .shortestColumn : .roundRobin
    }

    /// Whether checkpoints keep each column's last item (the kernels that store a column per item).
    var tracksLastItems: Bool { self != .roundRobin }

    /// Whether this is the kernel of sections with spans.
    @inlinable var hasSpans: Bool {
        if case .spans = self { true } else { false }
    }

    /// The placement rule the kernel follows.
    var placement: Placement {
        switch self {
        case .shortestColumn: .shortestColumn
        case .roundRobin: .roundRobin
        case .spans(let placement): placement
        }
    }
}

/// What a section's buffers are laid out for: its kernel, its column count and its
/// checkpoint interval. Two sections with the same shape can share buffer layouts.
@usableFromInline
struct SectionShape: Equatable, Sendable {
    @usableFromInline var kernel: SectionKernel
    @usableFromInline var columnCount: Int
    /// log2 of the checkpoint interval K: at least 64 items, and 16 per column, so checkpoints
    /// (a height and a last item per column, 12 bytes) stay under one byte per item.
    @usableFromInline var intervalShift: Int

    init(kernel: SectionKernel, columnCount: Int) {
        self.kernel = kernel
        self.columnCount = columnCount
        intervalShift = max(64, 16 * columnCount).roundedUpToPowerOfTwo.trailingZeroBitCount
    }

    /// The shape of a section placed by `placement` whose items all cover one column.
    init(placement: Placement, columnCount: Int) {
        self.init(kernel: SectionKernel(placement: placement, spans: false), columnCount: columnCount)
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

/// The columns an item of a section with spans covers: `first..<first + count` (its start
/// column and its span clamped to the column count), beside its extent.
@usableFromInline
struct CoveredColumns: Sendable {
    @usableFromInline var first: UInt16
    @usableFromInline var count: UInt16

    @inlinable @inline(__always)
    init(first: Int, count: Int) {
        self.first = UInt16(truncatingIfNeeded: first)
        self.count = UInt16(truncatingIfNeeded: count)
    }
}

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
    var wordCount: Int

    /// Per item, for shortest column, a local y, a height (8 bytes each) and a column (2 bytes),
    /// for spans the same with the covered columns (4 bytes) instead of the column, for round
    /// robin a local y (8 bytes); per checkpoint the smallest height (8), each column's height (8)
    /// and, but for round robin, each column's last item (4), and for spans the round-robin
    /// position (4); the column heights after the last item.
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
        wordCount = self.columns + (hasSpans ? (itemCapacity + 1) / 2 : tracksLastItems ? (itemCapacity + 3) / 4 : 0)
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
    /// `max(column heights) + inset.bottom`, or with trailing spacing excluded the deepest
    /// item bottom (or column start) + inset.bottom: where the footer starts.
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
}
