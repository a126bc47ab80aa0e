// Tests of scenario anchor steps: reading and writing them bit for bit, bad input, and removing updates under them.
import MasonryLayout
import MasonryVerification
import Testing

/// A scenario's `anchors`: read, written back bit for bit, refused with the field named, and kept
/// valid when updates are removed.
@Suite struct ScenarioAnchorTests {
    static let description = "{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [10, 20, 30]}]}"

    @Test func anchorStepsRoundTripBitForBit() throws {
        let json = """
            {"description": \(Self.description),
             "updates": [{"appendItems": {"section": 0, "heights": [5]}}, {"deleteItems": {"section": 0, "start": 0, "end": 1}}],
             "anchors": [{"viewport": [0, 12.5, 100, 30], "afterUpdates": 1}, {"viewport": [-0.0, 5e-324, 1e300, 0]},
                         {"afterUpdates": 2, "viewport": [0.1, 0.2, 0.30000000000000004, 7]}]}
            """
        let scenario = try LayoutScenario(json: Array(json.utf8))
        #expect(scenario.anchors == [
            ScenarioAnchor(viewport: Rect(x: 0, y: 12.5, width: 100, height: 30), afterUpdates: 1),
            ScenarioAnchor(viewport: Rect(x: -0.0, y: .leastNonzeroMagnitude, width: 1e300, height: 0)),
            ScenarioAnchor(viewport: Rect(x: 0.1, y: 0.2, width: 0.30000000000000004, height: 7), afterUpdates: 2),
        ])
        let again = try LayoutScenario(json: Array(scenario.jsonText().utf8))
        #expect(again == scenario)
        #expect(again.anchors.map { [$0.viewport.x.bitPattern, $0.viewport.y.bitPattern, $0.viewport.width.bitPattern] }
            == scenario.anchors.map { [$0.viewport.x.bitPattern, $0.viewport.y.bitPattern, $0.viewport.width.bitPattern] })
        #expect(again.jsonText() == scenario.jsonText())
    }

    @Test func aScenarioWithoutAnchorsWritesAsBefore() throws {
        let scenario = try LayoutScenario(json: Array("{\"description\": \(Self.description)}".utf8))
        #expect(scenario.anchors.isEmpty)
        #expect(!scenario.jsonText().contains("anchors"))
        #expect(try LayoutScenario(json: Array("{\"description\": \(Self.description), \"anchors\": []}".utf8)) == scenario)
    }

    @Test(arguments: [
        ("\"anchors\": {}", "anchors"),
        ("\"anchors\": [[0, 0, 1, 1]]", "anchors[0]"),
        ("\"anchors\": [{}]", "anchors[0].viewport"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1]}]", "anchors[0].viewport"),
        ("\"anchors\": [{\"viewport\": [0, 0, -1, 1]}]", "anchors[0].viewport"),
        ("\"anchors\": [{\"viewport\": {\"rect\": [0, 0, 1, 1]}}]", "anchors[0].viewport"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1, 1], \"afterUpdates\": 1}]", "anchors[0].afterUpdates"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1, 1], \"afterUpdates\": -1}]", "anchors[0].afterUpdates"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1, 1], \"afterUpdates\": 0.5}]", "anchors[0].afterUpdates"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1, 1], \"afterUpdates\": \"0\"}]", "anchors[0].afterUpdates"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1, 1]}, {\"viewport\": [0, 0, 1, 1], \"after\": 0}]", "anchors[1].after"),
        ("\"anchor\": []", "anchor"),
    ])
    func badAnchorStepsNameTheField(fields: String, path: String) {
        let json = "{\"description\": \(Self.description), \(fields)}"
        #expect { try LayoutScenario(json: Array(json.utf8)) } throws: { ($0 as! LayoutError).path == path }
    }

    /// Removing updates moves the steps taken after them back, and keeps each at most the update count.
    @Test(arguments: [(0..<2, [0, 0, 1, 2]), (1..<3, [0, 1, 1, 2]), (3..<4, [0, 1, 3, 3]), (0..<4, [0, 0, 0, 0])])
    func removingUpdatesKeepsEachStepWithinTheUpdates(removed: Range<Int>, expected: [Int]) throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 10)
        let scenario = LayoutScenario(description: try LayoutDescription(json: Array(Self.description.utf8)),
                                      updates: Array(repeating: .appendItems(section: 0, heights: [1]), count: 4),
                                      anchors: [0, 1, 3, 4].map { ScenarioAnchor(viewport: rect, afterUpdates: $0) })
        let smaller = scenario.removingUpdates(in: removed)
        #expect(smaller.updates.count == 4 - removed.count)
        #expect(smaller.anchors.map(\.afterUpdates) == expected)
        #expect(try LayoutScenario(json: Array(smaller.jsonText().utf8)) == smaller)
    }
}
