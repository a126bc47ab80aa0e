// Invariants every correct layout holds (heights, span widths, column x, order, bounds), checked.
@_spi(Verification) import MasonryLayout

/// Properties every correct layout has, whatever the engine, read in layout coordinates (a
/// horizontal layout's frames transposed back): each item is its height tall and as wide as
/// its span (one column, or `columnWidth * k + columnSpacing * (k - 1)`; weighted columns, from
/// the leftmost covered column's x to the rightmost's far edge), starts at a column's
/// x, the items covering a column come in y order without overlapping, and every frame lies
/// inside the content size; format v3: an unmeasured item laid out with its estimate is exactly
/// that tall, and a deferred one has no frame, is returned by no query, and leaves its rows
/// reserved below its section's deepest column; format v3's `scrollOrigin: "end"`: every frame
/// the one from the start mirrored (`MirroredOrigin`); format v3's `flowTolerance`: every item
/// within it of the lowest start (`WithinFlowTolerance`); format v3's stamps: no item above a
/// stamp in a column it meets (`ClearOfStamps`). O(items × span), O(items × columns) with a flow
/// tolerance, O(items × span × stamps) with stamps.
package enum LayoutInvariants {
    /// The first violated invariant, or nil.
    ///
    /// Absolute y is `sectionTop + localY`, one more rounding than the local arithmetic, so two
    /// items of a column in a section that does not start at 0 may overlap by an ulp or two, and
    /// a frame may end that much below the content; such sections get two ulps of slack. Widths,
    /// x values and the order of y values are exact.
    package static func firstViolation(in engine: some LayoutEngine) -> String? {
        let description = engine.layoutDescription
        // From the end: the layout from the start, mirrored exactly, holds them (`MirroredOrigin`).
        if description.scrollOrigin == .end { return MirroredOrigin.firstViolation(in: engine) }
        let horizontal = description.axis == .horizontal
        let inLayout = { (rect: Rect) in horizontal ? Rect(x: rect.y, y: rect.x, width: rect.height, height: rect.width) : rect }
        let size = engine.contentSize
        let content = horizontal ? Size(width: size.height, height: size.width) : size
        // The last item covering each column: its index and frame. One buffer, reused from
        // section to section (the fuzzer checks this after every step).
        var lastInColumn: [(item: Int, frame: Rect)?] = []
        for (section, sectionDescription) in description.sections.enumerated() {
            let columns = ColumnPositions(description, section: section)
            // Weighted columns' x values are running sums (one rounding per column), so their
            // far edge may pass the width by an ulp or so per column (129 equal weights in 768
            // points: 768.000000000001).
            let edgeSlack = Double(8 + (columns.weighted == nil ? 0 : 2 * columns.count)) * description.width.ulp
            if let maxColumnWidth = sectionDescription.maxColumnWidth, columns.columnWidth > maxColumnWidth {
                return "section \(section)'s columns are \(columns.columnWidth) wide, past its maxColumnWidth \(maxColumnWidth)"
            }
            lastInColumn.removeAll(keepingCapacity: true)
            lastInColumn.append(contentsOf: repeatElement(nil, count: columns.count))
            let deferred = description.unmeasuredItems == .deferred
            for item in sectionDescription.itemHeights.indices {
                if deferred, sectionDescription.isItemUnmeasured(item) {
                    guard engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)) == nil else {
                        return "section \(section) item \(item) is unmeasured and deferred, yet has a frame"
                    }
                    continue
                }
                guard let screen = engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)) else {
                    return "section \(section) item \(item) has no frame"
                }
                let frame = inLayout(screen)
                let span = sectionDescription.span(ofItem: item).columnCount(in: columns.count)
                guard let (start, shared) = columns.start(ofSpanAt: frame.x, columns: span, width: frame.width) else {
                    guard let (start, _) = columns.start(ofSpanAt: frame.x, columns: span) else {
                        return "section \(section) item \(item) at x \(frame.x) starts at no column's x"
                    }
                    let width = columns.width(ofSpanFrom: start, columns: span)
                    return "section \(section) item \(item) is \(frame.width) wide, \(span) column(s) from column \(start) are \(width)"
                }
                if sectionDescription.isItemUnmeasured(item), let estimate = sectionDescription.estimatedItemHeight,
                   frame.height.bitPattern != estimate.bitPattern {
                    return "section \(section) item \(item) is unmeasured and \(frame.height) long, its section's estimate is \(estimate)"
                }
                guard frame.height.bitPattern == sectionDescription.itemHeights[item].bitPattern else {
                    return "section \(section) item \(item) is \(frame.height) long, its height is \(sectionDescription.itemHeights[item])"
                }
                guard frame.minY >= 0, frame.maxY <= slack(content.height, 2) else {
                    return "section \(section) item \(item) at \(screen) lies outside the content size \(size)"
                }
                // Nearest rounding may widen the columns past the insets (left of 0 right to left);
                // otherwise a frame ends inside the width, up to the roundings of x and of a span's
                // width (a few ulps of the width).
                if description.columnWidthRounding != .nearest, frame.minX < -edgeSlack || frame.maxX > description.width + edgeSlack {
                    return "section \(section) item \(item) at \(screen) lies outside the width \(description.width)"
                }
                // Columns closer than an ulp of their x (a tiny maxColumnWidth beside a wide inset)
                // share it: which of them holds the item the frame cannot tell, nor the order in it.
                for column in start..<(start + span) where !shared {
                    if let previous = lastInColumn[column] {
                        guard frame.minY >= previous.frame.minY else {
                            return "section \(section): item \(item) starts above item \(previous.item) in column \(column)"
                        }
                        guard frame.minY >= slack(previous.frame.maxY, -2) else {
                            return "section \(section): item \(item) at y \(frame.minY) overlaps item \(previous.item) in column \(column), which ends at \(previous.frame.maxY)"
                        }
                    }
                    lastInColumn[column] = (item, frame)
                }
            }
        }
        if let violation = WithinFlowTolerance.firstViolation(in: engine) { return violation }
        if let violation = ClearOfStamps.firstViolation(in: engine) { return violation }
        return description.unmeasuredItems == .deferred ? DeferredRows.firstViolation(in: engine) : nil
    }

    /// `value` moved by `ulps` units in the last place (up when positive).
    static func slack(_ value: Double, _ ulps: Int) -> Double {
        var result = value
        for _ in 0..<abs(ulps) { result = ulps > 0 ? result.nextUp : result.nextDown }
        return result
    }
}

