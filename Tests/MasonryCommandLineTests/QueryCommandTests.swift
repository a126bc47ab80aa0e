// Tests of `masonry query`: closed and open edges, pinned headers, JSON output, horizontal layouts.
import Foundation
import MasonryCommandLine
import Testing

@Suite struct QueryCommandTests {
    private static let description = """
        {"width": 20, "sections": [{"columns": 2, "headerHeight": 5, "footerHeight": 3, "itemHeights": [10, 10, 0]}]}
        """

    @Test(arguments: ["reference", "optimized"])
    func touchingEdgesAndZeroSizeRectsCount(engine: String) throws {
        let path = try temporaryFile(Self.description)
        // The point (10, 15) is a corner of items 0 and 1, lies on the zero-height item 2's
        // right edge and on the footer's top edge (the section bottom is max(15, 15) + 0).
        let run = runTool("query", path, "--rect", "10,15,0,0", "--engine", engine)
        #expect(run.status == .success)
        #expect(run.output == """
            kind,section,item,x,y,width,height
            item,0,0,0.0,5.0,10.0,10.0
            item,0,1,10.0,5.0,10.0,10.0
            item,0,2,0.0,15.0,10.0,0.0
            footer,0,,0.0,15.0,20.0,3.0

            """)
        let edges = runTool("query", path, "--rect", "0,0,20,5", "--engine", engine)
        #expect(edges.output == """
            kind,section,item,x,y,width,height
            header,0,,0.0,0.0,20.0,5.0
            item,0,0,0.0,5.0,10.0,10.0
            item,0,1,10.0,5.0,10.0,10.0

            """)
        let footer = runTool("query", path, "--rect", "0,15,20,100", "--engine", engine)
        #expect(footer.output.hasSuffix("footer,0,,0.0,15.0,20.0,3.0\n"))
    }

    @Test(arguments: ["reference", "optimized"])
    func openEdgesLeaveOutWhatOnlyTouches(engine: String) throws {
        let path = try temporaryFile(Self.description)
        #expect(runTool("query", path, "--rect", "10,15,0,0", "--edges", "open", "--engine", engine).output
            == "kind,section,item,x,y,width,height\n")
        #expect(runTool("query", path, "--rect", "0,5,20,10", "--edges", "open", "--engine", engine).output == """
            kind,section,item,x,y,width,height
            item,0,0,0.0,5.0,10.0,10.0
            item,0,1,10.0,5.0,10.0,10.0

            """)
        #expect(runTool("query", path, "--rect", "0,5,20,10", "--edges", "closed", "--engine", engine).output
            == runTool("query", path, "--rect", "0,5,20,10", "--engine", engine).output)
    }

    @Test(arguments: ["reference", "optimized"])
    func pinnedHeadersSitAtTheRectsTopUntilTheFooter(engine: String) throws {
        let path = try temporaryFile(Self.description)
        // The header would sit at 8; it may go down to 15 - 5 = 10 (where the footer starts).
        #expect(runTool("query", path, "--rect", "0,8,20,1", "--pin-headers", "--engine", engine).output == """
            kind,section,item,x,y,width,height
            header,0,,0.0,8.0,20.0,5.0
            item,0,0,0.0,5.0,10.0,10.0
            item,0,1,10.0,5.0,10.0,10.0

            """)
        #expect(runTool("query", path, "--rect", "0,14,20,1", "--pin-headers", "--engine", engine).output == """
            kind,section,item,x,y,width,height
            header,0,,0.0,10.0,20.0,5.0
            item,0,0,0.0,5.0,10.0,10.0
            item,0,1,10.0,5.0,10.0,10.0
            item,0,2,0.0,15.0,10.0,0.0
            footer,0,,0.0,15.0,20.0,3.0

            """)
        // Below the footer's start the header stays at 10, out of the rect.
        #expect(runTool("query", path, "--rect", "0,16,20,1", "--pin-headers", "--engine", engine).output
            == "kind,section,item,x,y,width,height\nfooter,0,,0.0,15.0,20.0,3.0\n")
    }

    /// `--format json` prints `masonry layout --format json`'s objects for the elements in the rect.
    @Test func jsonHoldsLayoutsObjectsForTheElementsInTheRect() throws {
        let path = examplesDirectory.appendingPathComponent("sections-with-headers.json").path
        let parse = { (text: String) in try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any] }
        let layout = try parse(runTool("layout", path, "--format", "json").output)
        let run = runTool("query", path, "--rect", "0,0,390,10000", "--format", "json")
        #expect(run.status == .success)
        let query = try parse(run.output)
        #expect(NSDictionary(dictionary: query).isEqual(to: layout))
        let few = try parse(runTool("query", path, "--rect", "0,0,100,60", "--format", "json").output)
        #expect((few["items"] as! [[String: Any]]).map { $0["item"] as! Int } == [0])
        #expect((few["headers"] as! [[String: Any]]).map { $0["section"] as! Int } == [0])
        #expect((few["footers"] as! [Any]).isEmpty)
    }

    /// A horizontal layout answers in screen coordinates: the rect is x 0...50, the first column of items.
    @Test(arguments: ["reference", "optimized"])
    func horizontalLayoutsAnswerOnScreen(engine: String) throws {
        let path = examplesDirectory.appendingPathComponent("horizontal.json").path
        let output = runTool("query", path, "--rect", "0,0,50,300", "--pin-headers", "--engine", engine).output
        // The header strip (40 wide) and the first item's left edge (x 50) touch the rect.
        #expect(output == """
            kind,section,item,x,y,width,height
            header,0,,0.0,0.0,40.0,300.0
            item,0,0,50.0,10.0,120.0,135.0
            item,0,1,50.0,155.0,90.0,135.0

            """)
    }

    /// `--anchor`: the first item of the rect's open-edge query and its distance, in CSV and JSON.
    @Test(arguments: ["reference", "optimized"])
    func anchorIsTheFirstItemOfTheOpenEdgeQuery(engine: String) throws {
        let path = try temporaryFile(Self.description)
        // Items 0 and 1 span 5..<15: from y 8, item 0, 3 above the rect's top.
        let run = runTool("query", path, "--rect", "0,8,20,4", "--anchor", "--engine", engine)
        #expect(run.status == .success)
        #expect(run.output == "section,item,distance\n0,0,-3.0\n")
        #expect(run.error.isEmpty)
        // From y 15 items 0 and 1 only touch the rect: item 2, zero high at 15, touches it too, so no item.
        let none = runTool("query", path, "--rect", "0,15,20,10", "--anchor", "--engine", engine)
        #expect(none.status == .success)
        #expect(none.output == "section,item,distance\n")
        #expect(none.error == "masonry query: no anchor: the rect's open-edge query returns no item\n")
        #expect(runTool("query", path, "--rect", "0,0,20,8", "--anchor", "--format", "json", "--engine", engine).output
            == "{\"anchor\":{\"section\":0,\"item\":0,\"distance\":5.0}}\n")
        let noneJSON = runTool("query", path, "--rect", "0,100,20,4", "--anchor", "--format", "json", "--engine", engine)
        #expect(noneJSON.status == .success && noneJSON.output == "{\"anchor\":null}\n")
    }

    /// Horizontally the distance is along x: the first column of items starts at x 50.
    @Test func horizontalAnchorsMeasureAlongX() {
        let path = examplesDirectory.appendingPathComponent("horizontal.json").path
        #expect(runTool("query", path, "--rect", "60,0,50,300", "--anchor").output == "section,item,distance\n0,0,-10.0\n")
    }
}
