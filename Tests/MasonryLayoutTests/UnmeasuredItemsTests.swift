// Format v3's items of unknown height: estimated and deferred layout, measuring updates, their refusals.
import MasonryLayout
import MasonryVerification
import Testing

@Suite struct UnmeasuredItemsTests {
    static let heights: [Double?] = [120, nil, 80, nil, nil, 200, 40, nil, 95, 60, nil, 300, 10, nil, nil, 70]

    static func description(_ heights: [Double?], columns: Int = 3, placement: Placement = .shortestColumn,
                            unmeasured: UnmeasuredItems = .estimated, remeasure: Remeasure = .reflow,
                            spans: [ItemSpan]? = nil) throws -> LayoutDescription {
        try LayoutDescription(
            width: 320, placement: placement, unmeasuredItems: unmeasured, remeasure: remeasure,
            sections: [
                SectionDescription(columnCount: .fixed(columns), inset: EdgeInsets(top: 8, left: 4, bottom: 6, right: 4),
                                   columnSpacing: 4, itemSpacing: 5, headerHeight: 20, footerHeight: 12,
                                   measuredItemHeights: heights, estimatedItemHeight: 100, itemSpans: spans),
                SectionDescription(columns: 2, itemSpacing: 3, footerHeight: 9, itemHeights: [30, 40, 50]),
            ])
    }

    static let engines: [@Sendable (LayoutDescription) -> any LayoutEngine] = [
        { ReferenceLayoutEngine($0) }, { OptimizedLayoutEngine($0, threads: 1) }, { OptimizedLayoutEngine($0, threads: 2) },
    ]

    static func allFrames(_ engine: some LayoutEngine) -> [LayoutElement] {
        engine.elements(in: Rect(x: -1, y: -1, width: 1e9, height: 1e9))
    }

    @Test(arguments: [Placement.shortestColumn, .roundRobin], [false, true])
    func estimatedItemsAreLaidOutExactlyAsTheirEstimate(placement: Placement, withSpans: Bool) throws {
        let spans: [ItemSpan]? = withSpans ? Self.heights.indices.map { $0 % 5 == 2 ? 2 : 1 } : nil
        let estimated = try Self.description(Self.heights, placement: placement, spans: spans)
        let measured = try Self.description(Self.heights.map { $0 ?? 100 }, placement: placement, spans: spans)
        #expect(estimated.sections[0].itemHeights == measured.sections[0].itemHeights)
        for make in Self.engines {
            let engine = make(estimated)
            #expect(Self.allFrames(engine) == Self.allFrames(make(measured)))
            #expect(engine.contentSize == make(measured).contentSize)
        }
    }