/// A section's columns as the layout arithmetic (MasonryLayout.docc/LayoutArithmetic.md) places
/// them: column `c` at `left + c * step` left to right, `((width - right) - columnWidth) - c *
/// step` right to left, `step = columnWidth + columnSpacing`; centred (format v3), moved by
/// half the room the columns leave between the insets; weighted (format v3's `columnWeights`),
/// each its share of the room, side by side from the leading inset, spans from the leftmost
/// covered column's x to the rightmost's far edge.
struct ColumnPositions {
    let count: Int
    let columnWidth: Double
    let columnSpacing: Double
    let step: Double
    let firstX: Double
    let rightToLeft: Bool
    /// Weighted columns: each column's x and width, in column order; nil for equal columns.
    let weighted: (xs: [Double], widths: [Double])?

    init(_ description: LayoutDescription, section: Int) {
        let sectionDescription = description.sections[section]
        count = sectionDescription.columns
        columnWidth = description.columnWidth(ofSection: section)
        columnSpacing = sectionDescription.columnSpacing
        step = columnWidth + columnSpacing
        rightToLeft = description.direction == .rightToLeft
        let (left, right) = (sectionDescription.inset.left, sectionDescription.inset.right)
        if sectionDescription.columnAlignment == .center {
            let used = columnWidth * Double(count) + columnSpacing * Double(count - 1)
            let offset = (((description.width - left) - right) - used) / 2
            firstX = rightToLeft ? ((description.width - right) - offset) - columnWidth : left + offset
        } else {
            firstX = rightToLeft ? (description.width - right) - columnWidth : left
        }
        let rightToLeft = rightToLeft
        weighted = sectionDescription.columnWeights.map { _ in
            Self.weightedColumns(widths: VerificationHooks.columnExtents(ofSection: section, in: description).map(\.width),
                                 width: description.width, section: sectionDescription, rightToLeft: rightToLeft)
        }
    }

