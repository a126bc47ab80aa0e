// The arithmetic of a masonry layout, written once for both engines, operation order included.
/// The arithmetic of a masonry layout, written once, operation order included.
///
/// Both engines call these functions (or, where the optimized engine vectorizes, perform the
/// same IEEE-754 operations in the same order), which is what makes their frames equal bit for
/// bit. MasonryLayout.docc/LayoutArithmetic.md states the same rules in prose.
@usableFromInline
enum LayoutArithmetic {
    /// An adaptive section's column count: `quotient = available / stride` with `available =
    /// (((width - left) - right) + columnSpacing)` and `stride = (minColumnWidth +
    /// columnSpacing)`, `quotient.rounded(.down)`, at least 1, at most 1,024 and `maxColumns`.
    /// With a `tolerance` (format v3's `columnCountTolerance`, masonry.js's `measureColumns`):
    /// `excess = stride - available.truncatingRemainder(dividingBy: stride)`, and the quotient is
    /// rounded to nearest (`.rounded()`) instead when `excess != 0 && excess < tolerance`.
    ///
    /// The quotient is clamped to 1...1024 as a double, before the conversion to an integer, so no
    /// value traps (a tiny `minColumnWidth` makes it +infinity, insets wider than the view make it
    /// negative); the count is the issue's `min(maxColumns, max(1, Int(min(quotient, 1024))))`.
    @inlinable
    static func adaptiveColumnCount(
        width: Double, inset: EdgeInsets, columnSpacing: Double, minColumnWidth: Double, maxColumns: Int?,
        tolerance: Double? = nil
    ) -> Int {
        let (available, stride) = adaptiveFit(width: width, inset: inset, columnSpacing: columnSpacing, minColumnWidth: minColumnWidth)
        let quotient = available / stride
        var fitting = quotient.rounded(.down)
        if let tolerance {
            let excess = columnCountExcess(available: available, stride: stride)
            if excess != 0, excess < tolerance { fitting = quotient.rounded() }
        }
        let count = Int(min(max(fitting, 1), Double(LayoutLimits.maximumColumns)))
        return min(count, maxColumns ?? count)
    }

    /// An adaptive count's `available = ((width - left) - right) + columnSpacing` and `stride =
    /// minColumnWidth + columnSpacing`: the count is how many strides the room holds.
    @inlinable
    static func adaptiveFit(width: Double, inset: EdgeInsets, columnSpacing: Double, minColumnWidth: Double)
        -> (available: Double, stride: Double) {
        (((width - inset.left) - inset.right) + columnSpacing, minColumnWidth + columnSpacing)
    }

    /// How far the room falls short of one more stride: `stride -
    /// available.truncatingRemainder(dividingBy: stride)` (masonry.js's `excess`).
    @inlinable
    static func columnCountExcess(available: Double, stride: Double) -> Double {
        stride - available.truncatingRemainder(dividingBy: stride)
    }

    /// `(((width - left) - right) - columnSpacing * (columns - 1)) / columns`, then rounded to
    /// the pixel grid if asked (`roundedColumnWidth`), then, with a `maxColumnWidth` (format
    /// v3), `min(rounded, maxColumnWidth)`. `columns` must be resolved.
    @inlinable
    static func columnWidth(
        width: Double, columns: SectionColumns, rounding: ColumnWidthRounding, displayScale: Double
    ) -> Double {
        let available = ((width - columns.inset.left) - columns.inset.right) - columns.spacing * Double(columns.count - 1)
        let rounded = roundedColumnWidth(available / Double(columns.count), rounding: rounding, displayScale: displayScale)
        guard let maxColumnWidth = columns.maxColumnWidth else { return rounded }
        return min(rounded, maxColumnWidth)
    }

    /// A section's `columnWeights` added in order, from the first: the `sum` each share
    /// divides by. O(columns).
    @inlinable
    static func weightSum(_ weights: some Sequence<Double>) -> Double {
        var sum = 0.0
        for weight in weights { sum += weight }
        return sum
    }