    @Test func aDeferredSectionLaysOutItsMeasuredItemsAndReservesRowsForTheRest() throws {
        let heights: [Double?] = [10, 20, nil, nil, nil]
        let description = try LayoutDescription(width: 100, unmeasuredItems: .deferred, sections: [
            SectionDescription(columnCount: .fixed(2), inset: EdgeInsets(top: 0, left: 0, bottom: 4, right: 0), itemSpacing: 5,
                               footerHeight: 7, measuredItemHeights: heights, estimatedItemHeight: 30),
        ])
        for make in Self.engines {
            let engine = make(description)
            // Columns end at 15 and 25; 3 unmeasured items need ceil(3 / 2) = 2 rows of 30.
            #expect(engine.frame(ofSupplementary: .footer, inSection: 0) == Rect(x: 0, y: (25 + 2 * 30) + 4, width: 100, height: 7))
            #expect(engine.contentSize.height == 89 + 7)
            #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 1)) == Rect(x: 50, y: 0, width: 50, height: 20))
            for item in 2..<5 { #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: item)) == nil) }
            #expect(Self.allFrames(engine).map(\.item) == [0, 1, 0])
        }
    }

    @Test(arguments: [Placement.shortestColumn, .roundRobin], [Remeasure.reflow, .keepColumns])
    func measuringADeferredFeedInOrderLaysOutEachItemOnce(placement: Placement, remeasure: Remeasure) throws {
        var heights = Self.heights
        for index in heights.indices { heights[index] = index < 3 ? Double(50 + index) : nil }
        let description = try Self.description(heights, placement: placement, unmeasured: .deferred, remeasure: remeasure)
        let updates: [LayoutUpdate] = [
            .setMeasurements(section: 0, startingAt: 3, heights: [44, 55]),
            .setItemHeights(section: 0, startingAt: 0, heights: [7]),
            .setMeasurements(section: 0, startingAt: 5, heights: [66, nil, nil]),
            .appendMeasurements(section: 0, heights: [nil, nil]),
            .setMeasurements(section: 0, startingAt: 6, heights: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
            .appendItems(section: 0, heights: [13, 14]),
            .insertMeasurements(section: 0, at: 4, heights: [15, 16]),
            .deleteItems(section: 0, range: 2..<9),
        ]
        let scenario = LayoutScenario(description: description, updates: updates,
                                      queries: [Rect(x: 0, y: 0, width: 320, height: 400), Rect(x: 100, y: 150, width: 50, height: 90)])
        for threads in [1, 2] {
            #expect(ScenarioChecker().check(scenario, threads: threads) == nil)
        }
        var engine = OptimizedLayoutEngine(description, threads: 1)
        for update in updates { try engine.apply(update) }
        #expect(engine.layoutDescription.sections[0].isUnmeasured == nil)  // every item measured: no flags left
    }

    /// In deferred mode measured items come first; an update that would break that is refused,
    /// naming the item, and leaves the engines as they were.
    @Test(arguments: [
        (LayoutUpdate.setMeasurements(section: 0, startingAt: 4, heights: [10]), "sections[0].itemHeights[4]"),
        (.setItemHeights(section: 0, startingAt: 5, heights: [10, 20]), "sections[0].itemHeights[5]"),
        (.setMeasurements(section: 0, startingAt: 1, heights: [nil]), "sections[0].itemHeights[1]"),
        (.setMeasurements(section: 0, startingAt: 2, heights: [nil, 5]), "sections[0].itemHeights[2]"),
        (.setMeasurements(section: 0, startingAt: 3, heights: [nil, 5]), "sections[0].itemHeights[4]"),
        (.appendItems(section: 0, heights: [10]), "sections[0].itemHeights[8]"),
        (.insertMeasurements(section: 0, at: 1, heights: [nil]), "sections[0].itemHeights[1]"),
        (.insertItems(section: 0, at: 4, heights: [10]), "sections[0].itemHeights[4]"),
        (.appendMeasurements(section: 1, heights: [nil]), "sections[1].itemHeights[3]"),
    ])
    func deferredUpdatesThatWouldMeasureOutOfOrderAreRefused(update: LayoutUpdate, path: String) throws {
        let description = try Self.description([1, 2, 3, nil, nil, nil, nil, nil], unmeasured: .deferred)
        for make in Self.engines {
            var engine = make(description)
            let before = Self.allFrames(engine)
            #expect {
                try engine.apply(update)
            } throws: { error in
                (error as? LayoutError)?.path == path
            }
            #expect(Self.allFrames(engine) == before)
            #expect(engine.layoutDescription == description)
        }
    }

    @Test func anEstimatedItemGoesBackToItsEstimateWithNull() throws {
        let description = try Self.description(Self.heights)
        var engine = OptimizedLayoutEngine(description, threads: 1)
        try engine.apply(.setMeasurements(section: 0, startingAt: 0, heights: [nil, 42]))
        #expect(engine.layoutDescription.sections[0].measuredItemHeights.prefix(3) == [nil, 42, 80])
        #expect(engine.frame(ofItemAt: ItemIndexPath(section: 0, item: 0))?.height == 100)
        let scenario = LayoutScenario(description: description, updates: [
            .setMeasurements(section: 0, startingAt: 0, heights: [nil, 42]),
            .insertMeasurements(section: 0, at: 2, heights: [nil, 9, nil]),
            .appendMeasurements(section: 1, heights: [nil]),
        ], queries: [Rect(x: 0, y: 0, width: 320, height: 300)])
        // Section 1 has no estimate: the last update is refused by both engines alike.
        #expect(ScenarioChecker().check(scenario, threads: 1) == nil)
        #expect {
            try engine.apply(.appendMeasurements(section: 1, heights: [nil]))
        } throws: { error in
            (error as? LayoutError)?.description == "sections[1].itemHeights[3]: null needs sections[1].estimatedItemHeight"
        }
    }

    @Test(arguments: [UnmeasuredItems.estimated, .deferred], [Remeasure.reflow, .keepColumns])
    func formatV3RoundTripsThroughJSON(unmeasured: UnmeasuredItems, remeasure: Remeasure) throws {
        let heights: [Double?] = unmeasured == .deferred ? [1, 2.5, nil, nil] : Self.heights
        let description = try Self.description(heights, unmeasured: unmeasured, remeasure: remeasure)
        let text = description.jsonText()
        #expect(text.contains("\"estimatedItemHeight\":100.0") && text.contains("null"))
        #expect(try LayoutDescription(json: Array(text.utf8)) == description)
        let update = LayoutUpdate.setMeasurements(section: 0, startingAt: 1, heights: [nil, 3])
        let scenario = LayoutScenario(description: description, updates: [update])
        #expect(try LayoutScenario(json: Array(scenario.jsonText().utf8)).updates == [update])
    }

    @Test func aV2DescriptionReadsAsTheSameV3Description() throws {
        let v2 = "{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1, 2, 3]}]}"
        let description = try LayoutDescription(json: Array(v2.utf8))
        #expect(description.unmeasuredItems == .estimated && description.remeasure == .reflow)
        #expect(description.sections[0].isUnmeasured == nil && description.sections[0].estimatedItemHeight == nil)
        let estimateOnly = "{\"width\": 100, \"sections\": [{\"columns\": 2, \"estimatedItemHeight\": 50, \"itemHeights\": [1, 2, 3]}]}"
        let withEstimate = try LayoutDescription(json: Array(estimateOnly.utf8))
        #expect(Self.allFrames(OptimizedLayoutEngine(withEstimate)) == Self.allFrames(OptimizedLayoutEngine(description)))
    }
}
