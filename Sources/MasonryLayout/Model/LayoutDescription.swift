// A checked description of a masonry layout: its width, layout rules and sections.
/// A checked description of a masonry layout: the collection view's width, the layout rules,
/// and each section's columns, spacing, item heights and spans (<doc:LayoutFormat>).
///
/// Every value of this type has passed validation (finite, non-negative sizes within
/// `LayoutLimits`, room for at least one point of column width, consistent section modes), and
/// its adaptive sections' column counts are resolved for its width, so engines can lay it out
/// without failing. Building one costs O(sections + items) for the checks.
public struct LayoutDescription: Hashable, Sendable {
    public internal(set) var width: Double
    public internal(set) var placement: Placement
    public internal(set) var tieBreak: TieBreak
    public internal(set) var sectionStart: SectionStart
    public internal(set) var columnWidthRounding: ColumnWidthRounding
    /// Pixels per point for `columnWidthRounding` (2 or 3 on a Retina screen).
    public internal(set) var displayScale: Double
    public internal(set) var trailingItemSpacing: TrailingItemSpacing
    public internal(set) var axis: ScrollAxis
    public internal(set) var direction: ColumnDirection
    /// How items not measured yet are laid out (format v3).
    public internal(set) var unmeasuredItems: UnmeasuredItems
    /// What re-measuring an item does to the items after it (format v3).
    public internal(set) var remeasure: Remeasure
    /// Which end of the scroll axis items flow from (format v3).
    public internal(set) var scrollOrigin: ScrollOrigin
    /// How much higher than the lowest a start may be and still count as tied (format v3, CSS
    /// grid-lanes' tolerance; shortest column only); nil: not given, which is 0, format v2.
    public internal(set) var flowTolerance: Double?
    /// The sections, adaptive column counts resolved for `width` (`SectionDescription.columns`).
    public internal(set) var sections: [SectionDescription]

    public init(
        width: Double,
        placement: Placement = .shortestColumn,
        tieBreak: TieBreak = .lowestIndex,
        sectionStart: SectionStart = .belowLongestColumn,
        columnWidthRounding: ColumnWidthRounding = .none,
        displayScale: Double = 1,
        trailingItemSpacing: TrailingItemSpacing = .include,
        axis: ScrollAxis = .vertical,
        direction: ColumnDirection = .leftToRight,
        unmeasuredItems: UnmeasuredItems = .estimated,
        remeasure: Remeasure = .reflow,
        scrollOrigin: ScrollOrigin = .start,
        flowTolerance: Double? = nil,
        sections: [SectionDescription]
    ) throws(LayoutError) {
        self.width = Self.withoutNegativeZero(width)
        self.placement = placement
        self.tieBreak = tieBreak
        self.sectionStart = sectionStart
        self.columnWidthRounding = columnWidthRounding
        self.displayScale = displayScale
        self.trailingItemSpacing = trailingItemSpacing
        self.axis = axis
        self.direction = direction
        self.unmeasuredItems = unmeasuredItems
        self.remeasure = remeasure
        self.scrollOrigin = scrollOrigin
        self.flowTolerance = flowTolerance.map(Self.withoutNegativeZero)
        self.sections = sections.map { $0.withoutNegativeZeros() }
        try validate()
    }

    /// Total number of items over all sections. O(sections).
    public var itemCount: Int { sections.reduce(0) { $0 + $1.itemHeights.count } }

    /// The width of a one-column item of section `section`, computed as the layout arithmetic
    /// (<doc:LayoutArithmetic>) says (in layout coordinates: a horizontal layout's item height on
    /// screen); with `columnWeights` (format v3), the narrowest column's. O(1), O(columns)
    /// weighted.
    public func columnWidth(ofSection section: Int) -> Double {
        guard sections.withElementPointer(section, { $0.pointee.columnWeights != nil }) else {
            return geometry(ofSection: section).columnWidth
        }
        return narrowestColumn(ofSection: section).width
    }

