// A scenario: a layout description with updates, rect queries and anchor steps, as test and fuzz files hold it.
import MasonryLayout

/// A layout description with a sequence of updates, rect queries and anchor steps: what a test
/// or a fuzzer reproduces, read and written as JSON (MasonryLayout.docc/ScenarioFiles.md).
///
/// `{"description": {format v2}, "updates": [...], "queries": [[x, y, width, height] or
/// {"rect": [x, y, width, height], "edges": "open", "pinHeaders": true}, ...], "anchors":
/// [{"viewport": [x, y, width, height], "afterUpdates": k}, ...], "threads": [1, 2]}`; `updates`,
/// `queries`, `anchors` and `threads` default to empty. The updates are not checked against the
/// description when read (a scenario may hold updates that must be refused).
package struct LayoutScenario: Hashable, Sendable {
    package var description: LayoutDescription
    package var updates: [LayoutUpdate]
    package var queries: [LayoutQuery]
    /// Anchors taken after some of the updates and restored after the last (`ScenarioAnchor`);
    /// each `afterUpdates` at most `updates.count`.
    package var anchors: [ScenarioAnchor]
    /// Thread counts to run the optimized engine with (empty: the reader's choice).
    package var threads: [Int]

    package init(description: LayoutDescription, updates: [LayoutUpdate] = [], queries: [LayoutQuery] = [],
                anchors: [ScenarioAnchor] = [], threads: [Int] = []) {
        self.description = description
        self.updates = updates
        self.queries = queries
        self.anchors = anchors
        self.threads = threads
    }

    /// A scenario whose queries are all closed and unpinned, as format v1 scenarios hold them.
    package init(description: LayoutDescription, updates: [LayoutUpdate] = [], queries rects: [Rect], threads: [Int] = []) {
        self.init(description: description, updates: updates, queries: rects.map { LayoutQuery($0) }, threads: threads)
    }

    /// Reads a scenario document. O(n) in its size.
    package init(json: some Collection<UInt8>) throws(LayoutError) {
        let root = try JSONObjectReader(JSONParser.parse(json), at: "")
        guard let descriptionValue = root.optional("description") else {
            throw LayoutError(.missingField, at: "description", "is required")
        }
        description = try LayoutDescription(jsonValue: descriptionValue, at: "description")
        updates = []
        if root.optional("updates") != nil {
            for (index, value) in try root.array("updates").enumerated() {
                updates.append(try LayoutUpdate(json: value, at: "updates[\(index)]"))
            }
        }
        queries = []
        if root.optional("queries") != nil {
            for (index, value) in try root.array("queries").enumerated() {
                queries.append(try LayoutQuery(json: value, at: "queries[\(index)]"))
            }
        }
        anchors = []
        if root.optional("anchors") != nil {
            for (index, value) in try root.array("anchors").enumerated() {
                anchors.append(try ScenarioAnchor(json: value, at: "anchors[\(index)]", updateCount: updates.count))
            }
        }
        threads = []
        if root.optional("threads") != nil {
            for (index, value) in try root.array("threads").enumerated() {
                guard case .number(let number) = value, let count = Int(exactly: number), (1...4096).contains(count) else {
                    throw LayoutError(.invalidValue, at: "threads[\(index)]", "must be an integer in 1...4096")
                }
                threads.append(count)
            }
        }
        try root.refuseUnknownFields(allowing: ["description", "updates", "queries", "anchors", "threads"])
    }

    /// The scenario as JSON, numbers in Swift's shortest round-trip form (read back bit for bit);
    /// `anchors` only when there are some, so a scenario without them reads as before.
    package func jsonText() -> String {
        let updateTexts = updates.map { "\n  \($0.jsonText())" }.joined(separator: ",")
        let queryTexts = queries.map { $0.jsonText() }.joined(separator: ",")
        let anchorTexts = anchors.isEmpty ? "" : "\n\"anchors\":[\(anchors.map { $0.jsonText() }.joined(separator: ","))],"
        return "{\"description\":\(description.jsonText()),\n\"updates\":[\(updateTexts)],\n\"queries\":[\(queryTexts)],\(anchorTexts)\n\"threads\":[\(threads.map(String.init).joined(separator: ","))]}\n"
    }

    /// The scenario without the updates in `range`; an anchor taken after some of them is then
    /// taken where they were, one taken after them that many updates earlier (so each stays at
    /// most the update count). O(updates + anchors).
    package func removingUpdates(in range: Range<Int>) -> LayoutScenario {
        var scenario = self
        scenario.updates.removeSubrange(range)
        for index in scenario.anchors.indices {
            let taken = scenario.anchors[index].afterUpdates
            scenario.anchors[index].afterUpdates = taken >= range.upperBound ? taken - range.count : min(taken, range.lowerBound)
        }
        return scenario
    }
}