    /// Writes weighted columns' x and widths in pairs (`table[2c]`, `table[2c + 1]`; format v3's
    /// `columnWeights`, k of them): `available = ((width - left) - right) - columnSpacing *
    /// Double(k - 1)`, column c `available * (weight[c] / sum)` wide, rounded as
    /// `roundedColumnWidth` says; left to right `x[0] = left`, `x[c + 1] = (x[c] + w[c]) +
    /// columnSpacing`, right to left `x[0] = (width - right) - w[0]`, `x[c + 1] = (x[c] -
    /// columnSpacing) - w[c + 1]`. O(columns).
    @inlinable
    static func weightedColumns(
        width: Double, columns: SectionColumns, weights: UnsafeBufferPointer<Double>, rounding: ColumnWidthRounding,
        displayScale: Double, direction: ColumnDirection, into table: UnsafeMutableBufferPointer<Double>
    ) {
        let count = weights.count
        let available = ((width - columns.inset.left) - columns.inset.right) - columns.spacing * Double(count - 1)
        let sum = weightSum(weights)
        for column in 0..<count {
            table[2 * column + 1] = roundedColumnWidth(available * (weights[column] / sum), rounding: rounding, displayScale: displayScale)
        }
        switch direction {
        case .leftToRight:
            table[0] = columns.inset.left
            for column in 1..<max(1, count) { table[2 * column] = (table[2 * column - 2] + table[2 * column - 1]) + columns.spacing }
        case .rightToLeft:
            table[0] = (width - columns.inset.right) - table[1]
            for column in 1..<max(1, count) { table[2 * column] = (table[2 * column - 2] - columns.spacing) - table[2 * column + 1] }
        }
    }

    /// How far `center` alignment moves every column (format v3): half the room the columns
    /// leave between the insets, `(((width - left) - right) - used) / 2` with `used =
    /// columnWidth * Double(columns) + columnSpacing * Double(columns - 1)`. Negative where
    /// nearest rounding widens the columns past the insets: they stay centred.
    @inlinable
    static func centeringOffset(width: Double, columns: SectionColumns, columnWidth: Double) -> Double {
        let used = columnWidth * Double(columns.count) + columns.spacing * Double(columns.count - 1)
        return (((width - columns.inset.left) - columns.inset.right) - used) / 2
    }

    /// `(exact * displayScale).rounded() / displayScale` for `nearest`, `.rounded(.down)` for
    /// `floor`, `exact` for `none`. With `displayScale` 1 both products are exact, so `nearest` is
    /// format v1's `exact.rounded()` bit for bit.
    @inlinable
    static func roundedColumnWidth(_ exact: Double, rounding: ColumnWidthRounding, displayScale: Double) -> Double {
        switch rounding {
        case .none: exact
        case .nearest: (exact * displayScale).rounded() / displayScale
        case .floor: (exact * displayScale).rounded(.down) / displayScale
        }
    }

    /// The distance a column grows by when an item lands in it: `height + spacing`, computed
    /// before it is added to the column (so the optimized engine can compute it ahead of time).
    @inlinable
    static func advance(itemHeight: Double, itemSpacing: Double) -> Double {
        itemHeight + itemSpacing
    }

    /// A column's height after an item: `columnHeight + advance`, one addition. A spanning item
    /// sets every column it covers to the same `grow(y, by: advance)`.
    @inlinable
    static func grow(_ columnHeight: Double, by advance: Double) -> Double {
        columnHeight + advance
    }

    /// `grow(_:by:)` in both lanes: the same addition, two at a time (`addpd`).
    @inlinable
    static func grow(_ columnHeights: SIMD2<Double>, by advance: Double) -> SIMD2<Double> {
        columnHeights + SIMD2(repeating: advance)
    }

    /// An item's bottom edge, `y + height` (section-local): where a column ends after its last
    /// item with `trailingItemSpacing: "exclude"`.
    @inlinable
    static func itemBottom(localY: Double, itemHeight: Double) -> Double {
        localY + itemHeight
    }

