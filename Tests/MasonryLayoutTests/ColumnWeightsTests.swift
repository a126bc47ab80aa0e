// Tests of format v3's columnWeights (FlashList's getColumnFlex, CSS 1fr 3fr): unequal columns, by hand and against the reference.
@_spi(Verification) import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Weighted columns: each column its share of the room, side by side from the leading inset;
/// spans from the leftmost covered column's x to the rightmost's far edge; frames computed by
/// hand in both engines, width changes, stamps over weighted columns, and the refusals.
@Suite struct ColumnWeightsTests {
    /// Width 390, insets 10, spacing 8: room 370 - 8 = 362 for weights 1 and 3: 90.5 and 271.5.
    private static func description(direction: ColumnDirection = .leftToRight, axis: ScrollAxis = .vertical,
                                    weights: [Double] = [1, 3], spans: [ItemSpan]? = [1, 1, 2, 1, 1],
                                    rounding: ColumnWidthRounding = .none, displayScale: Double = 1) throws -> LayoutDescription {
        var section = SectionDescription(columns: weights.count, inset: EdgeInsets(left: 10, right: 10), columnSpacing: 8,
                                         itemHeights: [100, 200, 50, 80, 120], itemSpans: spans)
        section.columnWeights = weights
        return try LayoutDescription(width: 390, columnWidthRounding: rounding, displayScale: displayScale, axis: axis,
                                     direction: direction, sections: [section])
    }

    @Test func columnsTakeTheirShareOfTheRoom() throws {
        // Column 0 at 10, 90.5 wide; column 1 at (10 + 90.5) + 8 = 108.5, 271.5 wide; item 2
        // spans both: from 10 to 108.5 + 271.5 = 380, 370 wide.
        expectItemFrames(try Self.description(), [
            Rect(x: 10, y: 0, width: 90.5, height: 100), Rect(x: 108.5, y: 0, width: 271.5, height: 200),
            Rect(x: 10, y: 200, width: 370, height: 50), Rect(x: 10, y: 250, width: 90.5, height: 80),
            Rect(x: 108.5, y: 250, width: 271.5, height: 120),
        ], contentSize: Size(width: 390, height: 370))
    }

    @Test func rightToLeftColumnZeroIsAtTheRight() throws {
        // x[0] = (390 - 10) - 90.5 = 289.5; x[1] = (289.5 - 8) - 271.5 = 10.
        expectItemFrames(try Self.description(direction: .rightToLeft), [
            Rect(x: 289.5, y: 0, width: 90.5, height: 100), Rect(x: 10, y: 0, width: 271.5, height: 200),
            Rect(x: 10, y: 200, width: 370, height: 50), Rect(x: 289.5, y: 250, width: 90.5, height: 80),
            Rect(x: 10, y: 250, width: 271.5, height: 120),
        ])
    }

    @Test func widthsAreRoundedOneByOneAndXFollowsTheRoundedWidths() throws {
        // Room 362 for 1 and 2: 120.666… and 241.333…, floored to the pixel grid of scale 2:
        // 120.5 and 241. So x 10 and 138.5; the span runs from 10 to 138.5 + 241 = 379.5.
        let description = try Self.description(weights: [1, 2], rounding: .floor, displayScale: 2)
        expectItemFrames(description, [
            Rect(x: 10, y: 0, width: 120.5, height: 100), Rect(x: 138.5, y: 0, width: 241, height: 200),
            Rect(x: 10, y: 200, width: 369.5, height: 50), Rect(x: 10, y: 250, width: 120.5, height: 80),
            Rect(x: 138.5, y: 250, width: 241, height: 120),
        ])
        #expect(description.columnWidth(ofSection: 0) == 120.5)
    }

