// Tests of open-edge and pinned-header rect queries, computed by hand, in both engines.
import MasonryLayout
import Testing

/// Open-edge and pinned-header queries, computed by hand, in both engines.
@Suite struct QueryOptionsTests {
    /// Header (0, 0, 20, 5), items (0, 5, 10, 10), (10, 5, 10, 10), a zero-height item at (0, 15),
    /// footer (0, 15, 20, 3).
    private static let touching = try! LayoutDescription(width: 20, sections: [
        SectionDescription(columns: 2, headerHeight: 5, footerHeight: 3, itemHeights: [10, 10, 0]),
    ])

    @Test(arguments: [
        (Rect(x: 10, y: 15, width: 0, height: 0), ["item0.0", "item0.1", "item0.2", "footer0"], [String]()),
        (Rect(x: 0, y: 5, width: 20, height: 10), ["header0", "item0.0", "item0.1", "item0.2", "footer0"], ["item0.0", "item0.1"]),
        // Strictly inside the rect, the zero-height item counts with open edges too.
        (Rect(x: 5, y: 0, width: 10, height: 20), ["header0", "item0.0", "item0.1", "item0.2", "footer0"],
         ["header0", "item0.0", "item0.1", "item0.2", "footer0"]),
        (Rect(x: 5, y: 10, width: 0, height: 0), ["item0.0"], ["item0.0"]),
        (Rect(x: 20, y: 0, width: 5, height: 20), ["header0", "item0.1", "footer0"], []),
    ])
    func openEdgesLeaveOutWhatOnlyTouches(rect: Rect, closed: [String], open: [String]) {
        expectQuery(Self.touching, rect, closed)
        expectQuery(Self.touching, rect, edges: .open, open)
    }

    /// Section 0: header (0, 0, 20, 10), item (0, 10, 20, 50), footer at 60 (0, 60, 20, 5).
    /// Section 1 from 65: header (0, 65, 20, 10), item (0, 75, 20, 30); it ends at 105.
    private static let sections = try! LayoutDescription(width: 20, sections: [
        SectionDescription(columns: 1, headerHeight: 10, footerHeight: 5, itemHeights: [50]),
        SectionDescription(columns: 1, headerHeight: 10, itemHeights: [30]),
    ])

    @Test func pinnedHeadersFollowTheRectUntilTheFooter() {
        let atThirty = expectQuery(Self.sections, Rect(x: 0, y: 30, width: 20, height: 10), pinningHeaders: true, ["header0", "item0.0"])
        #expect(atThirty[0].frame == Rect(x: 0, y: 30, width: 20, height: 10))
        expectQuery(Self.sections, Rect(x: 0, y: 30, width: 20, height: 10), ["item0.0"])
        // At 55 the header would pass the footer (60 - 10): it stops at 50. Section 1's header is
        // at its place, 65, touching the rect.
        let atFiftyFive = expectQuery(Self.sections, Rect(x: 0, y: 55, width: 20, height: 10), pinningHeaders: true,
                                      ["header0", "item0.0", "footer0", "header1"])
        #expect(atFiftyFive.map(\.frame.y) == [50, 10, 60, 65])
        expectQuery(Self.sections, Rect(x: 0, y: 55, width: 20, height: 10), edges: .open, pinningHeaders: true,
                    ["header0", "item0.0", "footer0"])
        // Between 60 and 65 only the footer is there: the header stays at 50, above the rect.
        expectQuery(Self.sections, Rect(x: 0, y: 62, width: 20, height: 2), pinningHeaders: true, ["footer0"])
        let inSectionOne = expectQuery(Self.sections, Rect(x: 0, y: 80, width: 20, height: 5), pinningHeaders: true, ["header1", "item1.0"])
        #expect(inSectionOne[0].frame == Rect(x: 0, y: 80, width: 20, height: 10))
        // Lookups report headers where they are laid out.
        #expect(ReferenceLayoutEngine(Self.sections).frame(ofSupplementary: .header, inSection: 1)?.y == 65)
        #expect(OptimizedLayoutEngine(Self.sections).frame(ofSupplementary: .header, inSection: 1)?.y == 65)
    }

    /// `(sectionTop + localBottom) - headerHeight` may round below the section's top: here
    /// (0.05 + 1e15) rounds to 1e15, so a header-only section starting at 0.05 pins at 0 and
    /// reaches a rect that ends above its top. The optimized engine must look past the sections it
    /// otherwise stops at.
    @Test func aPinnedHeaderThatRoundsAboveItsSectionIsFound() throws {
        let description = try LayoutDescription(width: 20, sections: [
            SectionDescription(columns: 1, itemHeights: [0.05]),
            SectionDescription(columns: 1, headerHeight: 1e15, itemHeights: []),
        ])
        let hits = expectQuery(description, Rect(x: 0, y: 0.01, width: 20, height: 0.02), pinningHeaders: true, ["item0.0", "header1"])
        #expect(hits.last?.frame.y == 0)
        expectQuery(description, Rect(x: 0, y: 0.01, width: 20, height: 0.02), ["item0.0"])
    }

    @Test func engineDefaultsAnswerOptionsFromTheirOwnQueries() throws {
        /// An engine that implements only the closed, unpinned query.
        struct Plain: LayoutEngine {
            var inner: ReferenceLayoutEngine
            var layoutDescription: LayoutDescription { inner.layoutDescription }
            var contentSize: Size { inner.contentSize }
            mutating func prepare(_ description: LayoutDescription) { inner.prepare(description) }
            func elements(in rect: Rect) -> [LayoutElement] { inner.elements(in: rect) }
            func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { inner.frame(ofItemAt: indexPath) }
            func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? { inner.frame(ofSupplementary: kind, inSection: section) }
            mutating func apply(_ update: LayoutUpdate) throws(LayoutError) { try inner.apply(update) }
        }
        let plain = Plain(inner: ReferenceLayoutEngine(Self.sections))
        for rect in [Rect(x: 0, y: 55, width: 20, height: 10), Rect(x: 0, y: 60, width: 20, height: 5)] {
            for edges in RectEdges.allCases {
                for pinning in [false, true] {
                    #expect(plain.elements(in: rect, edges: edges, pinningHeaders: pinning)
                        == plain.inner.elements(in: rect, edges: edges, pinningHeaders: pinning))
                }
            }
        }
        #expect(plain.elements(for: LayoutQuery(Rect(x: 0, y: 55, width: 20, height: 10), edges: .open)).map(\.kind) == [.item, .footer])
    }
}
