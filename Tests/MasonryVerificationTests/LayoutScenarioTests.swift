// Tests of format v2 scenario files: spans in updates, query options, bit-for-bit round trips.
import MasonryLayout
import MasonryVerification
import Testing

/// Scenario files with format v2: spans in updates, query options, round trips bit for bit.
@Suite struct LayoutScenarioTests {
    @Test func spansAndQueryOptionsRoundTrip() throws {
        let json = """
            {"description": {"width": 100, "direction": "rightToLeft", "sections": [{"columns": 3, "itemHeights": [1, 2]}]},
             "updates": [{"appendItems": {"section": 0, "heights": [5, 6], "spans": [2, "full"]}},
                         {"insertItems": {"section": 0, "at": 0, "heights": [3], "spans": [1]}},
                         {"setItemHeights": {"section": 0, "startingAt": 1, "heights": [7]}},
                         {"setItemHeights": {"section": 0, "startingAt": 1, "heights": [7], "spans": [3.0]}}],
             "queries": [[0, 0, 100, 50], {"rect": [0, 10, 100, 0.5], "edges": "open", "pinHeaders": true},
                         {"rect": [1, 2, 3, 4], "pinHeaders": false}, {"rect": [1, 2, 3, 4], "edges": "open"}]}
            """
        let scenario = try LayoutScenario(json: Array(json.utf8))
        #expect(scenario.updates == [
            .appendItems(section: 0, heights: [5, 6], spans: [2, .full]),
            .insertItems(section: 0, at: 0, heights: [3], spans: [1]),
            .setItemHeights(section: 0, startingAt: 1, heights: [7]),
            .setItemHeights(section: 0, startingAt: 1, heights: [7], spans: [3]),
        ])
        #expect(scenario.queries == [
            LayoutQuery(Rect(x: 0, y: 0, width: 100, height: 50)),
            LayoutQuery(Rect(x: 0, y: 10, width: 100, height: 0.5), edges: .open, pinningHeaders: true),
            LayoutQuery(Rect(x: 1, y: 2, width: 3, height: 4)),
            LayoutQuery(Rect(x: 1, y: 2, width: 3, height: 4), edges: .open),
        ])
        let text = scenario.jsonText()
        #expect(try LayoutScenario(json: Array(text.utf8)) == scenario)
        // Plain queries keep format v1's array form.
        #expect(text.contains("\"queries\":[[0.0,0.0,100.0,50.0],{\"rect\":[0.0,10.0,100.0,0.5],\"edges\":\"open\",\"pinHeaders\":true}"))
    }

    @Test(arguments: [
        ("\"queries\": [{\"rect\": [0, 0, 1, 1], \"edges\": \"half\"}]", "queries[0].edges"),
        ("\"queries\": [{\"rect\": [0, 0, 1, 1], \"pinHeaders\": 1}]", "queries[0].pinHeaders"),
        ("\"queries\": [{\"edges\": \"open\"}]", "queries[0].rect"),
        ("\"queries\": [{\"rect\": [0, 0, -1, 1]}]", "queries[0].rect"),
        ("\"queries\": [{\"rect\": [0, 0, 1, 1], \"pin\": true}]", "queries[0].pin"),
        ("\"updates\": [{\"appendItems\": {\"section\": 0, \"heights\": [1], \"spans\": [0]}}]", "updates[0].appendItems.spans[0]"),
        ("\"updates\": [{\"insertItems\": {\"section\": 0, \"at\": 0, \"heights\": [1], \"spans\": \"full\"}}]", "updates[0].insertItems.spans"),
        ("\"updates\": [{\"setItemHeights\": {\"section\": 0, \"startingAt\": 0, \"heights\": [1], \"spans\": [\"half\"]}}]",
         "updates[0].setItemHeights.spans[0]"),
    ])
    func badQueriesAndSpansNameTheField(fields: String, path: String) {
        let json = "{\"description\": {\"width\": 10, \"sections\": [{\"columns\": 1, \"itemHeights\": [1]}]}, \(fields)}"
        #expect { try LayoutScenario(json: Array(json.utf8)) } throws: { ($0 as! LayoutError).path == path }
    }

    @Test func queriesAreAnsweredWithTheirOptions() throws {
        let scenario = try LayoutScenario(json: Array("""
            {"description": {"width": 10, "sections": [{"columns": 1, "headerHeight": 5, "itemHeights": [20]}]},
             "queries": [{"rect": [0, 10, 10, 1], "pinHeaders": true}, {"rect": [0, 25, 10, 0], "edges": "open"}]}
            """.utf8))
        let engine = OptimizedLayoutEngine(scenario.description)
        #expect(engine.elements(for: scenario.queries[0]).map(\.frame) == [Rect(x: 0, y: 10, width: 10, height: 5),
                                                                         Rect(x: 0, y: 5, width: 10, height: 20)])
        #expect(engine.elements(for: scenario.queries[1]).isEmpty)
    }
}