    /// Weighted columns' x, restated from their widths (the rounding of each column's share is
    /// `LayoutArithmetic.weightedColumns`', told through `VerificationHooks.columnExtents`): each
    /// x the previous column's far edge plus the spacing, right to left from the right inset
    /// leftwards.
    private static func weightedColumns(widths: [Double], width: Double, section: SectionDescription,
                                        rightToLeft: Bool) -> (xs: [Double], widths: [Double]) {
        var xs = [rightToLeft ? (width - section.inset.right) - widths[0] : section.inset.left]
        for column in 1..<max(1, widths.count) {
            xs.append(rightToLeft ? (xs[column - 1] - section.columnSpacing) - widths[column]
                                  : (xs[column - 1] + widths[column - 1]) + section.columnSpacing)
        }
        return (xs, widths)
    }

    func x(ofColumn column: Int) -> Double {
        if let weighted { return weighted.xs[column] }
        return rightToLeft ? firstX - Double(column) * step : firstX + Double(column) * step
    }

    func width(ofColumn column: Int) -> Double {
        weighted?.widths[column] ?? columnWidth
    }

    /// Whether column `column` meets `stamp` across (x, width) with open edges, as stamps raise
    /// columns: `x < stamp.x + stamp.width && stamp.x < x + columnWidth`.
    func meets(column: Int, stamp: Rect) -> Bool {
        let x = x(ofColumn: column)
        return x < stamp.x + stamp.width && stamp.x < x + width(ofColumn: column)
    }

    /// The width of an item covering columns `start..<start + span`.
    func width(ofSpanFrom start: Int, columns span: Int) -> Double {
        guard let weighted else { return span == 1 ? columnWidth : columnWidth * Double(span) + columnSpacing * Double(span - 1) }
        guard span > 1 else { return weighted.widths[start] }
        let (left, right) = rightToLeft ? (start + span - 1, start) : (start, start + span - 1)
        return (weighted.xs[right] + weighted.widths[right]) - weighted.xs[left]
    }

    /// The first column covered by a span of `span` columns whose frame starts at `x` (its
    /// leftmost column is the start left to right, the last one right to left) and, given a
    /// `width`, is that wide (bit for bit: weighted columns sharing an x may differ in width),
    /// and whether another column has that x too; nil when `frameX` is no column's x (bit for
    /// bit) or no such span fits.
    func start(ofSpanAt frameX: Double, columns span: Int, width: Double? = nil) -> (start: Int, shared: Bool)? {
        let at = { (column: Int) in (0..<self.count).contains(column) && self.x(ofColumn: column).bitPattern == frameX.bitPattern }
        let found: Int?
        if weighted != nil {
            found = (0..<count).first(where: at)
        } else {
            let estimate = ((rightToLeft ? firstX - frameX : frameX - firstX) / step).rounded()
            guard estimate.isFinite, abs(estimate) < Double(count + 2) else { return nil }
            let guess = Int(estimate)
            found = (max(0, guess - 2)...min(count - 1, max(0, guess + 2))).first(where: at)
        }
        guard var first = found else { return nil }
        // Columns closer than the arithmetic's rounding (a step below an ulp of their x) share
        // it, as a run of neighbours, which may reach past the guess: the lowest of the run
        // whose span fits.
        while at(first - 1) { first -= 1 }
        var last = first
        while at(last + 1) { last += 1 }
        for leftmost in first...last {
            let start = rightToLeft ? leftmost - (span - 1) : leftmost
            guard start >= 0, start + span <= count else { continue }
            if let width, width.bitPattern != self.width(ofSpanFrom: start, columns: span).bitPattern { continue }
            return (start, last > first)
        }
        return nil
    }
}