    /// Where a section's footer starts, section-local: `deepest + insetBottom`, where `deepest`
    /// is its longest column (or with `trailingItemSpacing: "exclude"` its deepest item bottom).
    /// With `deferred` unmeasured items, `u` of them, the section first reserves `rows =
    /// (u + columns - 1) / columns` (integers) rows of the estimate: `(deepest + Double(rows) *
    /// estimatedItemHeight) + insetBottom`, masonic's "tallest column + ceil(unmeasured /
    /// columns) × estimate". With no deferred item it is format v2's `deepest + insetBottom`.
    @inlinable
    static func localBottom(deepest: Double, reservingRowsFor deferredItems: Int, columns: Int, estimatedItemHeight: Double,
                            insetBottom: Double) -> Double {
        guard deferredItems > 0 else { return deepest + insetBottom }
        let rows = (deferredItems + columns - 1) / columns
        return (deepest + Double(rows) * estimatedItemHeight) + insetBottom
    }

    /// A section's height along the scroll axis, `localBottom + footerHeight` (`belowLongestColumn`).
    @inlinable
    static func sectionHeight(localBottom: Double, footerHeight: Double) -> Double {
        localBottom + footerHeight
    }

    /// The next section's top, `sectionTop + sectionHeight`, one addition: the tops are a
    /// running sum from 0 in section order (`belowLongestColumn`), and the last one is the
    /// content's length.
    @inlinable
    static func nextSectionTop(after sectionTop: Double, sectionHeight: Double) -> Double {
        sectionTop + sectionHeight
    }

    /// The highest start top that still counts as tied with the lowest, `minimum`, under format
    /// v3's `flowTolerance`: `minimum + flowTolerance`, one addition. Every start whose top is
    /// `<=` it is a candidate, and the tie rule picks the lowest or the highest of them.
    @inlinable
    static func flowThreshold(minimum: Double, flowTolerance: Double) -> Double {
        minimum + flowTolerance
    }

    /// A column's start height after a section's `stamps` (format v3, masonry.js's `stamp`),
    /// each in order: where the column's span `[x, x + columnWidth]` meets the stamp's `[x, x +
    /// width]` with open edges (`x < stamp.x + stamp.width && stamp.x < x + columnWidth`), the
    /// height becomes `max(height, stamp.y + stamp.height)`. O(stamps).
    @inlinable
    static func stamped(_ height: Double, column: Int, columns: ColumnFrames, stamps: [Rect]) -> Double {
        let x = columns.x(ofColumn: column)
        let columnWidth = columns.width(ofColumn: column)
        var stamped = height
        for stamp in stamps where x < stamp.x + stamp.width && stamp.x < x + columnWidth {
            stamped = max(stamped, stamp.y + stamp.height)
        }
        return stamped
    }

    /// A stamp's frame in layout coordinates: its rect with `y` made absolute, `sectionTop + y`
    /// (`absoluteY`; 0 for every section in `continueColumns` mode, the one coordinate space).
    @inlinable
    static func stampFrame(_ stamp: Rect, sectionTop: Double) -> Rect {
        Rect(x: stamp.x, y: absoluteY(stamp.y, sectionTop: sectionTop), width: stamp.width, height: stamp.height)
    }

    /// Where a section's columns start, in section-local coordinates: below the header, then the top inset.
    @inlinable
    static func columnStart(headerHeight: Double, insetTop: Double) -> Double {
        headerHeight + insetTop
    }

    /// A section-local y in the collection view's coordinates: `sectionTop + localY`, one addition.
    @inlinable
    static func absoluteY(_ localY: Double, sectionTop: Double) -> Double {
        sectionTop + localY
    }

    /// A frame's (or query rect's) scroll-axis position from the content's end (format v3's
    /// `scrollOrigin: "end"`): `contentLength - (y + height)`, layout coordinates.
    @inlinable
    static func mirrored(y: Double, height: Double, contentLength: Double) -> Double {
        contentLength - (y + height)
    }

