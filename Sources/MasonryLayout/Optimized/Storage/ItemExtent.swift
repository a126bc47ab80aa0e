// An item's local y and its height, side by side: what lookups read and the kernels write per item.
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