    /// Section `section`'s narrowest column and its width (the first of equals): what a
    /// one-column item of a weighted section is at least as wide as. O(columns).
    func narrowestColumn(ofSection section: Int) -> (column: Int, width: Double) {
        withColumnFrames(ofSection: section) { frames in
            let column = (0..<frames.count).min { frames.width(ofColumn: $0) < frames.width(ofColumn: $1) }!
            return (column, frames.width(ofColumn: column))
        }
    }

    /// Calls `body` with section `section`'s column frames: its geometry, and for
    /// `columnWeights` a table of each column's x and width in a buffer lent for the call.
    /// O(1) for equal columns (no allocation), O(columns) weighted.
    func withColumnFrames<Result>(ofSection section: Int, _ body: (ColumnFrames) -> Result) -> Result {
        let geometry = geometry(ofSection: section)
        let count = sections.withElementPointer(section) { $0.pointee.columns }
        guard geometry.isWeighted else { return body(ColumnFrames(geometry: geometry, table: nil, count: count)) }
        let table = [Double](unsafeUninitializedCapacity: 2 * count) { table, initialized in
            writeColumnTable(ofSection: section, geometry: geometry, into: table)
            initialized = 2 * count
        }
        return table.withUnsafeBufferPointer { body(ColumnFrames(geometry: geometry, table: $0.baseAddress!, count: count)) }
    }

    /// Writes weighted section `section`'s column table into `table` (two words a column): x
    /// and width in pairs, `LayoutArithmetic.weightedColumns`. O(columns), no allocation (the
    /// optimized engine writes it into the section's buffers on every lay-out).
    func writeColumnTable(ofSection section: Int, geometry: SectionGeometry, into table: UnsafeMutableBufferPointer<Double>) {
        precondition(geometry.isWeighted, "equal columns have no table")
        sections.withElementPointer(section) { pointer in
            pointer.pointee.columnWeights!.withUnsafeBufferPointer {
                LayoutArithmetic.weightedColumns(width: width, columns: SectionColumns(of: pointer), weights: $0, rounding: columnWidthRounding,
                                                 displayScale: displayScale, direction: direction, into: table)
            }
        }
    }

    @usableFromInline
    func geometry(ofSection section: Int) -> SectionGeometry {
        SectionGeometry(width: width, columns: sections.withElementPointer(section, SectionColumns.init(of:)), rounding: columnWidthRounding,
                        displayScale: displayScale, direction: direction)
    }
}

// MARK: - Negative zero

extension LayoutDescription {
    /// -0 read as 0. Lengths are never negative, and -0 would otherwise order differently from
    /// +0 in the optimized engine's bit-pattern comparisons while comparing equal in the reference.
    static func withoutNegativeZero(_ value: Double) -> Double {
        value == 0 ? 0 : value
    }

    /// `heights` with every -0 read as 0; the same array (no copy) when there is none.
    static func withoutNegativeZeros(_ heights: [Double]) -> [Double] {
        heights.contains { $0 == 0 && $0.sign == .minus } ? heights.map(withoutNegativeZero) : heights
    }
}

extension SectionDescription {
    func withoutNegativeZeros() -> SectionDescription {
        let zeroless = LayoutDescription.withoutNegativeZero
        var copy = self
        copy.inset = EdgeInsets(top: zeroless(inset.top), left: zeroless(inset.left),
                                bottom: zeroless(inset.bottom), right: zeroless(inset.right))
        copy.columnSpacing = zeroless(columnSpacing)
        copy.itemSpacing = zeroless(itemSpacing)
        copy.headerHeight = zeroless(headerHeight)
        copy.footerHeight = zeroless(footerHeight)
        copy.itemHeights = LayoutDescription.withoutNegativeZeros(itemHeights)
        copy.estimatedItemHeight = estimatedItemHeight.map(zeroless)
        copy.columnCountTolerance = columnCountTolerance.map(zeroless)
        copy.stamps = stamps.map { $0.map { Rect(x: zeroless($0.x), y: zeroless($0.y), width: zeroless($0.width), height: zeroless($0.height)) } }
        return copy
    }
}