    /// Equal weights go through the weighted arithmetic, whose x values are sums of rounded
    /// widths rather than products: both engines agree on them bit for bit, whatever they are.
    @Test(arguments: ColumnDirection.allCases, [ColumnWidthRounding.none, .nearest, .floor])
    func equalWeightsAgreeInBothEngines(direction: ColumnDirection, rounding: ColumnWidthRounding) throws {
        var generator = RandomLayoutGenerator(seed: 71)
        let description = try Self.description(direction: direction, weights: Array(repeating: 0.1, count: 7), spans: nil,
                                               rounding: rounding, displayScale: 3)
        expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description), generator: &generator)
        #expect(LayoutInvariants.firstViolation(in: ReferenceLayoutEngine(description)) == nil)
    }

    @Test func aStampMeetsTheWeightedColumnsItCovers() throws {
        // 40...110 meets column 0 (10...100.5) and column 1 (108.5...380): both start at 60.
        var description = try Self.description(spans: nil)
        var sections = description.sections
        sections[0].stamps = [Rect(x: 40, y: 0, width: 70, height: 60)]
        description = try LayoutDescription(width: 390, sections: sections)
        expectItemFrames(description, [
            Rect(x: 10, y: 60, width: 90.5, height: 100), Rect(x: 108.5, y: 60, width: 271.5, height: 200),
            Rect(x: 10, y: 160, width: 90.5, height: 50), Rect(x: 10, y: 210, width: 90.5, height: 80),
            Rect(x: 108.5, y: 260, width: 271.5, height: 120),
        ])
        // 100.5...108.5 is the gap between them: it meets neither.
        sections[0].stamps = [Rect(x: 100.5, y: 0, width: 8, height: 60)]
        #expect(itemFrames(ReferenceLayoutEngine(try LayoutDescription(width: 390, sections: sections)), section: 0).first?.minY == 0)
    }

    @Test(arguments: Remeasure.allCases, [1, 2])
    func setWidthMovesAndResizesEveryColumn(remeasure: Remeasure, threads: Int) throws {
        var section = try Self.description().sections[0]
        section.stamps = [Rect(x: 150, y: 0, width: 20, height: 30)]
        let description = try LayoutDescription(width: 390, remeasure: remeasure, sections: [section, try Self.description(spans: nil).sections[0]])
        var optimized = OptimizedLayoutEngine(description, threads: threads)
        var reference = ReferenceLayoutEngine(description)
        var generator = RandomLayoutGenerator(seed: 73)
        for width in [600.0, 390, 40, 1000] {
            try optimized.apply(.setWidth(width))
            try reference.apply(.setWidth(width))
            expectSameLayout(optimized, as: reference, generator: &generator)
        }
        // At 1000 the room is 972: column 1 is 729 wide, at (10 + 243) + 8.
        let frame = try #require(optimized.frame(ofItemAt: ItemIndexPath(section: 1, item: 1)))
        #expect(frame.minX == 261 && frame.width == 729)
    }

    @Test(arguments: [Placement.shortestColumn, .roundRobin], [1, 2])
    func bothEnginesAgreeThroughUpdates(placement: Placement, threads: Int) {
        var generator = RandomLayoutGenerator(seed: 79 + UInt64(threads) + (placement == .roundRobin ? 2 : 0))
        // Weights may leave a column no room (1e-9 of the width, floored): those are skipped.
        expectSameRandomLayoutsThroughUpdates(placement: placement, threads: threads, generator: &generator,
                                              skippingRefused: true) { sections, _, generator in
            for index in sections.indices where index % 2 == 0 && sections[index].maxColumnWidth == nil {
                sections[index].columnCount = .fixed(sections[index].columns)
                sections[index].columnCountTolerance = nil
                sections[index].columnAlignment = .leading
                sections[index].columnWeights = generator.columnWeights(count: sections[index].columns)
            }
        }
    }

    /// Weighted sections of one shape share a slab, as equal ones do, each with its own column
    /// table in its column region.
    @Test(arguments: [1, 2])
    func weightedSectionsOfOneShapeShareASlabAndAgree(threads: Int) throws {
        let sections = (0..<6).map { index in
            var section = SectionDescription(columns: 4, columnSpacing: 2,
                                             itemHeights: (0..<(200 + 37 * index)).map { Double(($0 * 53 + index) % 120 + 20) })
            section.columnWeights = [1, 2 + Double(index), 0.5, 3]
            return section
        }
        let description = try LayoutDescription(width: 500, sections: sections)
        #expect(!VerificationHooks.slabSections(in: description, threads: threads).isEmpty)
        var generator = RandomLayoutGenerator(seed: 89)
        expectSameLayoutThroughUpdates(description, threads: threads, updates: 12, generator: &generator)
    }

    /// Queries over weighted columns answer what the reference answers, across columns 64 and
    /// up too (where the query's column mask stops), in both placements, with spans and without
    /// (shortest column: the weighted sorted-heights kernel, whose query makes its own column
    /// mask; round robin: the spans kernel either way).
    @Test(arguments: [2, 100], [Placement.shortestColumn, .roundRobin])
    func queriesMatchTheReference(columns: Int, placement: Placement) throws {
        for spans in [true, false] { try expectQueriesMatchTheReference(columns: columns, spans: spans, placement: placement) }
    }

    private func expectQueriesMatchTheReference(columns: Int, spans: Bool, placement: Placement) throws {
        var section = SectionDescription(columns: columns, columnSpacing: 1,
                                         itemHeights: (0..<3000).map { Double(($0 * 37) % 90 + 10) },
                                         itemSpans: spans ? (0..<3000).map { $0 % 17 == 0 ? .columns(2) : .single } : nil)
        section.columnWeights = (0..<columns).map { Double($0 % 5 + 1) }
        let description = try LayoutDescription(width: 4000, placement: placement, sections: [section])
        var generator = RandomLayoutGenerator(seed: 83)
        expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description), queries: 200, generator: &generator)
    }

    @Test func weightsRoundTripThroughJSON() throws {
        let description = try Self.description(weights: [1.5, 0.25, 3])
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
        // The count comes from the weights when columns is absent.
        let json = #"{"width": 100, "sections": [{"columnWeights": [1, 2, 1], "itemHeights": [1]}]}"#
        #expect(try LayoutDescription(json: Array(json.utf8)).sections[0].columns == 3)
    }

    @Test(arguments: [
        (#""columns": 3, "columnWeights": [1, 2]"#, "sections[0].columnWeights: must have one weight per column (columns is 3), got 2"),
        (#""minColumnWidth": 20, "columnWeights": [1, 2]"#, "sections[0].columnWeights: is refused beside minColumnWidth"),
        (#""columnWeights": [1, 0]"#, "sections[0].columnWeights[1]: must be a finite number > 0, got 0.0"),
        (#""columnWeights": [1, -2]"#, "sections[0].columnWeights[1]: must be a finite number > 0, got -2.0"),
        (#""columnWeights": [1e308, 1e308]"#, "sections[0].columnWeights: must add up to a finite number, got inf"),
        (#""columnWeights": [1, "2"]"#, "sections[0].columnWeights[1]: must be a number, got a string"),
        (#""columnWeights": []"#, "sections[0].columnWeights: must have 1 to 1024 weights, got 0"),
        (#""columnWeights": [1, 2], "maxColumnWidth": 30"#, "sections[0].maxColumnWidth: is refused beside columnWeights"),
        (#""columnWeights": [1, 2], "columnAlignment": "leading""#, "sections[0].columnAlignment: is refused beside columnWeights"),
        (#""columnWeights": [1, 1e-9]"#, "sections[0].columnWeights[1]: leaves column 1 no room in width 100"),
    ])
    func badWeightsAreRefusedNamingTheField(fields: String, message: String) {
        let json = #"{"width": 100, "columnWidthRounding": "floor", "sections": [{"#  + fields + #", "itemHeights": [1]}]}"#
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { "\($0)".hasPrefix(message) }
    }
}
