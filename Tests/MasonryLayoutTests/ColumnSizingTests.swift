// Tests of adaptive column counts and column widths rounded to a display's pixel grid, by hand.
import MasonryLayout
import MasonryVerification
import Testing

/// Adaptive column counts and column widths rounded to a display's pixel grid, computed by hand.
@Suite struct ColumnSizingTests {
    private static func adaptive(width: Double, minColumnWidth: Double, maxColumns: Int? = nil, inset: EdgeInsets = .zero,
                                 spacing: Double = 0) throws -> LayoutDescription {
        try LayoutDescription(width: width, sections: [
            SectionDescription(columnCount: .adaptive(minColumnWidth: minColumnWidth, maxColumns: maxColumns), inset: inset,
                               columnSpacing: spacing, itemHeights: [1, 2, 3, 4, 5, 6, 7]),
        ])
    }

    struct AdaptiveCase: Sendable {
        var width: Double, minColumnWidth: Double, maxColumns: Int? = nil, side = 0.0, spacing = 0.0
        /// The count and width expected, computed by hand.
        var columns: Int, columnWidth: Double
    }

    @Test(arguments: [
        // ((390 - 8 - 8) + 6) / (120 + 6) = 3.01…: 3 columns of (374 - 2 * 6) / 3.
        AdaptiveCase(width: 390, minColumnWidth: 120, side: 8, spacing: 6, columns: 3, columnWidth: 120.66666666666667),
        AdaptiveCase(width: 390, minColumnWidth: 120, maxColumns: 2, side: 8, spacing: 6, columns: 2, columnWidth: 184),
        AdaptiveCase(width: 768, minColumnWidth: 120, side: 8, spacing: 6, columns: 6, columnWidth: 120.33333333333333),  // 6.01…
        AdaptiveCase(width: 200, minColumnWidth: 120, side: 8, spacing: 6, columns: 1, columnWidth: 184),  // 1.5 rounds down
        AdaptiveCase(width: 400, minColumnWidth: 100, columns: 4, columnWidth: 100),  // exactly 4
        AdaptiveCase(width: 400, minColumnWidth: 100, spacing: 10, columns: 3, columnWidth: 126.66666666666667),  // 410 / 110
        AdaptiveCase(width: 1e6, minColumnWidth: 0.001, columns: 1024, columnWidth: 976.5625),  // 1e9 fit: the format's cap
        AdaptiveCase(width: 1e6, minColumnWidth: 0.001, maxColumns: 5000, columns: 1024, columnWidth: 976.5625),
        AdaptiveCase(width: 1e6, minColumnWidth: .leastNonzeroMagnitude, columns: 1024, columnWidth: 976.5625),  // +infinity: no trap
        AdaptiveCase(width: 50, minColumnWidth: 60, maxColumns: 3, columns: 1, columnWidth: 50),  // at least 1
    ])
    func adaptiveCountFollowsTheFormula(_ test: AdaptiveCase) throws {
        let description = try Self.adaptive(width: test.width, minColumnWidth: test.minColumnWidth, maxColumns: test.maxColumns,
                                            inset: EdgeInsets(left: test.side, right: test.side), spacing: test.spacing)
        #expect(description.sections[0].columns == test.columns)
        #expect(description.columnWidth(ofSection: 0) == test.columnWidth)
        let frames = itemFrames(ReferenceLayoutEngine(description))
        #expect(frames.map(\.x) == (0..<7).map { test.side + Double($0 % test.columns) * (test.columnWidth + test.spacing) })
        expectItemFrames(description, frames)
    }

