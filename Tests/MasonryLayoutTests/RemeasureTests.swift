// Format v3's `remeasure`: reflow against keepColumns, where a re-measured item never changes columns.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

@Suite struct RemeasureTests {
    static func feed(remeasure: Remeasure, placement: Placement = .shortestColumn, spans: Bool = false,
                     unmeasured: UnmeasuredItems = .estimated) throws -> LayoutDescription {
        var random = SplitMix64(seed: 7)
        let heights: [Double?] = (0..<400).map { $0 % 3 == 0 ? nil : Double(40 + random.next() % 200) }
        let itemSpans: [ItemSpan]? = spans ? (0..<400).map { $0 % 7 == 3 ? 2 : $0 % 31 == 5 ? .full : 1 } : nil
        return try LayoutDescription(width: 390, placement: placement, unmeasuredItems: unmeasured, remeasure: remeasure, sections: [
            SectionDescription(columnCount: .fixed(4), columnSpacing: 2, itemSpacing: 2, headerHeight: 30,
                               measuredItemHeights: heights, estimatedItemHeight: 120, itemSpans: itemSpans),
            SectionDescription(columns: 3, itemHeights: [10, 20, 30, 40]),
        ])
    }

    static func columns(_ engine: some LayoutEngine, section: Int = 0) -> [Double] {
        (0..<engine.layoutDescription.sections[section].itemHeights.count).compactMap {
            engine.frame(ofItemAt: ItemIndexPath(section: section, item: $0))?.x
        }
    }

    static func measureAll(_ description: LayoutDescription) -> [LayoutUpdate] {
        description.sections[0].measuredItemHeights.indices.filter { description.sections[0].measuredItemHeights[$0] == nil }
            .map { .setMeasurements(section: 0, startingAt: $0, heights: [Double($0 % 97) + 1]) }
    }

