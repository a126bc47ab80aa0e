/// The arithmetic of a masonry layout, written once, operation order included.
///
/// Both engines call these functions (or, where the optimized engine vectorizes, perform the
/// same IEEE-754 operations in the same order), which is what makes their frames equal bit for
/// bit. README.md ("Layout arithmetic") states the same rules in prose.
@usableFromInline
enum LayoutArithmetic {
    /// `(((width - left) - right) - columnSpacing * (columns - 1)) / columns`, then rounded if asked.
    @inlinable
    static func columnWidth(
        width: Double, section: SectionDescription, rounding: ColumnWidthRounding
    ) -> Double {
        let available = ((width - section.inset.left) - section.inset.right)
            - section.columnSpacing * Double(section.columns - 1)
        let exact = available / Double(section.columns)
        switch rounding {
        case .none: return exact
        case .nearest: return exact.rounded()
        }
    }

    /// The distance a column grows by when an item lands in it: `height + spacing`, computed
    /// before it is added to the column (so the optimized engine can compute it ahead of time).
    @inlinable
    static func advance(itemHeight: Double, itemSpacing: Double) -> Double {
        itemHeight + itemSpacing
    }

    /// A column's height after an item: `columnHeight + advance`, one addition.
    @inlinable
    static func grow(_ columnHeight: Double, by advance: Double) -> Double {
        columnHeight + advance
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
}

/// The horizontal geometry of one section: where each column is and how wide items are.
@usableFromInline
struct SectionGeometry: Sendable {
    @usableFromInline let left: Double
    @usableFromInline let columnWidth: Double
    /// `columnWidth + columnSpacing`, the distance from one column's x to the next one's.
    @usableFromInline let step: Double

    @inlinable
    init(width: Double, section: SectionDescription, rounding: ColumnWidthRounding) {
        left = section.inset.left
        columnWidth = LayoutArithmetic.columnWidth(width: width, section: section, rounding: rounding)
        step = columnWidth + section.columnSpacing
    }

    /// The geometry of a section with no columns yet (a placeholder).
    static let empty = SectionGeometry(left: 0, columnWidth: 0, step: 0)

    private init(left: Double, columnWidth: Double, step: Double) {
        self.left = left
        self.columnWidth = columnWidth
        self.step = step
    }

    /// Column `c`'s x: `left + c * (columnWidth + columnSpacing)`.
    @inlinable
    func x(ofColumn column: Int) -> Double {
        left + Double(column) * step
    }
}
