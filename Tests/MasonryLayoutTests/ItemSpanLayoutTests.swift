// Tests of items spanning several columns or the full width, in both placements and tie rules, by hand.
import MasonryLayout
import Testing

/// Items that cover several columns or the full width, in both placements and tie rules,
/// computed by hand (MasonryLayout.docc/LayoutArithmetic.md).
@Suite struct ItemSpanLayoutTests {
    /// Four columns 10 wide, 2 apart (x = 0, 12, 24, 36); one item of each span kind.
    private static func spanned(_ placement: Placement, _ tieBreak: TieBreak = .lowestIndex) throws -> LayoutDescription {
        try LayoutDescription(width: 46, placement: placement, tieBreak: tieBreak, sections: [
            SectionDescription(columns: 4, columnSpacing: 2, itemSpacing: 1, itemHeights: [10, 20, 5, 7, 3, 4],
                               itemSpans: [1, 2, .full, 3, 9, 1]),
        ])
    }

    @Test func shortestColumnTakesTheLowestStartWithTiesToTheFirst() throws {
        expectItemFrames(try Self.spanned(.shortestColumn, .lowestIndex), [
            Rect(x: 0, y: 0, width: 10, height: 10),
            Rect(x: 12, y: 0, width: 22, height: 20),   // starts 1 and 2 are free: 1; width 10 * 2 + 2
            Rect(x: 0, y: 21, width: 46, height: 5),    // "full": below the highest column (0 + 21)
            Rect(x: 0, y: 27, width: 34, height: 7),    // every start is at 27: the first
            Rect(x: 0, y: 35, width: 46, height: 3),    // a span of 9 in 4 columns covers all 4
            Rect(x: 0, y: 39, width: 10, height: 4),
        ], contentSize: Size(width: 46, height: 44))
    }

    @Test func shortestColumnTiesToTheLastStart() throws {
        expectItemFrames(try Self.spanned(.shortestColumn, .highestIndex), [
            Rect(x: 36, y: 0, width: 10, height: 10),
            Rect(x: 12, y: 0, width: 22, height: 20),   // starts 0 and 1 tie at 0 (start 2 reaches 11): 1
            Rect(x: 0, y: 21, width: 46, height: 5),
            Rect(x: 12, y: 27, width: 34, height: 7),
            Rect(x: 0, y: 35, width: 46, height: 3),
            Rect(x: 36, y: 39, width: 10, height: 4),
        ], contentSize: Size(width: 46, height: 44))
    }

    @Test func roundRobinWrapsASpanThatDoesNotFit() throws {
        let description = try LayoutDescription(width: 30, placement: .roundRobin, sections: [
            SectionDescription(columns: 3, itemHeights: [10, 5, 3, 4, 6, 2], itemSpans: [1, 2, 2, 2, 1, .full]),
        ])
        expectItemFrames(description, [
            Rect(x: 0, y: 0, width: 10, height: 10),    // position 0 → 1
            Rect(x: 10, y: 0, width: 20, height: 5),    // 1 + 2 <= 3: starts at 1; position → 0
            Rect(x: 0, y: 10, width: 20, height: 3),    // y = max(10, 5); position → 2
            Rect(x: 0, y: 13, width: 20, height: 4),    // 2 + 2 > 3: starts at 0; position → 2
            Rect(x: 20, y: 5, width: 10, height: 6),    // column 2, still at 5
            Rect(x: 0, y: 17, width: 30, height: 2),    // the full width, below max(17, 17, 11)
        ], contentSize: Size(width: 30, height: 19))
    }

    @Test(arguments: Placement.allCases, TieBreak.allCases)
    func spansClampToTheColumnCount(placement: Placement, tieBreak: TieBreak) throws {
        let description = try LayoutDescription(width: 12, placement: placement, tieBreak: tieBreak, sections: [
            SectionDescription(columns: 1, itemHeights: [1, 2, 3], itemSpans: [.full, 2, 1]),
        ])
        expectItemFrames(description, [
            Rect(x: 0, y: 0, width: 12, height: 1), Rect(x: 0, y: 1, width: 12, height: 2), Rect(x: 0, y: 3, width: 12, height: 3),
        ])
    }

    @Test func spansAreReadAndWrittenAsTheFormatSaysThem() throws {
        let json = "{\"width\": 30, \"sections\": [{\"columns\": 3, \"itemHeights\": [1, 2, 3], \"itemSpans\": [2.0, \"full\", 1e3]}]}"
        let description = try LayoutDescription(json: Array(json.utf8))
        #expect(description.sections[0].itemSpans == [2, .full, 1000])
        #expect(description.jsonText().contains("\"itemSpans\":[2,\"full\",1000]"))
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
    }

    @Test func spanWidthsFollowTheFormulaOnFractionalColumns() throws {
        // columnWidth = (100 - 2 * 1.5) / 3; a 2-column item is columnWidth * 2 + 1.5 * 1.
        let description = try LayoutDescription(width: 100, sections: [
            SectionDescription(columns: 3, columnSpacing: 1.5, itemHeights: [1, 1], itemSpans: [2, 3]),
        ])
        let width = (100 - 1.5 * 2) / 3
        expectItemFrames(description, [
            Rect(x: 0, y: 0, width: width * 2 + 1.5 * 1, height: 1),
            Rect(x: 0, y: 1, width: width * 3 + 1.5 * 2, height: 1),
        ])
    }
}
