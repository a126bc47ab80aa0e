// The columns an item of a section with spans covers: its start column and its clamped span.
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
