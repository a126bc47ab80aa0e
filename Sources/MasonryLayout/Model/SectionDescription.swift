// SectionDescription: one section of a layout description.
/// One section of a layout: its columns, spacing, supplementary views, item heights and spans.
///
/// A plain value; it is checked when it becomes part of a `LayoutDescription`.
public struct SectionDescription: Hashable, Sendable {
    /// How the section chooses its number of columns: fixed or adaptive to the width.
    public var columnCount: ColumnCount {
        didSet { resolvedColumns = columnCount.fixedCount ?? 0 }
    }
    /// The number of columns: the fixed count, or an adaptive section's count for the width of
    /// the `LayoutDescription` it belongs to (0 while it belongs to none). Setting it makes the
    /// count fixed.
    public var columns: Int {
        get { resolvedColumns }
        set { columnCount = .fixed(newValue) }
    }
    /// `columns`' storage: a `LayoutDescription` resolves adaptive counts into it.
    var resolvedColumns: Int
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
    /// How many columns each item covers, parallel to `itemHeights`; nil: every item covers one.
    public var itemSpans: [ItemSpan]?

    public init(
        columnCount: ColumnCount,
        inset: EdgeInsets = .zero,
        columnSpacing: Double = 0,
        itemSpacing: Double = 0,
        headerHeight: Double = 0,
        footerHeight: Double = 0,
        itemHeights: [Double],
        itemSpans: [ItemSpan]? = nil
    ) {
        self.columnCount = columnCount
        resolvedColumns = columnCount.fixedCount ?? 0
        self.inset = inset
        self.columnSpacing = columnSpacing
        self.itemSpacing = itemSpacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.itemHeights = itemHeights
        self.itemSpans = itemSpans
    }

    /// A section of `columns` columns (format v1's `columns`).
    public init(
        columns: Int,
        inset: EdgeInsets = .zero,
        columnSpacing: Double = 0,
        itemSpacing: Double = 0,
        headerHeight: Double = 0,
        footerHeight: Double = 0,
        itemHeights: [Double],
        itemSpans: [ItemSpan]? = nil
    ) {
        self.init(columnCount: .fixed(columns), inset: inset, columnSpacing: columnSpacing, itemSpacing: itemSpacing,
                  headerHeight: headerHeight, footerHeight: footerHeight, itemHeights: itemHeights, itemSpans: itemSpans)
    }

    /// Item `item`'s span (`single` when the section gives none). O(1).
    @inlinable
    public func span(ofItem item: Int) -> ItemSpan {
        itemSpans?[item] ?? .single
    }
}
