// How a section chooses its number of columns: a fixed count or adaptive to a minimum width.
/// How a section chooses its number of columns.
public enum ColumnCount: Hashable, Sendable {
    /// Exactly this many columns, 1...1024 (format field `columns`).
    case fixed(Int)
    /// As many columns at least `minColumnWidth` wide as the section's width holds, at least 1
    /// and at most `maxColumns` (no bound but the format's 1,024 when nil), Compose's
    /// `StaggeredGridCells.Adaptive` (format fields `minColumnWidth`, `maxColumns`). The count
    /// follows the width: a `setWidth` update can change it (<doc:LayoutArithmetic>).
    case adaptive(minColumnWidth: Double, maxColumns: Int? = nil)

    /// The count of a fixed section, nil for an adaptive one.
    var fixedCount: Int? {
        if case .fixed(let count) = self { count } else { nil }
    }
}
