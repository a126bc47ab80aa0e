// Tests of format v3's column options (maxColumnWidth, columnAlignment, columnCountTolerance), by hand.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Format v3's column options, their frames computed by hand from the arithmetic
/// (LayoutArithmetic.md), in both engines, and their refusals.
@Suite struct ColumnOptionsTests {
    /// 390 points, 8-point side insets, 4-point spacing, 4 columns: exactly 90.5 points each.
    private static func section(maxColumnWidth: Double? = nil, alignment: ColumnAlignment = .leading,
                                heights: [Double] = [10, 20, 30, 40, 5], spans: [ItemSpan]? = nil) -> SectionDescription {
        var section = SectionDescription(columns: 4, inset: EdgeInsets(left: 8, right: 8), columnSpacing: 4,
                                         itemHeights: heights, itemSpans: spans)
        section.maxColumnWidth = maxColumnWidth
        section.columnAlignment = alignment
        return section
    }

    struct PositionCase: Sendable, CustomTestStringConvertible {
        var maxColumnWidth: Double?, alignment: ColumnAlignment, direction: ColumnDirection, rounding = ColumnWidthRounding.none
        var columnWidth: Double, columnX: [Double]
        var testDescription: String { "max \(maxColumnWidth.map { "\($0)" } ?? "none"), \(alignment), \(direction), \(rounding)" }
    }

    @Test(arguments: [
        // min(90.5, 80) = 80, step 84: from the left inset…
        PositionCase(maxColumnWidth: 80, alignment: .leading, direction: .leftToRight, columnWidth: 80, columnX: [8, 92, 176, 260]),
        // …from the right one: (390 - 8) - 80 = 302, then 84 less each…
        PositionCase(maxColumnWidth: 80, alignment: .leading, direction: .rightToLeft, columnWidth: 80, columnX: [302, 218, 134, 50]),
        // …centred: used = 80 * 4 + 4 * 3 = 332, offset = (374 - 332) / 2 = 21, so 8 + 21 = 29…
        PositionCase(maxColumnWidth: 80, alignment: .center, direction: .leftToRight, columnWidth: 80, columnX: [29, 113, 197, 281]),
        // …and right to left ((390 - 8) - 21) - 80 = 281: the same columns, numbered the other way.
        PositionCase(maxColumnWidth: 80, alignment: .center, direction: .rightToLeft, columnWidth: 80, columnX: [281, 197, 113, 29]),
        // A bound the columns do not reach changes nothing; centring columns that fill the room moves them by 0.
        PositionCase(maxColumnWidth: 90.5, alignment: .leading, direction: .leftToRight, columnWidth: 90.5, columnX: [8, 102.5, 197, 291.5]),
        PositionCase(maxColumnWidth: nil, alignment: .center, direction: .leftToRight, columnWidth: 90.5, columnX: [8, 102.5, 197, 291.5]),
        // Nearest rounding widens 90.5 to 91: used 376, offset -1, the columns stay centred past the insets.
        PositionCase(maxColumnWidth: nil, alignment: .center, direction: .leftToRight, rounding: .nearest, columnWidth: 91,
                     columnX: [7, 102, 197, 292]),
    ])
    func columnsSitWhereTheArithmeticPutsThem(_ test: PositionCase) throws {
        let description = try LayoutDescription(width: 390, columnWidthRounding: test.rounding, direction: test.direction,
                                                sections: [Self.section(maxColumnWidth: test.maxColumnWidth, alignment: test.alignment)])
        #expect(description.columnWidth(ofSection: 0) == test.columnWidth)
        // Items 0 to 3 take columns 0 to 3; item 4 the shortest, column 0, below its 10 points.
        let x = test.columnX
        expectItemFrames(description, [
            Rect(x: x[0], y: 0, width: test.columnWidth, height: 10), Rect(x: x[1], y: 0, width: test.columnWidth, height: 20),
            Rect(x: x[2], y: 0, width: test.columnWidth, height: 30), Rect(x: x[3], y: 0, width: test.columnWidth, height: 40),
            Rect(x: x[0], y: 10, width: test.columnWidth, height: 5),
        ])
    }

    @Test(arguments: ColumnDirection.allCases)
    func aSpanningItemCoversItsNarrowedColumnsAndTheGapsBetween(direction: ColumnDirection) throws {
        let description = try LayoutDescription(width: 390, direction: direction, sections: [
            Self.section(maxColumnWidth: 80, alignment: .center, heights: [10, 20], spans: [.columns(2), .full]),
        ])
        // 80 * 2 + 4 = 164 from column 0 (left to right) or column 1 (right to left: 281 - 84 = 197);
        // full: 80 * 4 + 4 * 3 = 332, from the leftmost column's 29.
        let first = direction == .leftToRight ? 29.0 : 197
        expectItemFrames(description, [Rect(x: first, y: 0, width: 164, height: 10), Rect(x: 29, y: 10, width: 332, height: 20)])
    }

    struct ToleranceCase: Sendable, CustomTestStringConvertible {
        var width: Double, minColumnWidth: Double, spacing = 0.0, tolerance: Double?
        var columns: Int
        var testDescription: String { "\(width) wide, min \(minColumnWidth), spacing \(spacing), tolerance \(tolerance.map { "\($0)" } ?? "none")" }
    }

