// Tests of format v3's stamps (masonry.js's stamp): rects that raise the columns they meet, by hand and against the reference.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Stamps: every column a stamp meets (open edges) starts at least at its bottom; frames computed
/// by hand in both engines, the stamps' own frames, width changes, and the refusals.
@Suite struct StampTests {
    /// 3 columns of 30 (x 0, 30, 60) and a stamp over x 20...40, 50 tall.
    private static func description(direction: ColumnDirection = .leftToRight, axis: ScrollAxis = .vertical,
                                    stamps: [Rect] = [Rect(x: 20, y: 0, width: 20, height: 50)],
                                    trailing: TrailingItemSpacing = .include, remeasure: Remeasure = .reflow) throws -> LayoutDescription {
        var section = SectionDescription(columns: 3, itemHeights: [10, 20, 30, 5])
        section.stamps = stamps
        return try LayoutDescription(width: 90, trailingItemSpacing: trailing, axis: axis, direction: direction, remeasure: remeasure,
                                     sections: [section])
    }

    @Test func itemsFlowAroundAStamp() throws {
        // Columns 0 (0...30) and 1 (30...60) meet 20...40 and start at 50; column 2 does not.
        // Items 0, 1 and 2 stack on column 2 (0, 10, 30); item 3 takes column 0 at 50.
        expectItemFrames(try Self.description(), [
            Rect(x: 60, y: 0, width: 30, height: 10), Rect(x: 60, y: 10, width: 30, height: 20),
            Rect(x: 60, y: 30, width: 30, height: 30), Rect(x: 0, y: 50, width: 30, height: 5),
        ], contentSize: Size(width: 90, height: 60))
    }

    @Test func touchingEdgesDoNotMeet() throws {
        // 30...60 is column 1 exactly: column 0 ends at 30 and column 2 starts at 60, open edges.
        let description = try Self.description(stamps: [Rect(x: 30, y: 5, width: 30, height: 15)])
        expectItemFrames(description, [
            Rect(x: 0, y: 0, width: 30, height: 10), Rect(x: 60, y: 0, width: 30, height: 20),
            Rect(x: 0, y: 10, width: 30, height: 30), Rect(x: 30, y: 20, width: 30, height: 5),
        ])
    }

    @Test func xIsPhysicalRightToLeft() throws {
        // Right to left column 0 is at x 60: the stamp over 20...40 raises columns 2 (x 0) and 1 (x 30).
        expectItemFrames(try Self.description(direction: .rightToLeft), [
            Rect(x: 60, y: 0, width: 30, height: 10), Rect(x: 60, y: 10, width: 30, height: 20),
            Rect(x: 60, y: 30, width: 30, height: 30), Rect(x: 30, y: 50, width: 30, height: 5),
        ])
    }

    @Test func aStampAboveTheColumnStartChangesNothingAndLaterStampsRaiseFurther() throws {
        var section = SectionDescription(columns: 2, inset: EdgeInsets(top: 5), headerHeight: 10, itemHeights: [4, 4])
        // max(15, 0 + 8) = 15 for both; then column 1 max(15, 20 + 5) = 25.
        section.stamps = [Rect(x: 0, y: 0, width: 100, height: 8), Rect(x: 60, y: 20, width: 10, height: 5)]
        let description = try LayoutDescription(width: 100, sections: [section])
        expectItemFrames(description, [Rect(x: 0, y: 15, width: 50, height: 4), Rect(x: 0, y: 19, width: 50, height: 4)])
    }

    @Test func aColumnWithoutItemsEndsAtItsStampWithTrailingSpacingExcluded() throws {
        var section = SectionDescription(columns: 2, inset: EdgeInsets(bottom: 3), itemSpacing: 4, footerHeight: 6, itemHeights: [10])
        section.stamps = [Rect(x: 50, y: 0, width: 50, height: 100)]
        let description = try LayoutDescription(width: 100, trailingItemSpacing: .exclude, sections: [section])
        // Column 1 holds no item and ends at its stamp's 100; the footer starts at 100 + 3.
        expectItemFrames(description, [Rect(x: 0, y: 0, width: 50, height: 10)], contentSize: Size(width: 100, height: 109))
        #expect(ReferenceLayoutEngine(description).frame(ofSupplementary: .footer, inSection: 0) == Rect(x: 0, y: 103, width: 100, height: 6))
    }

    @Test(arguments: ScrollAxis.allCases, ScrollOrigin.allCases)
    func aStampsFrameIsAbsoluteAndMappedAsFramesAre(axis: ScrollAxis, origin: ScrollOrigin) throws {
        var second = SectionDescription(columns: 2, headerHeight: 12, itemHeights: [7, 9])
        second.stamps = [Rect(x: 10, y: 2, width: 30, height: 4)]
        let description = try LayoutDescription(width: 100, axis: axis, scrollOrigin: origin, sections: [
            SectionDescription(columns: 1, itemHeights: [20]), second,
        ])
        // The second section starts at 20: the stamp's y is 20 + 2; from the end, mirrored in the
        // content's 20 + max(12 + 7, 12 + 9, 6) = 41.
        let vertical = Rect(x: 10, y: origin == .start ? 22 : 41 - (22 + 4), width: 30, height: 4)
        let want = axis == .vertical ? vertical : vertical.transposed
        for engine in [ReferenceLayoutEngine(description) as any LayoutEngine, OptimizedLayoutEngine(description, threads: 1)] {
            #expect(engine.frame(ofStamp: 0, inSection: 1) == want)
            #expect(engine.frame(ofStamp: 1, inSection: 1) == nil)
            #expect(engine.frame(ofStamp: 0, inSection: 0) == nil)
            #expect(engine.frame(ofStamp: 0, inSection: 2) == nil)
        }
    }

