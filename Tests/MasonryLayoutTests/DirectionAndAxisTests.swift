// Tests of right-to-left columns and the horizontal axis (a transposition), computed by hand.
import MasonryLayout
import Testing

/// Right-to-left columns and the horizontal axis (a transposition), computed by hand.
@Suite struct DirectionAndAxisTests {
    @Test func rightToLeftMirrorsColumnsInsideThePhysicalInsets() throws {
        // columnWidth = ((100 - 4) - 6 - 10) / 2 = 40; column 0 at (100 - 6) - 40 = 54, column 1 at 54 - 50 = 4.
        let description = try LayoutDescription(width: 100, direction: .rightToLeft, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(left: 4, right: 6), columnSpacing: 10, headerHeight: 3,
                               itemHeights: [5, 7, 1], itemSpans: [1, 1, 2]),
        ])
        expectItemFrames(description, [
            Rect(x: 54, y: 3, width: 40, height: 5),
            Rect(x: 4, y: 3, width: 40, height: 7),
            Rect(x: 4, y: 10, width: 90, height: 1),  // a 2-column item's x is its leftmost column's, column 1
        ])
        // Headers and footers keep their place.
        #expect(ReferenceLayoutEngine(description).frame(ofSupplementary: .header, inSection: 0) == Rect(x: 0, y: 0, width: 100, height: 3))
    }

    @Test(arguments: [(ColumnDirection.leftToRight, [0.0, 3, 6, 9]), (.rightToLeft, [7.0, 4, 1, -2])])
    func nearestRoundingMayOverflowEitherEdge(direction: ColumnDirection, xs: [Double]) throws {
        // 10 / 4 = 2.5 rounds to 3: four columns need 12 points, left to right past the right
        // edge, right to left from x = -2.
        let description = try LayoutDescription(width: 10, columnWidthRounding: .nearest, direction: direction, sections: [
            SectionDescription(columns: 4, itemHeights: [1, 2, 3, 4]),
        ])
        expectItemFrames(description, xs.enumerated().map { Rect(x: $1, y: 0, width: 3, height: Double($0 + 1)) })
    }

    /// Two rows 45 high (the view is 100 high, 10 inset on top): the vertical layout's frames
    /// (x, y, w, h) are (10, 25, 45, 30), (55, 25, 45, 40), (10, 55, 45, 50), header (0, 0, 100, 20),
    /// content (100, 108); horizontally each is transposed.
    private static func horizontal(_ direction: ColumnDirection = .leftToRight) throws -> LayoutDescription {
        try LayoutDescription(width: 100, axis: .horizontal, direction: direction, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(top: 5, left: 10, bottom: 3), headerHeight: 20, itemHeights: [30, 40, 50]),
        ])
    }

    @Test func horizontalIsTheVerticalLayoutTransposed() throws {
        let description = try Self.horizontal()
        expectItemFrames(description, [
            Rect(x: 25, y: 10, width: 30, height: 45),
            Rect(x: 25, y: 55, width: 40, height: 45),
            Rect(x: 55, y: 10, width: 50, height: 45),
        ], contentSize: Size(width: 108, height: 100))
        let engine = ReferenceLayoutEngine(description)
        #expect(engine.frame(ofSupplementary: .header, inSection: 0) == Rect(x: 0, y: 0, width: 20, height: 100))
        #expect(description.columnWidth(ofSection: 0) == 45)
    }

    @Test func horizontalRightToLeftPutsRowZeroAtTheBottom() throws {
        expectItemFrames(try Self.horizontal(.rightToLeft), [
            Rect(x: 25, y: 55, width: 30, height: 45),
            Rect(x: 25, y: 10, width: 40, height: 45),
            Rect(x: 55, y: 55, width: 50, height: 45),
        ], contentSize: Size(width: 108, height: 100))
    }

    @Test func horizontalQueriesTakeScreenRects() throws {
        let description = try Self.horizontal()
        // x 60...70, y 0...50 on screen: only item 2 (x 55...105, y 10...55).
        let hits = expectQuery(description, Rect(x: 60, y: 0, width: 10, height: 50), ["item0.2"])
        #expect(hits.first?.frame == Rect(x: 55, y: 10, width: 50, height: 45))
        // Headers pin to the rect's left edge, at most to where the footer would start (108 - 20).
        let pinned = expectQuery(description, Rect(x: 40, y: 0, width: 10, height: 100), pinningHeaders: true,
                                 ["header0", "item0.0", "item0.1"])
        #expect(pinned.first?.frame == Rect(x: 40, y: 0, width: 20, height: 100))
        let clamped = expectQuery(description, Rect(x: 95, y: 0, width: 50, height: 100), pinningHeaders: true, ["header0", "item0.2"])
        #expect(clamped.first?.frame == Rect(x: 88, y: 0, width: 20, height: 100))
        expectQuery(description, Rect(x: 55, y: 55, width: 0, height: 0), edges: .open, [])
        expectQuery(description, Rect(x: 55, y: 55, width: 0, height: 0), ["item0.0", "item0.1", "item0.2"])
    }
}