    /// A pinned header's y for a query rect whose top is `rectMinY`: `min(max(rectMinY,
    /// sectionTop), (sectionTop + localBottom) - headerHeight)`, its natural place or the rect's
    /// top, but never below where the section's footer starts. (`sectionTop + localBottom` is
    /// the footer's y, the same single addition as `absoluteY`.)
    @inlinable
    static func pinnedHeaderY(rectMinY: Double, sectionTop: Double, localBottom: Double, headerHeight: Double) -> Double {
        min(max(rectMinY, sectionTop), absoluteY(localBottom, sectionTop: sectionTop) - headerHeight)
    }
}

/// The fields of a section that its columns' geometry depends on: a few words, read from the
/// section in place, where the section itself holds arrays (a copy of it retains and releases
/// each: about 250 instructions a section on a prepare's path, instruction mode).
@usableFromInline
struct SectionColumns {
    @usableFromInline let count: Int
    @usableFromInline let inset: EdgeInsets
    @usableFromInline let spacing: Double
    @usableFromInline let maxColumnWidth: Double?
    @usableFromInline let alignment: ColumnAlignment
    /// Whether the section gives `columnWeights` (format v3): its columns' x and widths are
    /// then a table (`LayoutArithmetic.weightedColumns`), not this geometry's.
    @usableFromInline let isWeighted: Bool

    /// The columns of the section at `section` (its count resolved), read through the pointer.
    @inlinable
    init(of section: UnsafePointer<SectionDescription>) {
        count = section.pointee.columns
        inset = section.pointee.inset
        spacing = section.pointee.columnSpacing
        maxColumnWidth = section.pointee.maxColumnWidth
        alignment = section.pointee.columnAlignment
        // One weighted column is the equal one (available * 1.0), bit for bit.
        isWeighted = section.pointee.columnWeights != nil && count > 1
    }
}

/// The horizontal geometry of one section: where each column is and how wide items are.
@usableFromInline
struct SectionGeometry: Sendable {
    /// The section's left inset.
    @usableFromInline let left: Double
    @usableFromInline let columnWidth: Double
    /// `columnWidth + columnSpacing`, the distance from one column's x to the next one's.
    @usableFromInline let step: Double
    @usableFromInline let columnSpacing: Double
    /// Column 0's x: `left`, or `(width - right) - columnWidth` right to left; centred (format
    /// v3), `left + offset`, or `((width - right) - offset) - columnWidth`.
    @usableFromInline let firstColumnX: Double
    /// `step` left to right, `-step` right to left: column c's x is `firstColumnX + c * signedStep`,
    /// which for `-step` has the bits of `firstColumnX - c * step` (IEEE negation is exact and
    /// rounding is symmetric), so one expression serves both directions without a branch.
    @usableFromInline let signedStep: Double
    @usableFromInline let direction: ColumnDirection
    /// Whether the columns are weighted (format v3's `columnWeights`): their x and widths are
    /// then `LayoutArithmetic.weightedColumns`', and a span's width is their far edge less its x.
    @usableFromInline let isWeighted: Bool

    /// The geometry of a section's `columns` (their count resolved) in a view `width` wide.
    @inlinable
    init(width: Double, columns: SectionColumns, rounding: ColumnWidthRounding, displayScale: Double,
         direction: ColumnDirection) {
        left = columns.inset.left
        columnWidth = LayoutArithmetic.columnWidth(width: width, columns: columns, rounding: rounding, displayScale: displayScale)
        step = columnWidth + columns.spacing
        columnSpacing = columns.spacing
        self.direction = direction
        isWeighted = columns.isWeighted
        // `leading` adds no offset at all (not a zero one), so format v2's bits stay.
        let offset: Double? = columns.alignment == .center
            ? LayoutArithmetic.centeringOffset(width: width, columns: columns, columnWidth: columnWidth) : nil
        let leftInset = columns.inset.left
        let trailingEdge = width - columns.inset.right
        switch direction {
        case .leftToRight:
            firstColumnX = if let offset { leftInset + offset } else { leftInset }
            signedStep = step
        case .rightToLeft:
            let columnsEnd = if let offset { trailingEdge - offset } else { trailingEdge }
            firstColumnX = columnsEnd - columnWidth
            signedStep = -step
        }
    }