    @Test(arguments: [
        // masonry.js's measureColumns with its 1 px: 299.5 % 75 = 74.5, excess 0.5 < 1, so 3.99… rounds to 4…
        ToleranceCase(width: 299.5, minColumnWidth: 75, tolerance: 1, columns: 4),
        ToleranceCase(width: 299.5, minColumnWidth: 75, tolerance: nil, columns: 3),  // …where format v2 rounds down
        ToleranceCase(width: 299, minColumnWidth: 75, tolerance: 1, columns: 3),  // excess 1: not below the tolerance
        ToleranceCase(width: 300, minColumnWidth: 75, tolerance: 1, columns: 4),  // 300 % 75 = 0: excess 75, down
        // A gutter: (262 + 10) / (60 + 10), 272 % 70 = 62, excess 8.
        ToleranceCase(width: 262, minColumnWidth: 60, spacing: 10, tolerance: 10, columns: 4),
        ToleranceCase(width: 262, minColumnWidth: 60, spacing: 10, tolerance: 8, columns: 3),
        // Below a half the nearest count is the lower one: 200 % 60 = 20, excess 40, 3.33… rounds to 3.
        ToleranceCase(width: 200, minColumnWidth: 60, tolerance: 50, columns: 3),
        ToleranceCase(width: 299.5, minColumnWidth: 75, tolerance: 0, columns: 3),
    ])
    func aToleranceRoundsTheCountAsMasonryJSDoes(_ test: ToleranceCase) throws {
        var section = SectionDescription(columnCount: .adaptive(minColumnWidth: test.minColumnWidth), columnSpacing: test.spacing,
                                         itemHeights: [1, 2, 3, 4, 5, 6])
        section.columnCountTolerance = test.tolerance
        let description = try LayoutDescription(width: test.width, sections: [section])
        #expect(description.sections[0].columns == test.columns)
        var generator = RandomLayoutGenerator(seed: 21)
        expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description), generator: &generator)
    }

    @Test(arguments: [1, 2])
    func setWidthRoundsTheCountWithTheToleranceInBothEngines(threads: Int) throws {
        var section = SectionDescription(columnCount: .adaptive(minColumnWidth: 75), itemHeights: (0..<200).map { Double($0 % 7) * 3.5 })
        section.columnCountTolerance = 1
        section.maxColumnWidth = 90
        section.columnAlignment = .center
        let description = try LayoutDescription(width: 300, sections: [section])
        var optimized = OptimizedLayoutEngine(description, threads: threads)
        var reference = ReferenceLayoutEngine(description)
        var generator = RandomLayoutGenerator(seed: 22)
        for (width, columns) in [(299.5, 4), (299.0, 3), (450, 6), (449.75, 6), (600, 8)] {
            try optimized.apply(.setWidth(width))
            try reference.apply(.setWidth(width))
            #expect(optimized.layoutDescription.sections[0].columns == columns, "width \(width)")
            expectSameLayout(optimized, as: reference, generator: &generator)
        }
    }

    @Test func theDefaultsAreFormatV2BitForBit() throws {
        let plain = try LayoutDescription(width: 390, direction: .rightToLeft, sections: [Self.section(spans: [.single, .columns(3), .full, .single, .single])])
        let json = #"{"width": 390, "direction": "rightToLeft", "sections": [{"columns": 4, "inset": {"left": 8, "right": 8}, "columnSpacing": 4, "itemHeights": [10, 20, 30, 40, 5], "itemSpans": [1, 3, "full", 1, 1], "columnAlignment": "leading", "maxColumnWidth": 1e15}]}"#
        let explicit = try LayoutDescription(json: Array(json.utf8))
        #expect(allElements(of: ReferenceLayoutEngine(explicit)).map { EngineVerifier.bits($0.frame) }
                == allElements(of: ReferenceLayoutEngine(plain)).map { EngineVerifier.bits($0.frame) })
    }

    @Test func theOptionsRoundTripThroughJSON() throws {
        var section = SectionDescription(columnCount: .adaptive(minColumnWidth: 75, maxColumns: 6), itemHeights: [1, 2])
        section.maxColumnWidth = 70.25
        section.columnAlignment = .center
        section.columnCountTolerance = 0.5
        let description = try LayoutDescription(width: 299.5, sections: [section, Self.section()])
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
    }

    @Test(arguments: [
        (#""columns": 2, "maxColumnWidth": 0"#, "sections[0].maxColumnWidth: must be > 0, got 0.0"),
        (#""columns": 2, "maxColumnWidth": -3"#, "sections[0].maxColumnWidth: must be > 0, got -3.0"),
        (#""columns": 2, "maxColumnWidth": 2e15"#, "sections[0].maxColumnWidth: must be <= 1000000000000000.0, got 2000000000000000.0"),
        (#""columns": 2, "columnCountTolerance": 1"#,
         "sections[0].columnCountTolerance: needs minColumnWidth: it rounds the column count that minColumnWidth gives, and columns fixes the count"),
        (#""minColumnWidth": 20, "columnCountTolerance": -1"#, "sections[0].columnCountTolerance: must be >= 0, got -1.0"),
        (#""columns": 2, "maxColumnWidth": "wide""#, "sections[0].maxColumnWidth: must be a number, got a string"),
    ])
    func badOptionsAreRefusedNamingTheField(fields: String, message: String) {
        let json = #"{"width": 100, "sections": [{"#  + fields + #", "itemHeights": [1]}]}"#
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { "\($0)" == message }
    }

    @Test func anUnknownAlignmentIsRefusedNamingTheField() {
        let json = #"{"width": 100, "sections": [{"columns": 2, "columnAlignment": "middle", "itemHeights": [1]}]}"#
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { ($0 as? LayoutError)?.path == "sections[0].columnAlignment" }
    }

    @Test func aNonFiniteBoundIsRefusedInTheSwiftAPI() {
        #expect { try LayoutDescription(width: 100, sections: [Self.section(maxColumnWidth: .infinity)]) } throws: {
            "\($0)" == "sections[0].maxColumnWidth: must be a finite number, got inf"
        }
    }
}