    @Test(arguments: [false, true])
    func keepColumnsNeverMovesAnItemToAnotherColumnWhenItIsMeasured(spans: Bool) throws {
        let description = try Self.feed(remeasure: .keepColumns, spans: spans)
        let updates = Self.measureAll(description)
        var kept = OptimizedLayoutEngine(description, threads: 1)
        var reflowed = OptimizedLayoutEngine(try Self.feed(remeasure: .reflow, spans: spans), threads: 1)
        let before = Self.columns(kept)
        for update in updates {
            try kept.apply(update)
            try reflowed.apply(update)
        }
        #expect(Self.columns(kept) == before)
        #expect(Self.columns(reflowed) != before, "the example should make reflow move items")
        let scenario = LayoutScenario(description: description, updates: updates + [.setItemHeights(section: 0, startingAt: 10, heights: [500])],
                                      queries: [Rect(x: 0, y: 0, width: 390, height: 844), Rect(x: 100, y: 2000, width: 10, height: 844)])
        for threads in [1, 2] { #expect(ScenarioChecker().check(scenario, threads: threads) == nil) }
    }

    /// Never re-measured, a keepColumns layout is its fresh layout, bit for bit; so is one
    /// prepared again from its description.
    @Test(arguments: [Placement.shortestColumn, .roundRobin], [false, true])
    func aKeepColumnsLayoutThatWasNeverRemeasuredIsItsFreshLayout(placement: Placement, spans: Bool) throws {
        let kept = OptimizedLayoutEngine(try Self.feed(remeasure: .keepColumns, placement: placement, spans: spans), threads: 1)
        let fresh = ReferenceLayoutEngine(try Self.feed(remeasure: .reflow, placement: placement, spans: spans))
        let everything = Rect(x: 0, y: 0, width: 390, height: 1e7)
        #expect(kept.elements(in: everything) == fresh.elements(in: everything))
        #expect(kept.contentSize == fresh.contentSize)
    }

    /// Structural updates after re-measures place the items from the first changed one by the
    /// rule, against the re-stacked heights; the engines agree through every kind of update.
    @Test(arguments: [UnmeasuredItems.estimated, .deferred], [false, true])
    func structuralUpdatesAfterRemeasuresAgreeWithTheReference(unmeasured: UnmeasuredItems, spans: Bool) throws {
        var description = try Self.feed(remeasure: .keepColumns, spans: spans, unmeasured: .estimated)
        if unmeasured == .deferred {
            var section = description.sections[0]
            section.measuredItemHeights = section.measuredItemHeights.enumerated().map { $0 < 150 ? ($1 ?? 60) : nil }
            description = try LayoutDescription(width: 390, unmeasuredItems: .deferred, remeasure: .keepColumns,
                                                sections: [section, description.sections[1]])
        }
        let updates: [LayoutUpdate] = [
            .setItemHeights(section: 0, startingAt: 3, heights: [400, 1, 250]),
            .setMeasurements(section: 0, startingAt: 150, heights: [33, 44]),
            .insertItems(section: 0, at: 20, heights: [90, 90]),
            .setItemHeights(section: 0, startingAt: 64, heights: [1000]),
            .deleteItems(section: 0, range: 60..<70),
            .appendItems(section: 1, heights: [5, 5]),
            .insertSection(SectionDescription(columns: 2, itemHeights: [3, 4]), at: 0),
            .setItemHeights(section: 1, startingAt: 0, heights: [77]),
            .setWidth(200),
            .setItemHeights(section: 1, startingAt: 129, heights: [12, 13]),
            .deleteSection(at: 0),
            .setWidth(390),
        ]
        let scenario = LayoutScenario(description: description, updates: updates,
                                      queries: [Rect(x: 0, y: 0, width: 390, height: 844), Rect(x: 50, y: 3000, width: 100, height: 900)])
        for threads in [1, 2] { #expect(ScenarioChecker().check(scenario, threads: threads) == nil) }
    }

    @Test func keepColumnsRefusesASpanChangeOnRemeasure() throws {
        var engine = OptimizedLayoutEngine(try Self.feed(remeasure: .keepColumns, spans: true), threads: 1)
        #expect {
            try engine.apply(.setItemHeights(section: 0, startingAt: 2, heights: [5, 6], spans: [1, 1]))
        } throws: { error in
            (error as? LayoutError)?.path == "sections[0].itemSpans[3]"
        }
        try engine.apply(.setItemHeights(section: 0, startingAt: 2, heights: [5, 6], spans: [1, 2]))
    }
}

extension RemeasureTests {
    /// An engine whose storage is shared (a copy) or outgrown re-stacks kept items from a new
    /// allocation: it must carry their columns over (it once copied only the items before the
    /// checkpoint, and re-stacked the rest from uninitialized memory).
    @Test func aCopiedOrGrownEngineRestacksFromTheColumnsItKept() throws {
        let description = try Self.feed(remeasure: .keepColumns)
        var original = OptimizedLayoutEngine(description, threads: 1)
        try original.apply(.setMeasurements(section: 0, startingAt: 0, heights: [300, 20, 20, 20]))
        var copy = original
        var reference = ReferenceLayoutEngine(description)
        try reference.apply(.setMeasurements(section: 0, startingAt: 0, heights: [300, 20, 20, 20]))
        for update: LayoutUpdate in [.setItemHeights(section: 0, startingAt: 390, heights: [1]),
                                     .appendItems(section: 0, heights: Array(repeating: 50, count: 600)),
                                     .setItemHeights(section: 0, startingAt: 999, heights: [2])] {
            try copy.apply(update)
            try reference.apply(update)
            #expect(EngineVerifier.firstDifference(copy, reference) == nil, "after \(update)")
        }
        #expect(original.layoutDescription == description.applying(.setMeasurements(section: 0, startingAt: 0, heights: [300, 20, 20, 20])))
    }
}

private extension LayoutDescription {
    func applying(_ update: LayoutUpdate) -> LayoutDescription {
        var copy = self
        try! copy.apply(update)
        return copy
    }
}
