// Tests of `trailingItemSpacing: "exclude"`: sections end at their lowest item's bottom, by hand.
import MasonryLayout
import Testing

/// `trailingItemSpacing: "exclude"`: a section ends at its lowest item's bottom edge, computed by hand.
@Suite struct TrailingItemSpacingTests {
    /// Two columns from 5 (header 3, inset 2), item spacing 4; a full-width item counts for both
    /// columns. Column heights end at 35 and 29; item bottoms at 31 and 25.
    private static func description(_ trailing: TrailingItemSpacing, placement: Placement = .shortestColumn) throws -> LayoutDescription {
        try LayoutDescription(width: 20, placement: placement, trailingItemSpacing: trailing, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(top: 2, bottom: 1), itemSpacing: 4, headerHeight: 3, footerHeight: 2,
                               itemHeights: [10, 6, 2], itemSpans: [1, .full, 1]),
            SectionDescription(columns: 3, itemHeights: [7]),
            SectionDescription(columns: 2, inset: EdgeInsets(top: 1, bottom: 2), headerHeight: 4, itemHeights: []),
        ])
    }

    // Sections 1 and 2 are 7 high either way: content 38 + 7 + 7 and 34 + 7 + 7.
    @Test(arguments: [(TrailingItemSpacing.include, 36.0, 52.0), (.exclude, 32, 48)])
    func theSectionEndsAtItsLowestItem(trailing: TrailingItemSpacing, footerY: Double, contentHeight: Double) throws {
        let description = try Self.description(trailing)
        expectItemFrames(description, [
            Rect(x: 0, y: 5, width: 10, height: 10),
            Rect(x: 0, y: 19, width: 20, height: 6),   // below column 0 at 5 + (10 + 4)
            Rect(x: 0, y: 29, width: 10, height: 2),
        ], contentSize: Size(width: 20, height: contentHeight))
        let engine = ReferenceLayoutEngine(description)
        #expect(engine.frame(ofSupplementary: .footer, inSection: 0) == Rect(x: 0, y: footerY, width: 20, height: 2))
        // Section 1 ends at its one item, 7 (its empty columns end at their start, 0). Section 2
        // has no items: its columns end at their start, 4 + 1, then the bottom inset 2.
        let sectionTwoTop = footerY + 2 + 7
        #expect(engine.frame(ofSupplementary: .header, inSection: 2) == Rect(x: 0, y: sectionTwoTop, width: 20, height: 4))
    }

    @Test func roundRobinExcludesTooAndBothEnginesAgree() throws {
        let description = try Self.description(.exclude, placement: .roundRobin)
        // Round robin: item 0 in column 0, the full-width item at max(19, 5) = 19, item 2 in column 0 again.
        expectItemFrames(description, [
            Rect(x: 0, y: 5, width: 10, height: 10), Rect(x: 0, y: 19, width: 20, height: 6), Rect(x: 0, y: 29, width: 10, height: 2),
        ])
    }

    @Test func excludeIsRefusedWithContinueColumns() {
        #expect(throws: LayoutError(.unsupportedCombination, at: "trailingItemSpacing",
                                    "\"exclude\" needs sectionStart \"belowLongestColumn\" (sections that continue columns share their ends)")) {
            try LayoutDescription(width: 10, sectionStart: .continueColumns, trailingItemSpacing: .exclude, sections: [])
        }
    }
}
