/// One section of a layout: its columns, spacing, supplementary views and item heights.
///
/// A plain value; it is checked when it becomes part of a `LayoutDescription`.
public struct SectionDescription: Hashable, Sendable {
    public var columns: Int
    public var inset: EdgeInsets
    /// Horizontal gap between neighbouring columns.
    public var columnSpacing: Double
    /// Vertical gap after each item of a column.
    public var itemSpacing: Double
    /// Height of the full-width header above the section's columns; 0 means no header.
    public var headerHeight: Double
    /// Height of the full-width footer below the section's columns; 0 means no footer.
    public var footerHeight: Double
    public var itemHeights: [Double]

    public init(
        columns: Int,
        inset: EdgeInsets = .zero,
        columnSpacing: Double = 0,
        itemSpacing: Double = 0,
        headerHeight: Double = 0,
        footerHeight: Double = 0,
        itemHeights: [Double]
    ) {
        self.columns = columns
        self.inset = inset
        self.columnSpacing = columnSpacing
        self.itemSpacing = itemSpacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.itemHeights = itemHeights
    }
}
