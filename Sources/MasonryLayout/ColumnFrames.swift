// ColumnFrames: each column's x and width in one section, equal columns or weighted ones (format v3).
/// Where each column of one section is and how wide: from its `SectionGeometry` when the
/// columns are equal, or from a table of each column's x and width in pairs when they are
/// weighted (format v3's `columnWeights`, `LayoutArithmetic.weightedColumns`). The reference
/// engine's frames, the optimized engine's weighted frames (the spans kernel's and the weighted
/// shortest-column kernel's; equal columns' kernels read their `SectionGeometry` directly) and
/// stamps' columns come from here.
///
/// A pointer, not an array: trivially copyable, so the optimized engine's lookups and queries
/// make one per call without a retain (its table lives in the section's buffers, the
/// reference engine's and the description's in a buffer that `LayoutDescription
/// .withColumnFrames(ofSection:_:)` lends). Valid only while its table's owner keeps it.
@usableFromInline
struct ColumnFrames {
    @usableFromInline let geometry: SectionGeometry
    /// Weighted columns: column c's x at `2c`, its width at `2c + 1`; nil for equal columns.
    @usableFromInline let table: UnsafePointer<Double>?
    @usableFromInline let count: Int

    @inlinable @inline(__always)
    init(geometry: SectionGeometry, table: UnsafePointer<Double>?, count: Int) {
        self.geometry = geometry
        self.table = table
        self.count = count
    }

    /// Column `column`'s x (`SectionGeometry.x(ofColumn:)` for equal columns). O(1).
    @inlinable @inline(__always)
    func x(ofColumn column: Int) -> Double {
        guard let table else { return geometry.x(ofColumn: column) }
        return table[2 * column]
    }

    /// Column `column`'s width (`columnWidth` for equal columns). O(1).
    @inlinable @inline(__always)
    func width(ofColumn column: Int) -> Double {
        guard let table else { return geometry.columnWidth }
        return table[2 * column + 1]
    }

    /// The x of an item covering columns `start..<start + span`: that of the covered column that
    /// is leftmost on screen (`start` left to right, `start + span - 1` right to left). O(1).
    @inlinable @inline(__always)
    func x(ofSpanFrom start: Int, columns span: Int) -> Double {
        x(ofColumn: geometry.direction == .leftToRight ? start : start + span - 1)
    }

    /// The width of an item covering columns `start..<start + span`: for equal columns
    /// `SectionGeometry.width(ofSpan:)`; weighted, `w[start]` for one column, else from the
    /// leftmost covered column's x to the rightmost's far edge, `(x[right] + w[right]) -
    /// x[left]`. O(1).
    @inlinable @inline(__always)
    func width(ofSpanFrom start: Int, columns span: Int) -> Double {
        guard table != nil else { return geometry.width(ofSpan: span) }
        guard span > 1 else { return width(ofColumn: start) }
        let last = start + span - 1
        let (left, right) = geometry.direction == .leftToRight ? (start, last) : (last, start)
        return (x(ofColumn: right) + width(ofColumn: right)) - x(ofColumn: left)
    }

    /// A bound on the magnitude of every column edge (x and x + width), for rounding margins:
    /// the first and last columns' edges, between which all others lie. O(1).
    @inlinable
    var edgeMagnitude: Double {
        guard table != nil else { return abs(geometry.firstColumnX) + geometry.step * Double(count) }
        return abs(x(ofColumn: 0)) + abs(x(ofColumn: count - 1)) + width(ofColumn: 0) + width(ofColumn: count - 1)
    }
}
