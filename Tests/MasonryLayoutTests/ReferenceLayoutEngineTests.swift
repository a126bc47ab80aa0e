// Tests of the reference engine's format v1 layout rules on small hand-computed cases.
import MasonryLayout
import Testing

/// The layout rules of format v1 on small hand-computed cases.
@Suite struct ReferenceLayoutEngineTests {
    private func frames(_ engine: ReferenceLayoutEngine, section: Int = 0) -> [Rect] {
        engine.layoutDescription.sections[section].itemHeights.indices.map {
            engine.frame(ofItemAt: ItemIndexPath(section: section, item: $0))!
        }
    }

    @Test func shortestColumnWithInsetsAndSpacing() throws {
        // columnWidth = (((100 - 4) - 6) - 2 * 2) / 3 = 86 / 3
        let description = try LayoutDescription(width: 100, sections: [
            SectionDescription(columns: 3, inset: EdgeInsets(top: 5, left: 4, bottom: 7, right: 6),
                               columnSpacing: 2, itemSpacing: 1, itemHeights: [10, 5, 20, 3, 4]),
        ])
        let engine = ReferenceLayoutEngine(description)
        let width = 86.0 / 3
        let x = [4, 4 + (width + 2), 4 + 2 * (width + 2)]
        #expect(frames(engine) == [
            Rect(x: x[0], y: 5, width: width, height: 10),
            Rect(x: x[1], y: 5, width: width, height: 5),
            Rect(x: x[2], y: 5, width: width, height: 20),
            Rect(x: x[1], y: 11, width: width, height: 3),   // column 1 at 5 + (5 + 1) = 11 is shortest
            Rect(x: x[1], y: 15, width: width, height: 4),   // column 1 at 15 < column 0 at 16
        ])
        // Column heights 16, 20, 26 (after trailing spacing); bottom = 26 + 7.
        #expect(engine.contentSize == Size(width: 100, height: 33))
    }

    @Test(arguments: [(TieBreak.lowestIndex, [0, 1, 2, 0]), (.highestIndex, [2, 1, 0, 2])])
    func tiesGoToTheChosenEnd(tieBreak: TieBreak, expectedColumns: [Int]) throws {
        let description = try LayoutDescription(width: 30, tieBreak: tieBreak, sections: [
            SectionDescription(columns: 3, itemHeights: [10, 10, 10, 10]),
        ])
        #expect(frames(ReferenceLayoutEngine(description)).map { Int($0.x / 10) } == expectedColumns)
    }

    @Test func roundRobinIgnoresHeights() throws {
        let description = try LayoutDescription(width: 20, placement: .roundRobin, sections: [
            SectionDescription(columns: 2, itemHeights: [100, 1, 1, 1, 1]),
            SectionDescription(columns: 2, itemHeights: [5]),
        ])
        let engine = ReferenceLayoutEngine(description)
        #expect(frames(engine).map(\.x) == [0, 10, 0, 10, 0])
        #expect(frames(engine).map(\.y) == [0, 0, 100, 1, 101])
        // The position restarts in each section below the longest column (102).
        #expect(frames(engine, section: 1) == [Rect(x: 0, y: 102, width: 10, height: 5)])
    }

    @Test func headersFootersAndEmptySections() throws {
        let description = try LayoutDescription(width: 50, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(top: 1, bottom: 2), headerHeight: 10, footerHeight: 4, itemHeights: [5, 6]),
            SectionDescription(columns: 1, headerHeight: 3, itemHeights: []),
            SectionDescription(columns: 1, footerHeight: 2, itemHeights: [7]),
        ])
        let engine = ReferenceLayoutEngine(description)
        #expect(engine.frame(ofSupplementary: .header, inSection: 0) == Rect(x: 0, y: 0, width: 50, height: 10))
        #expect(frames(engine) == [Rect(x: 0, y: 11, width: 25, height: 5), Rect(x: 25, y: 11, width: 25, height: 6)])
        // Local bottom = max(16, 17) + 2 = 19: the footer sits there; the section is 23 tall.
        #expect(engine.frame(ofSupplementary: .footer, inSection: 0) == Rect(x: 0, y: 19, width: 50, height: 4))
        #expect(engine.frame(ofSupplementary: .header, inSection: 1) == Rect(x: 0, y: 23, width: 50, height: 3))
        #expect(engine.frame(ofSupplementary: .footer, inSection: 1) == nil)
        #expect(frames(engine, section: 2) == [Rect(x: 0, y: 26, width: 50, height: 7)])
        #expect(engine.frame(ofSupplementary: .footer, inSection: 2) == Rect(x: 0, y: 33, width: 50, height: 2))
        #expect(engine.contentSize.height == 35)
    }

    @Test func continueColumnsCarriesColumnsAndPosition() throws {
        let description = try LayoutDescription(width: 20, placement: .roundRobin, sectionStart: .continueColumns, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(top: 3, bottom: 100), itemSpacing: 1, itemHeights: [10, 20, 30]),
            SectionDescription(columns: 2, inset: EdgeInsets(top: 2, bottom: 4), itemSpacing: 1, itemHeights: [5]),
        ])
        let engine = ReferenceLayoutEngine(description)
        #expect(frames(engine).map(\.y) == [3, 3, 14])
        // Column 1 (at 24) continues, plus section 1's top inset; the position carries to column 1.
        #expect(frames(engine, section: 1) == [Rect(x: 10, y: 26, width: 10, height: 5)])
        // Columns end at 47 and 32: content = 47 + the last section's bottom inset (4).
        #expect(engine.contentSize.height == 51)
    }

    @Test func columnWidthRoundsToNearestWithTiesAwayFromZero() throws {
        let description = try LayoutDescription(width: 10, columnWidthRounding: .nearest,
                                                sections: [SectionDescription(columns: 4, itemHeights: [1, 1, 1, 1])])
        #expect(frames(ReferenceLayoutEngine(description)).map(\.width) == [3, 3, 3, 3])  // 2.5 rounds to 3
        #expect(frames(ReferenceLayoutEngine(description)).map(\.x) == [0, 3, 6, 9])
    }

    @Test func noSectionsMeansNoContent() throws {
        let engine = ReferenceLayoutEngine(try LayoutDescription(width: 10, sections: []))
        #expect(engine.contentSize == Size(width: 10, height: 0))
        #expect(engine.elements(in: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 0)) == nil)
    }

    @Test func queriesUseClosedIntervals() throws {
        let description = try LayoutDescription(width: 20, sections: [
            SectionDescription(columns: 2, headerHeight: 5, itemHeights: [10, 10, 0]),
        ])
        let engine = ReferenceLayoutEngine(description)
        let kinds = { (rect: Rect) in engine.elements(in: rect).map { "\($0.kind)\($0.item)" } }
        #expect(kinds(Rect(x: 10, y: 15, width: 0, height: 0)) == ["item0", "item1", "item2"])  // a shared corner
        #expect(kinds(Rect(x: 0, y: 5, width: 20, height: 0)) == ["header0", "item0", "item1"])  // the header's bottom edge
        #expect(kinds(Rect(x: 0, y: 15, width: 5, height: 0)) == ["item0", "item2"])  // a zero-height item on a bottom edge
        #expect(kinds(Rect(x: 0, y: 15.000000000000002, width: 5, height: 1)).isEmpty)  // one ulp below both
        #expect(kinds(Rect(x: 20.000000000000004, y: 0, width: 1, height: 100)).isEmpty)
    }
}