    @Test func insetsWiderThanTheViewLeaveOneColumnOfNoWidth() {
        #expect(throws: LayoutError(.invalidValue, at: "sections[0]",
                                    "insets and column spacing leave no room for 1 column(s) in width 100.0: column width would be -20.0")) {
            try Self.adaptive(width: 100, minColumnWidth: 10, inset: EdgeInsets(left: 60, right: 60))
        }
    }

    @Test(arguments: [1, 2])
    func setWidthChangesTheCountInBothEngines(threads: Int) throws {
        let description = try Self.adaptive(width: 390, minColumnWidth: 120, inset: EdgeInsets(left: 8, right: 8), spacing: 6)
        var optimized = OptimizedLayoutEngine(description, threads: threads)
        var reference = ReferenceLayoutEngine(description)
        for (width, columns) in [(768.0, 6), (200, 1), (390, 3), (392, 3)] {
            try optimized.apply(.setWidth(width))
            try reference.apply(.setWidth(width))
            #expect(optimized.layoutDescription.sections[0].columns == columns)
            expectSameElements(allElements(of: optimized), allElements(of: reference), "after setWidth(\(width))",
                               sourceLocation: #_sourceLocation)
            #expect(optimized.contentSize == reference.contentSize)
        }
        // Six columns of (752 - 30) / 6: items 0...5 in a row, item 6 under item 0.
        try reference.apply(.setWidth(768))
        #expect(itemFrames(reference).map(\.y) == [0, 0, 0, 0, 0, 0, 1])
    }

    @Test func continueColumnsNeedsOneResolvedCount() throws {
        let sections = [
            SectionDescription(columnCount: .adaptive(minColumnWidth: 100, maxColumns: 2), itemHeights: [1, 2, 3]),
            SectionDescription(columns: 2, itemHeights: [4]),
        ]
        var description = try LayoutDescription(width: 300, sectionStart: .continueColumns, sections: sections)
        #expect(description.sections.map(\.columns) == [2, 2])
        // At 150 the adaptive section has one column: refused, and nothing changes.
        #expect(throws: LayoutError(.unsupportedCombination, at: "sections[1].columns",
                                    "sectionStart \"continueColumns\" needs the same column count in every section: 2 here, 1 in sections[0]")) {
            try description.apply(.setWidth(150))
        }
        #expect(description.width == 300)
        #expect(throws: LayoutError.self) {
            try LayoutDescription(width: 150, sectionStart: .continueColumns, sections: sections)
        }
    }

    /// 100 / 7 = 14.285714285714286 on a grid of 1, 1/2 and 1/3 points; 10 / 4 = 2.5 breaks the tie.
    @Test(arguments: [
        (100.0, 7, ColumnWidthRounding.none, 3.0, 14.285714285714286),
        (100, 7, .nearest, 1, 14),
        (100, 7, .floor, 1, 14),
        (100, 7, .nearest, 2, 14.5),                 // 28.57… rounds to 29
        (100, 7, .floor, 2, 14),
        (100, 7, .nearest, 3, 14.333333333333334),   // 42.86… rounds to 43, / 3
        (100, 7, .floor, 3, 14),                     // 42.86… rounds down to 42
        (10, 4, .nearest, 1, 3),                     // 2.5 ties away from zero
        (10, 4, .floor, 1, 2),
        (10, 4, .nearest, 2, 2.5),
        (10, 4, .floor, 3, 2.3333333333333335),      // 7.5 rounds down to 7, / 3
    ] as [(Double, Int, ColumnWidthRounding, Double, Double)])
    func columnWidthRoundsOnThePixelGrid(width: Double, columns: Int, rounding: ColumnWidthRounding, scale: Double,
                                         expected: Double) throws {
        let description = try LayoutDescription(width: width, columnWidthRounding: rounding, displayScale: scale, sections: [
            SectionDescription(columns: columns, columnSpacing: 0, itemHeights: [1, 1]),
        ])
        #expect(description.columnWidth(ofSection: 0).bitPattern == expected.bitPattern)
        expectItemFrames(description, [Rect(x: 0, y: 0, width: expected, height: 1), Rect(x: expected, y: 0, width: expected, height: 1)])
    }

    @Test func floorMayLeaveNoRoom() {
        #expect(throws: LayoutError.self) {
            try LayoutDescription(width: 1, columnWidthRounding: .floor, sections: [SectionDescription(columns: 3, itemHeights: [])])
        }
        // Half-point columns fit where whole points do not.
        #expect(throws: Never.self) {
            try LayoutDescription(width: 2, columnWidthRounding: .floor, displayScale: 2, sections: [SectionDescription(columns: 3, itemHeights: [])])
        }
    }
}
