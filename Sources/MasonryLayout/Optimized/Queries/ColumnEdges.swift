// ColumnEdges: each column's x and width as a rect query reads them, equal columns or weighted.
/// Each column's x and width across, as a rect query of one-column items reads them: equal
/// columns' `SectionGeometry` (format v2's arithmetic) or a weighted section's `ColumnFrames`
/// (format v3's `columnWeights`). The query's loops are generic over it and specialized, so
/// equal columns pay nothing for weighted ones.
protocol ColumnEdges {
    /// Column `column`'s x. O(1).
    func x(ofColumn column: Int) -> Double
    /// Column `column`'s width. O(1).
    func width(ofColumn column: Int) -> Double
}

extension SectionGeometry: ColumnEdges {
    /// Every column's width: `columnWidth`. O(1).
    @inline(__always)
    func width(ofColumn _: Int) -> Double { columnWidth }
}

extension ColumnFrames: ColumnEdges {}
