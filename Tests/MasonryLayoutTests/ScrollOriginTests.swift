// Tests of format v3's scrollOrigin end (bottom-to-top feeds), by hand and against the reference.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// `scrollOrigin: "end"`: frames mirrored along the scroll axis, queries mirrored the same way,
/// pinned headers at the viewport's far edge, computed by hand, in both engines.
@Suite struct ScrollOriginTests {
    /// 2 columns of 50 under a 4-point header: from the start item 0 at 4 (10 tall), item 1 at 4
    /// (20 tall), item 2 at 14 (5 tall); the content is 24 long.
    private static func description(origin: ScrollOrigin = .end, axis: ScrollAxis = .vertical) throws -> LayoutDescription {
        try LayoutDescription(width: 100, axis: axis, scrollOrigin: origin, sections: [
            SectionDescription(columns: 2, headerHeight: 4, itemHeights: [10, 20, 5]),
        ])
    }

    @Test(arguments: ScrollAxis.allCases)
    func framesAreTheStartsMirrored(axis: ScrollAxis) throws {
        let description = try Self.description(axis: axis)
        // 24 - (4 + 10) = 10, 24 - (4 + 20) = 0, 24 - (14 + 5) = 5; the header 24 - (0 + 4) = 20.
        let vertical = [Rect(x: 0, y: 10, width: 50, height: 10), Rect(x: 50, y: 0, width: 50, height: 20),
                        Rect(x: 0, y: 5, width: 50, height: 5)]
        expectItemFrames(description, axis == .vertical ? vertical : vertical.map(\.transposed),
                         contentSize: axis == .vertical ? Size(width: 100, height: 24) : Size(width: 24, height: 100))
        let header = ReferenceLayoutEngine(description).frame(ofSupplementary: .header, inSection: 0)
        #expect(header == (axis == .vertical ? Rect(x: 0, y: 20, width: 100, height: 4) : Rect(x: 20, y: 0, width: 4, height: 100)))
    }

    @Test func aQueryIsMirroredAndTheHeaderPinsToTheViewportsBottomEdge() throws {
        let description = try Self.description()
        // The top 6 points on screen are 18...24 from the start: items 1 (4...24) and 2 (14...19).
        expectQuery(description, Rect(x: 0, y: 0, width: 100, height: 6), ["item0.1", "item0.2"])
        // Pinned: the header takes the mirrored rect's top, min(max(18, 0), 24 - 4) = 18, then is
        // mirrored with the rest: 24 - (18 + 4) = 2, the viewport's bottom 4 points.
        let answer = expectQuery(description, Rect(x: 0, y: 0, width: 100, height: 6), pinningHeaders: true,
                                 ["header0", "item0.1", "item0.2"])
        #expect(answer.first?.frame == Rect(x: 0, y: 2, width: 100, height: 4))
        // Touching edges: the bottom point 24 is the start's 0, where only the header's top lies.
        expectQuery(description, Rect(x: 0, y: 24, width: 100, height: 0), ["header0"])
        expectQuery(description, Rect(x: 0, y: 24, width: 100, height: 0), edges: .open, [])
    }

    @Test(arguments: Placement.allCases, [1, 2])
    func bothEnginesAgreeThroughUpdates(placement: Placement, threads: Int) throws {
        var generator = RandomLayoutGenerator(seed: 18 + UInt64(threads))
        let random = generator.description(maximumSections: 4, maximumItems: 40)
        var rules = RandomLayoutGenerator.Rules(of: random)
        rules.placement = placement
        rules.scrollOrigin = .end
        let description = try rules.description(width: random.width, sections: random.sections)
        expectSameLayoutThroughUpdates(description, threads: threads, updates: 12, generator: &generator)
    }

    @Test func anAnchorKeepsTheItemAtTheBottomAcrossAnAppend() throws {
        var engine = OptimizedLayoutEngine(try Self.description())
        let viewport = Rect(x: 0, y: 0, width: 100, height: 12)
        let anchor = try #require(engine.scrollAnchor(in: viewport))
        try engine.apply(.appendItems(section: 0, heights: [30]))  // a new message at the bottom
        let offset = try #require(engine.contentOffset(restoring: anchor, viewportLength: 12))
        let frame = try #require(engine.frame(ofItemAt: anchor.item))
        #expect(frame.minY - offset == anchor.distance)
    }

    @Test func theOriginRoundTripsAndAMisspeltOneIsRefused() throws {
        let description = try Self.description()
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
        let json = #"{"width": 100, "scrollOrigin": "bottom", "sections": []}"#
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { ($0 as? LayoutError)?.path == "scrollOrigin" }
    }
}