    @Test(arguments: Remeasure.allCases, [1, 2])
    func setWidthReevaluatesWhichColumnsAStampMeets(remeasure: Remeasure, threads: Int) throws {
        var optimized = OptimizedLayoutEngine(try Self.description(remeasure: remeasure), threads: threads)
        var reference = ReferenceLayoutEngine(optimized.layoutDescription)
        var generator = RandomLayoutGenerator(seed: 41)
        // At 120 the columns are 40 wide (x 0, 40, 80): 20...40 meets column 0 only.
        for width in [120.0, 90, 61, 300] {
            try optimized.apply(.setWidth(width))
            try reference.apply(.setWidth(width))
            expectSameLayout(optimized, as: reference, generator: &generator)
        }
        // Placed anew (reflow), item 0 takes column 1, the first the stamp leaves at 0; kept, it
        // stays on column 2 (x 80), where it was placed.
        try optimized.apply(.setWidth(120))
        #expect(optimized.frame(ofItemAt: ItemIndexPath(section: 0, item: 0))?.minX == (remeasure == .reflow ? 40 : 80))
    }

    /// Regression: after a `setWidth` that changed a later section's count, the section tops
    /// were summed again from that section only, leaving a stamped section before it (laid out
    /// again, its columns under other stamps) with its old height (the fuzzer's find, seed 22:
    /// a content height of 0 for 195.9).
    @Test(arguments: [1, 2])
    func setWidthSumsTheTopsFromTheFirstStampedSectionToo(threads: Int) throws {
        var stamped = SectionDescription(columns: 6, itemHeights: [])
        stamped.stamps = [Rect(x: 512.125, y: 75.90625, width: 170.70833333333334, height: 120)]
        let description = try LayoutDescription(width: 6, placement: .roundRobin, sections: [
            stamped, SectionDescription(columnCount: .adaptive(minColumnWidth: 73.09520955029197), itemHeights: []),
        ])
        var optimized = OptimizedLayoutEngine(description, threads: threads)
        var reference = ReferenceLayoutEngine(description)
        try optimized.apply(.setWidth(2561.375))
        try reference.apply(.setWidth(2561.375))
        #expect(reference.contentSize.height == 195.90625)
        #expect(optimized.contentSize == reference.contentSize)
    }

    @Test(arguments: [Placement.shortestColumn, .roundRobin], [1, 2])
    func bothEnginesAgreeThroughUpdates(placement: Placement, threads: Int) {
        var generator = RandomLayoutGenerator(seed: 43 + UInt64(threads) + (placement == .roundRobin ? 2 : 0))
        expectSameRandomLayoutsThroughUpdates(placement: placement, threads: threads, generator: &generator) { sections, random, _ in
            for index in sections.indices where index % 2 == 0 {
                sections[index].stamps = [Rect(x: random.width * 0.1, y: 0, width: random.width * 0.3, height: 120),
                                          Rect(x: random.width * 0.5, y: 40, width: 0, height: 30),
                                          Rect(x: random.width * 0.6, y: 10, width: random.width * 0.4, height: 60)]
            }
        }
    }

    @Test func stampsRoundTripThroughJSON() throws {
        let description = try Self.description(stamps: [Rect(x: 1.5, y: 2, width: 3, height: 4.25), Rect(x: 0, y: 0, width: 0, height: 0)])
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
    }

    @Test(arguments: [
        (#""stamps": [{"x": 0, "y": 0, "width": -1, "height": 4}]"#, "sections[0].stamps[0].width: must be >= 0, got -1.0"),
        (#""stamps": [{"x": 0, "y": 0, "width": 1, "height": 4}, {"x": 0, "y": -2, "width": 1, "height": 4}]"#,
         "sections[0].stamps[1].y: must be >= 0, got -2.0"),
        (#""stamps": [{"x": 0, "y": 0, "width": 1}]"#, "sections[0].stamps[0].height: is required"),
        (#""stamps": [{"x": 0, "y": 0, "width": 1, "height": 2, "z": 1}]"#, "sections[0].stamps[0].z: is not a field of format v3"),
        (#""stamps": {"x": 0}"#, "sections[0].stamps: must be an array, got an object"),
        (#""stamps": [{"x": 2e15, "y": 0, "width": 1, "height": 2}]"#,
         "sections[0].stamps[0].x: must be <= 1000000000000000.0, got 2000000000000000.0"),
    ])
    func badStampsAreRefusedNamingTheField(fields: String, message: String) {
        let json = #"{"width": 100, "sections": [{"columns": 2, "#  + fields + #", "itemHeights": [1]}]}"#
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { "\($0)".hasPrefix(message) }
    }
}
