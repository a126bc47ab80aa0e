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
    /// Each item's height; for an item not measured yet (`isUnmeasured`), `estimatedItemHeight`
    /// once the section belongs to a `LayoutDescription`.
    public var itemHeights: [Double]
    /// How many columns each item covers, parallel to `itemHeights`; nil: every item covers one.
    public var itemSpans: [ItemSpan]?
    /// The height an item not measured yet is laid out with (format v3); required when some
    /// item is unmeasured, ignored otherwise.
    public var estimatedItemHeight: Double?
    /// The widest a column may be (format v3, masonic's `maxColumnWidth`): each column is
    /// `min(width after rounding, maxColumnWidth)` wide, so the columns may not fill the
    /// section; nil: no bound.
    public var maxColumnWidth: Double?
    /// Where the columns sit when they do not fill the section (format v3): `leading`, format
    /// v2's positions, or `center`.
    public var columnAlignment = ColumnAlignment.leading
    /// Format v3, an adaptive section only: a column count whose quotient falls short of the
    /// next whole count by less than this (masonry.js's `measureColumns`, 1 point there) is
    /// rounded to nearest rather than down (<doc:LayoutArithmetic>); nil reads as 0, format v2.
    public var columnCountTolerance: Double?
    /// Each column's share of the room (format v3, FlashList's `getColumnFlex`, CSS
    /// `grid-template-columns: 1fr 3fr`): one positive number per column, so a fixed `columns`
    /// equal to its length. Column c is `available * (weight[c] / sum)` wide, then rounded, and
    /// the columns sit side by side from the leading inset (<doc:LayoutArithmetic>). Not with
    /// `minColumnWidth`, `maxColumnWidth` or `center` alignment. nil: equal columns, format v2.
    public var columnWeights: [Double]?
    /// Rects the section's items flow around (format v3, masonry.js's `stamp`), in order: `x`
    /// physical (as columns' x are, in every direction), `y` from the section's top (in
    /// `continueColumns` mode, the one coordinate space), in layout coordinates. Before the
    /// first item is placed, every column a stamp meets (open edges) starts at least at its
    /// bottom, `y + height` (<doc:LayoutArithmetic>). Not elements: the app draws them. nil: none.
    public var stamps: [Rect]?
    /// Parallel to `itemHeights`: true where the item has not been measured yet (format v3's
    /// `null` height). nil: every item is measured; flags that are all false read as nil, so a
    /// section measured by updates equals the same section given its heights. Setting it costs
    /// O(items) (a count).
    public var isUnmeasured: [Bool]? {
        get { unmeasuredMask }
        set {
            unmeasuredCount = newValue?.count(where: { $0 }) ?? 0
            unmeasuredMask = unmeasuredCount > 0 ? newValue : nil
        }
    }
    /// `isUnmeasured`'s storage, which updates change in place (keeping `unmeasuredCount`).
    var unmeasuredMask: [Bool]?
    /// How many items are unmeasured: O(1) for the engines (a deferred section lays out all
    /// but these, which come last).
    private(set) var unmeasuredCount = 0

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

    /// A section whose heights may be unknown (format v3): nil where an item is not measured yet,
    /// laid out as the description's `UnmeasuredItems` says, with `estimatedItemHeight`.
    public init(
        columnCount: ColumnCount,
        inset: EdgeInsets = .zero,
        columnSpacing: Double = 0,
        itemSpacing: Double = 0,
        headerHeight: Double = 0,
        footerHeight: Double = 0,
        measuredItemHeights: [Double?],
        estimatedItemHeight: Double?,
        itemSpans: [ItemSpan]? = nil
    ) {
        self.init(columnCount: columnCount, inset: inset, columnSpacing: columnSpacing, itemSpacing: itemSpacing,
                  headerHeight: headerHeight, footerHeight: footerHeight, itemHeights: [], itemSpans: itemSpans)
        self.estimatedItemHeight = estimatedItemHeight
        self.measuredItemHeights = measuredItemHeights
    }

    /// The heights as measured so far: nil where an item is unmeasured. Setting it sets
    /// `itemHeights` (the estimate, or 0 without one, where nil) and `isUnmeasured` (nil when
    /// every height is given). O(items).
    public var measuredItemHeights: [Double?] {
        get {
            guard let unmeasuredMask else { return itemHeights }
            return zip(itemHeights, unmeasuredMask).map { $1 ? nil : $0 }
        }
        set {
            itemHeights = newValue.map { $0 ?? estimatedItemHeight ?? 0 }
            isUnmeasured = newValue.contains(nil) ? newValue.map { $0 == nil } : nil
        }
    }

    /// Whether item `item` is not measured yet. O(1).
    @inlinable
    public func isItemUnmeasured(_ item: Int) -> Bool {
        isUnmeasured?[item] ?? false
    }

    /// How many items an engine lays out: all of them, or with `deferred` unmeasured items
    /// the measured ones, which come first. O(1).
    func laidOutItemCount(_ unmeasuredItems: UnmeasuredItems) -> Int {
        Self.laidOutItemCount(itemCount: itemHeights.count, unmeasuredCount: unmeasuredCount, unmeasuredItems)
    }

    /// How many items `laidOutItemCount` leaves out. O(1).
    func deferredItemCount(_ unmeasuredItems: UnmeasuredItems) -> Int {
        Self.deferredItemCount(unmeasuredCount: unmeasuredCount, unmeasuredItems)
    }

    /// `laidOutItemCount` of the section at `section`, from its stored fields: the engine's hot
    /// paths hold sections by pointer, and a method called on `pointee` copies the whole section
    /// first (three arrays: about 200 instructions), where a field read through it does not.
    @inline(__always)
    static func laidOutItemCount(of section: UnsafePointer<SectionDescription>, _ unmeasuredItems: UnmeasuredItems) -> Int {
        laidOutItemCount(itemCount: section.pointee.itemHeights.count, unmeasuredCount: section.pointee.unmeasuredCount, unmeasuredItems)
    }

    /// `deferredItemCount` of the section at `section`, from its stored count.
    @inline(__always)
    static func deferredItemCount(of section: UnsafePointer<SectionDescription>, _ unmeasuredItems: UnmeasuredItems) -> Int {
        deferredItemCount(unmeasuredCount: section.pointee.unmeasuredCount, unmeasuredItems)
    }

    /// The items laid out of `itemCount`, `unmeasuredCount` of them unmeasured: the subtraction, once.
    @inline(__always)
    private static func laidOutItemCount(itemCount: Int, unmeasuredCount: Int, _ unmeasuredItems: UnmeasuredItems) -> Int {
        itemCount - deferredItemCount(unmeasuredCount: unmeasuredCount, unmeasuredItems)
    }

    /// The rule, once: a deferred section leaves its unmeasured items out; an estimated one none.
    @inline(__always)
    private static func deferredItemCount(unmeasuredCount: Int, _ unmeasuredItems: UnmeasuredItems) -> Int {
        unmeasuredItems == .deferred ? unmeasuredCount : 0
    }

    /// Replaces the unmeasured flags of items `range` with `flags` (nil: measured), keeping the
    /// count; a section without flags gets them only when some item becomes unmeasured.
    /// O(range + flags), plus O(items) the first time.
    mutating func replaceUnmeasuredFlags(_ range: Range<Int>, with flags: [Bool]?, count: Int) {
        guard flags != nil || unmeasuredMask != nil else { return }
        if unmeasuredMask == nil {
            unmeasuredMask = Array(repeating: false, count: itemHeights.count)
        }
        unmeasuredCount -= unmeasuredMask![range].count(where: { $0 })
        unmeasuredCount += flags?.count(where: { $0 }) ?? 0
        if let flags {
            unmeasuredMask!.replaceSubrange(range, with: flags)
        } else {
            unmeasuredMask!.replaceSubrange(range, with: repeatElement(false, count: count))  // no array to allocate
        }
        if unmeasuredCount == 0 { unmeasuredMask = nil }  // every item measured: as if given measured
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
