// Tests of format v3's flowTolerance (CSS grid-lanes' placement tolerance), by hand and against the reference.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// `flowTolerance`: starts within the tolerance of the lowest count as tied and the tie rule
/// picks among them; frames computed by hand, both engines, and its refusals.
@Suite struct FlowToleranceTests {
    /// 4 columns of 25; items 10, 20, 5, 3 tall, then one 1 tall spanning 2 columns.
    private static func description(tieBreak: TieBreak, flowTolerance: Double?) throws -> LayoutDescription {
        try LayoutDescription(width: 100, tieBreak: tieBreak, flowTolerance: flowTolerance, sections: [
            SectionDescription(columns: 4, itemHeights: [10, 20, 5, 3, 1], itemSpans: [.single, .single, .single, .single, .columns(2)]),
        ])
    }

    @Test func theLowestStartWithinTheToleranceWins() throws {
        // Tolerance 12: item 1 stays on column 0 (10 <= 0 + 12), item 2 takes column 1 (30 > 12),
        // item 3 stacks on it (5 <= 12); the 2-column item's windows are 30, 8 and 0 high: 8 <= 12,
        // so it starts on column 1 at 8, where format v2 puts it on column 2 at 0.
        expectItemFrames(try Self.description(tieBreak: .lowestIndex, flowTolerance: 12), [
            Rect(x: 0, y: 0, width: 25, height: 10), Rect(x: 0, y: 10, width: 25, height: 20),
            Rect(x: 25, y: 0, width: 25, height: 5), Rect(x: 25, y: 5, width: 25, height: 3),
            Rect(x: 25, y: 8, width: 50, height: 1),
        ])
    }

    @Test func theHighestStartWithinTheToleranceWinsWithHighestIndex() throws {
        // Mirrored: columns 3 and 2 fill first; the windows are 0, 8 and 30 high: the last within
        // 12 of 0 is column 1's.
        expectItemFrames(try Self.description(tieBreak: .highestIndex, flowTolerance: 12), [
            Rect(x: 75, y: 0, width: 25, height: 10), Rect(x: 75, y: 10, width: 25, height: 20),
            Rect(x: 50, y: 0, width: 25, height: 5), Rect(x: 50, y: 5, width: 25, height: 3),
            Rect(x: 25, y: 8, width: 50, height: 1),
        ])
    }

    @Test func aStartExactlyAtTheToleranceIsWithinIt() throws {
        // Column 0 at 10 is exactly 0 + 10: it ties, so item 1 goes on it.
        let frames = itemFrames(ReferenceLayoutEngine(try Self.description(tieBreak: .lowestIndex, flowTolerance: 10)))
        #expect(frames[1] == Rect(x: 0, y: 10, width: 25, height: 20))
        let below = itemFrames(ReferenceLayoutEngine(try Self.description(tieBreak: .lowestIndex, flowTolerance: 10.0.nextDown)))
        #expect(below[1] == Rect(x: 25, y: 0, width: 25, height: 20))
    }

    @Test(arguments: TieBreak.allCases)
    func zeroIsFormatV2BitForBit(tieBreak: TieBreak) throws {
        var generator = RandomLayoutGenerator(seed: 31 + UInt64(tieBreak == .lowestIndex ? 0 : 1))
        for _ in 0..<20 {
            let random = generator.description(maximumSections: 4, maximumItems: 60)
            var rules = RandomLayoutGenerator.Rules(of: random)
            rules.placement = .shortestColumn
            rules.tieBreak = tieBreak
            let plain = try rules.description(width: random.width, sections: random.sections)
            rules.flowTolerance = 0
            let zero = try rules.description(width: random.width, sections: random.sections)
            #expect(allElements(of: ReferenceLayoutEngine(zero)).map { EngineVerifier.bits($0.frame) }
                    == allElements(of: ReferenceLayoutEngine(plain)).map { EngineVerifier.bits($0.frame) })
            expectSameLayout(OptimizedLayoutEngine(zero, threads: 1), as: ReferenceLayoutEngine(zero), generator: &generator)
        }
    }

    @Test(arguments: [0.5, 10, 100, 1e15], [1, 2])
    func bothEnginesAgreeThroughUpdates(flowTolerance: Double, threads: Int) throws {
        var generator = RandomLayoutGenerator(seed: 33 + UInt64(flowTolerance) % 17 + UInt64(threads))
        for _ in 0..<4 {
            let random = generator.description(maximumSections: 4, maximumItems: 80)
            var rules = RandomLayoutGenerator.Rules(of: random)
            rules.placement = .shortestColumn
            rules.flowTolerance = flowTolerance
            let description = try rules.description(width: random.width, sections: random.sections)
            expectSameLayoutThroughUpdates(description, threads: threads, updates: 10, generator: &generator)
        }
    }

    @Test func theToleranceRoundTripsThroughJSON() throws {
        let description = try Self.description(tieBreak: .highestIndex, flowTolerance: 12.25)
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
        let unset = try Self.description(tieBreak: .lowestIndex, flowTolerance: nil)
        #expect(!unset.jsonText().contains("flowTolerance"))
    }

    @Test(arguments: [
        (#""flowTolerance": -1"#, "flowTolerance: must be >= 0, got -1.0"),
        (#""flowTolerance": 2e15"#, "flowTolerance: must be <= 1000000000000000.0, got 2000000000000000.0"),
        (#""flowTolerance": "some""#, "flowTolerance: must be a number, got a string"),
        (#""placement": "roundRobin", "flowTolerance": 0"#,
         #"flowTolerance: needs placement "shortestColumn": it widens the shortest-column tie, and round robin has none"#),
    ])
    func badTolerancesAreRefusedNamingTheField(fields: String, message: String) {
        let json = #"{"width": 100, "#  + fields + #", "sections": [{"columns": 2, "itemHeights": [1]}]}"#
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { "\($0)" == message }
    }

    @Test func aNonFiniteToleranceIsRefusedInTheSwiftAPI() {
        #expect { try LayoutDescription(width: 100, flowTolerance: .nan, sections: []) } throws: {
            "\($0)" == "flowTolerance: must be a finite number, got nan"
        }
    }
}
