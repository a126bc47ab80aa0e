/// A checked description of a masonry layout: the collection view's width, the layout rules,
/// and each section's columns, spacing and item heights.
///
/// Every value of this type has passed validation (finite, non-negative sizes within
/// `LayoutLimits`, room for at least one point of column width, consistent section modes), so
/// engines can lay it out without failing. Building one costs O(sections + items) for the checks.
public struct LayoutDescription: Hashable, Sendable {
    public internal(set) var width: Double
    public internal(set) var placement: Placement
    public internal(set) var tieBreak: TieBreak
    public internal(set) var sectionStart: SectionStart
    public internal(set) var columnWidthRounding: ColumnWidthRounding
    public internal(set) var sections: [SectionDescription]

    public init(
        width: Double,
        placement: Placement = .shortestColumn,
        tieBreak: TieBreak = .lowestIndex,
        sectionStart: SectionStart = .belowLongestColumn,
        columnWidthRounding: ColumnWidthRounding = .none,
        sections: [SectionDescription]
    ) throws(LayoutError) {
        self.width = Self.withoutNegativeZero(width)
        self.placement = placement
        self.tieBreak = tieBreak
        self.sectionStart = sectionStart
        self.columnWidthRounding = columnWidthRounding
        self.sections = sections.map { $0.withoutNegativeZeros() }
        try validate()
    }

    /// Total number of items over all sections. O(sections).
    public var itemCount: Int { sections.reduce(0) { $0 + $1.itemHeights.count } }

    /// The width of every item of section `section`, computed as README.md's layout arithmetic says.
    public func columnWidth(ofSection section: Int) -> Double {
        geometry(ofSection: section).columnWidth
    }

    @usableFromInline
    func geometry(ofSection section: Int) -> SectionGeometry {
        SectionGeometry(width: width, section: sections[section], rounding: columnWidthRounding)
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
        return SectionDescription(
            columns: columns,
            inset: EdgeInsets(top: zeroless(inset.top), left: zeroless(inset.left),
                              bottom: zeroless(inset.bottom), right: zeroless(inset.right)),
            columnSpacing: zeroless(columnSpacing), itemSpacing: zeroless(itemSpacing),
            headerHeight: zeroless(headerHeight), footerHeight: zeroless(footerHeight),
            itemHeights: LayoutDescription.withoutNegativeZeros(itemHeights))
    }
}

// MARK: - Validation

extension LayoutDescription {
    func validate() throws(LayoutError) {
        try Self.checkLength(width, at: "width", positive: true)
        guard sections.count <= LayoutLimits.maximumSections else {
            throw LayoutError(.invalidValue, at: "sections",
                              "at most \(LayoutLimits.maximumSections) sections, got \(sections.count)")
        }
        for index in sections.indices {
            try validateSection(at: index)
        }
    }

    /// Checks section `index` alone and against the layout (its column width, the section mode).
    func validateSection(at index: Int) throws(LayoutError) {
        let section = sections[index]
        let path = "sections[\(index)]"
        guard (1...LayoutLimits.maximumColumns).contains(section.columns) else {
            throw LayoutError(.invalidValue, at: "\(path).columns",
                              "must be an integer >= 1 and <= \(LayoutLimits.maximumColumns), got \(section.columns)")
        }
        try Self.checkLength(section.inset.top, at: "\(path).inset.top")
        try Self.checkLength(section.inset.left, at: "\(path).inset.left")
        try Self.checkLength(section.inset.bottom, at: "\(path).inset.bottom")
        try Self.checkLength(section.inset.right, at: "\(path).inset.right")
        try Self.checkLength(section.columnSpacing, at: "\(path).columnSpacing")
        try Self.checkLength(section.itemSpacing, at: "\(path).itemSpacing")
        try Self.checkLength(section.headerHeight, at: "\(path).headerHeight")
        try Self.checkLength(section.footerHeight, at: "\(path).footerHeight")
        try Self.checkItemHeights(section.itemHeights, from: 0, at: "\(path).itemHeights")

        let columnWidth = LayoutArithmetic.columnWidth(width: width, section: section, rounding: columnWidthRounding)
        guard columnWidth > 0 else {
            throw LayoutError(.invalidValue, at: path,
                              "insets and column spacing leave no room for \(section.columns) column(s) in width \(width): column width would be \(columnWidth)")
        }
        if sectionStart == .continueColumns {
            guard section.headerHeight == 0, section.footerHeight == 0 else {
                throw LayoutError(.unsupportedCombination, at: path,
                                  "sectionStart \"continueColumns\" allows no headers or footers")
            }
            guard section.columns == sections[0].columns else {
                throw LayoutError(.unsupportedCombination, at: "\(path).columns",
                                  "sectionStart \"continueColumns\" needs the same column count in every section: \(section.columns) here, \(sections[0].columns) in sections[0]")
            }
        }
    }

    static func checkLength(_ value: Double, at path: String, positive: Bool = false) throws(LayoutError) {
        guard value.isFinite else {
            throw LayoutError(.invalidValue, at: path, "must be a finite number, got \(value)")
        }
        guard positive ? value > 0 : value >= 0 else {
            throw LayoutError(.invalidValue, at: path, "must be \(positive ? ">" : ">=") 0, got \(value)")
        }
        guard value <= LayoutLimits.maximumLength else {
            throw LayoutError(.invalidValue, at: path, "must be <= \(LayoutLimits.maximumLength), got \(value)")
        }
    }

    /// Checks heights that will sit at item indices `first...` of a section.
    static func checkItemHeights(_ heights: some Collection<Double>, from first: Int, at path: String) throws(LayoutError) {
        guard first + heights.count <= LayoutLimits.maximumItemsPerSection else {
            throw LayoutError(.invalidValue, at: path,
                              "at most \(LayoutLimits.maximumItemsPerSection) items in a section, got \(first + heights.count)")
        }
        // One pass with no allocation: the common case of valid heights costs a compare per item.
        var index = first
        for height in heights {
            if !(height >= 0 && height <= LayoutLimits.maximumLength) {
                try checkLength(height, at: "\(path)[\(index)]")
            }
            index += 1
        }
    }
}