    /// The geometry of a section with no columns yet (a placeholder).
    static let empty = SectionGeometry()

    private init() {
        left = 0
        columnWidth = 0
        step = 0
        columnSpacing = 0
        firstColumnX = 0
        signedStep = 0
        direction = .leftToRight
        isWeighted = false
    }

    /// Column `c`'s x: `left + c * (columnWidth + columnSpacing)` left to right,
    /// `((width - right) - columnWidth) - c * (columnWidth + columnSpacing)` right to left
    /// (centred: `(left + offset) + c * step`, `(((width - right) - offset) - columnWidth) - c *
    /// step`).
    @inlinable
    func x(ofColumn column: Int) -> Double {
        firstColumnX + Double(column) * signedStep
    }

    /// The x of an item covering columns `start..<start + span`: that of the covered column that
    /// is leftmost on screen (`start` left to right, `start + span - 1` right to left).
    @inlinable
    func x(ofSpanFrom start: Int, columns span: Int) -> Double {
        x(ofColumn: direction == .leftToRight ? start : start + span - 1)
    }

    /// The width of an item covering `span` columns: `columnWidth` for one, else
    /// `columnWidth * span + columnSpacing * (span - 1)`.
    @inlinable
    func width(ofSpan span: Int) -> Double {
        span == 1 ? columnWidth : columnWidth * Double(span) + columnSpacing * Double(span - 1)
    }
}

extension ScrollAxis {
    /// A rect between layout coordinates (always vertical) and the collection view's: itself for
    /// a vertical layout, transposed for a horizontal one. Exact, and its own inverse.
    @inlinable
    func onScreen(_ rect: Rect) -> Rect {
        self == .vertical ? rect : rect.transposed
    }

    /// A size between layout coordinates and the collection view's, as `onScreen(_:)` for rects.
    @inlinable
    func onScreen(_ size: Size) -> Size {
        self == .vertical ? size : size.transposed
    }
}

/// Between layout coordinates (vertical, items flowing from y = 0) and the collection view's:
/// with `scrollOrigin: "end"` (format v3) the scroll axis mirrored (`LayoutArithmetic.mirrored`),
/// then a horizontal layout transposed. Both engines map every frame they return and every query
/// rect they take through one of these.
@usableFromInline
struct ScreenMapping: Sendable {
    @usableFromInline let axis: ScrollAxis
    /// The content's length along the scroll axis (layout coordinates) when mirrored; nil when
    /// items flow from the start.
    @usableFromInline let mirroredLength: Double?

    @inlinable
    init(axis: ScrollAxis, origin: ScrollOrigin, contentLength: Double) {
        self.axis = axis
        mirroredLength = origin == .end ? contentLength : nil
    }

    /// Whether frames are the same on screen: vertical, from the start.
    @inlinable
    var isIdentity: Bool { axis == .vertical && mirroredLength == nil }

    /// A frame in layout coordinates on screen: mirrored, then transposed.
    @inlinable
    func onScreen(_ frame: Rect) -> Rect {
        guard let length = mirroredLength else { return axis.onScreen(frame) }
        var mirrored = frame
        mirrored.y = LayoutArithmetic.mirrored(y: frame.y, height: frame.height, contentLength: length)
        return axis.onScreen(mirrored)
    }

    /// A query rect on screen in layout coordinates: transposed, then mirrored the same way
    /// (the rect's far edge becomes its top), so that it is tested against unmirrored frames.
    @inlinable
    func inLayout(_ rect: Rect) -> Rect {
        var layoutRect = axis.onScreen(rect)
        if let length = mirroredLength {
            layoutRect.y = LayoutArithmetic.mirrored(y: layoutRect.y, height: layoutRect.height, contentLength: length)
        }
        return layoutRect
    }
}
