// Tests of scrollAnchor(in:) and contentOffset(restoring:viewportLength:) on both engines, both axes, clamped and deferred.
import MasonryLayout
import Testing

/// The anchor a viewport shows and the offset that restores it, computed by hand, on both engines:
/// vertical and horizontal, clamped at 0 and at the end, and items with no frame.
@Suite struct LayoutEngineScrollAnchorTests {
    /// Two columns, items 30, 20, 40, 10: item 0 at 0..<30 and item 3 at 30..<40 in column 0,
    /// item 1 at 0..<20 and item 2 at 20..<60 in column 1; content length 60. Transposed when
    /// horizontal (x for y).
    static func engines(_ axis: ScrollAxis) throws -> [any LayoutEngine] {
        let description = try LayoutDescription(width: 100, axis: axis, sections: [SectionDescription(columns: 2, itemHeights: [30, 20, 40, 10])])
        return [ReferenceLayoutEngine(description), OptimizedLayoutEngine(description, threads: 1), OptimizedLayoutEngine(description, threads: 2)]
    }

    /// A viewport from `start` along the scroll axis, `length` long, across the whole layout.
    static func viewport(_ axis: ScrollAxis, from start: Double, length: Double) -> Rect {
        axis == .vertical ? Rect(x: 0, y: start, width: 100, height: length) : Rect(x: start, y: 0, width: length, height: 100)
    }

    static func anchor(_ item: Int, _ distance: Double) -> ScrollAnchor {
        ScrollAnchor(item: ItemIndexPath(section: 0, item: item), distance: distance)
    }

    @Test(arguments: [ScrollAxis.vertical, .horizontal])
    func theAnchorIsTheFirstItemOfTheOpenEdgeQuery(axis: ScrollAxis) throws {
        for engine in try Self.engines(axis) {
            // Item 0 (0..<30) is the first item the viewport 25..<35 meets.
            #expect(engine.scrollAnchor(in: Self.viewport(axis, from: 25, length: 10)) == Self.anchor(0, -25))
            // From 30 item 0 only touches the viewport (open edges): item 2, the first by index of 2 and 3.
            #expect(engine.scrollAnchor(in: Self.viewport(axis, from: 30, length: 5)) == Self.anchor(2, -10))
            // Before the content: item 0, below the viewport's top by 5.
            #expect(engine.scrollAnchor(in: Self.viewport(axis, from: -5, length: 10)) == Self.anchor(0, 5))
            // Past the content, and a zero-length viewport on an edge: no item.
            #expect(engine.scrollAnchor(in: Self.viewport(axis, from: 60, length: 100)) == nil)
            #expect(engine.scrollAnchor(in: Self.viewport(axis, from: 60, length: 0)) == nil)
        }
    }

    @Test(arguments: [ScrollAxis.vertical, .horizontal])
    func theOffsetPutsTheItemBackUnlessTheContentClampsIt(axis: ScrollAxis) throws {
        for engine in try Self.engines(axis) {
            // Unclamped: item 2 starts at 20, 10 above the viewport's top: 30.
            #expect(engine.contentOffset(restoring: Self.anchor(2, -10), viewportLength: 5) == 30)
            // Clamped at 0: item 0 at 0, 5 below the top, would need -5.
            #expect(engine.contentOffset(restoring: Self.anchor(0, 5), viewportLength: 10)?.bitPattern == 0.0.bitPattern)
            // Clamped at the end, 60 - 10: item 3 at 30, 40 above the top, would need 70.
            #expect(engine.contentOffset(restoring: Self.anchor(3, -40), viewportLength: 10) == 50)
            // A viewport longer than the content: only 0.
            #expect(engine.contentOffset(restoring: Self.anchor(3, -5), viewportLength: 100) == 0)
            // At both bounds exactly, nothing moves it.
            #expect(engine.contentOffset(restoring: Self.anchor(2, 20), viewportLength: 10) == 0)
            #expect(engine.contentOffset(restoring: Self.anchor(2, -30), viewportLength: 10) == 50)
            // An item the layout does not have.
            #expect(engine.contentOffset(restoring: Self.anchor(4, 0), viewportLength: 10) == nil)
            #expect(engine.contentOffset(restoring: ScrollAnchor(item: ItemIndexPath(section: 1, item: 0), distance: 0), viewportLength: 10) == nil)
        }
    }

    /// Taken and restored on the same layout, an unclamped anchor gives back the viewport's start.
    @Test(arguments: [ScrollAxis.vertical, .horizontal])
    func anAnchorTakenAndRestoredGivesTheViewportBack(axis: ScrollAxis) throws {
        for engine in try Self.engines(axis) {
            for start in [0.0, 12.5, 25, 30, 45] {
                let anchor = try #require(engine.scrollAnchor(in: Self.viewport(axis, from: start, length: 15)))
                #expect(engine.contentOffset(restoring: anchor, viewportLength: 15) == start, "from \(start)")
            }
        }
    }

    /// A deferred item has no frame: no anchor is taken on it and none restores to it.
    @Test func deferredItemsHaveNoAnchor() throws {
        var section = SectionDescription(columns: 1, itemHeights: [10, 0])
        section.estimatedItemHeight = 50
        section.isUnmeasured = [false, true]
        let description = try LayoutDescription(width: 100, unmeasuredItems: .deferred, sections: [section])
        for engine: any LayoutEngine in [ReferenceLayoutEngine(description), OptimizedLayoutEngine(description, threads: 1)] {
            #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 1)) == nil)
            #expect(engine.contentOffset(restoring: Self.anchor(1, 0), viewportLength: 10) == nil)
            #expect(engine.scrollAnchor(in: Rect(x: 0, y: 5, width: 100, height: 100)) == Self.anchor(0, -5))
            #expect(engine.scrollAnchor(in: Rect(x: 0, y: 10, width: 100, height: 100)) == nil)
        }
    }
}
