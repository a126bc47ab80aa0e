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
}
