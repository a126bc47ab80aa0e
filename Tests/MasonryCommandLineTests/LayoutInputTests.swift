// Tests of scenario files as `masonry layout` and `masonry query` input: the layout after the updates, refused updates.
import Foundation
import MasonryCommandLine
import Testing

/// `masonry layout` and `masonry query` given a scenario file answer for the layout after its
/// updates; a refused update or a bad scenario is bad input naming the field.
@Suite struct LayoutInputTests {
    static let description = "{\"width\": 20, \"sections\": [{\"columns\": 1, \"estimatedItemHeight\": 8, \"itemHeights\": [10, null, 5]}]}"

    /// The updates measure item 1, insert one above it and drop the last: the same bytes as the
    /// description written after them, from both engines.
    @Test(arguments: ["reference", "optimized"])
    func theAnswerIsForTheLayoutAfterTheUpdates(engine: String) throws {
        let scenario = try temporaryFile("""
            {"description": \(Self.description),
             "updates": [{"setItemHeights": {"section": 0, "startingAt": 1, "heights": [4]}},
                         {"insertItems": {"section": 0, "at": 1, "heights": [2.5]}}, {"deleteItems": {"section": 0, "start": 3, "end": 4}}],
             "queries": [[0, 0, 1, 1]], "anchors": [{"viewport": [0, 11, 20, 5]}], "threads": [2]}
            """)
        let after = try temporaryFile("{\"width\": 20, \"sections\": [{\"columns\": 1, \"itemHeights\": [10, 2.5, 4]}]}")
        for arguments in [["layout"], ["layout", "--format", "json"], ["query", "--rect", "0,11,20,5"], ["query", "--rect", "0,11,20,5", "--anchor"]] {
            let run = runTool([arguments[0], scenario] + arguments.dropFirst() + ["--engine", engine])
            #expect(run.status == .success, "\(arguments): \(run.error)")
            #expect(run.output == runTool([arguments[0], after] + arguments.dropFirst()).output, "\(arguments)")
        }
        #expect(runTool("layout", scenario, "--engine", engine).output == "section,item,x,y,width,height\n0,0,0.0,0.0,20.0,10.0\n0,1,0.0,10.0,20.0,2.5\n0,2,0.0,12.5,20.0,4.0\n")
        // The anchor of 11..<16 is item 1 (10..<12.5), which the insertion put there.
        #expect(runTool("query", scenario, "--rect", "0,11,20,5", "--anchor", "--engine", engine).output == "section,item,distance\n0,1,-1.0\n")
    }

    @Test func aScenarioWithoutUpdatesIsItsDescription() throws {
        let scenario = try temporaryFile("{\"description\": \(Self.description)}")
        let description = try temporaryFile(Self.description)
        #expect(runTool("layout", scenario).output == runTool("layout", description).output)
        #expect(runTool("layout", scenario, "--format", "svg").status == .success)
    }

    @Test(arguments: [
        ("\"updates\": [{\"appendItems\": {\"section\": 0, \"heights\": [1]}}, {\"deleteSection\": {\"at\": 2}}]", "updates[1]"),
        ("\"updates\": [{\"setItemHeights\": {\"section\": 0, \"startingAt\": 5, \"heights\": [1]}}]", "updates[0].sections[0]: items from 5"),
        ("\"updates\": [{\"setWidth\": {\"width\": -1}}]", "updates[0].width"),
        ("\"updates\": [{\"appendItems\": {\"section\": 0, \"height\": [1]}}]", "updates[0].appendItems.height"),
        ("\"anchors\": [{\"viewport\": [0, 0, 1, 1], \"afterUpdates\": 3}]", "anchors[0].afterUpdates"),
        ("\"queries\": 1", "queries"),
        ("\"extra\": 1", "extra"),
    ])
    func badScenariosAndRefusedUpdatesNameTheField(fields: String, named: String) throws {
        let path = try temporaryFile("{\"description\": \(Self.description), \(fields)}")
        for arguments in [["layout", path], ["query", path, "--rect", "0,0,1,1"], ["query", path, "--rect", "0,0,1,1", "--anchor"]] {
            let run = runTool(arguments)
            #expect(run.status == .badInput, "\(arguments)")
            #expect(run.output.isEmpty)
            #expect(run.error.hasPrefix("masonry \(arguments[0]): \(path): \(named)"), "\(run.error)")
            #expect(run.error.filter { $0 == "\n" }.count == 1, "one line: \(run.error)")
        }
    }

    /// A deferred item has no frame: no row, no object, and no crash.
    @Test func deferredItemsPrintNoRow() throws {
        let path = try temporaryFile("{\"width\": 20, \"unmeasuredItems\": \"deferred\", \"sections\": [{\"columns\": 1, \"estimatedItemHeight\": 8, \"itemHeights\": [10, null]}]}")
        #expect(runTool("layout", path).output == "section,item,x,y,width,height\n0,0,0.0,0.0,20.0,10.0\n")
        let json = runTool("layout", path, "--format", "json")
        #expect(json.status == .success && json.output.contains("\"items\":[\n{\"section\":0,\"item\":0,") && !json.output.contains("\"item\":1"))
    }
}
