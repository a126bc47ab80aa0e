// Tests of what `masonry layout` and `masonry query` print for format v3: estimated items marked, deferred ones absent.
import Foundation
import MasonryCommandLine
import Testing

@Suite struct FormatV3OutputTests {
    static let deferred = """
        {"width": 390, "unmeasuredItems": "deferred", "sections": [{"columns": 2, "itemSpacing": 8, "footerHeight": 20,
         "estimatedItemHeight": 300, "itemHeights": [240, 180, 320, null, null, null]}]}
        """

    @Test func aDeferredItemHasNoRowAndTheFooterSitsBelowTheReservedRows() throws {
        let path = try temporaryFile(Self.deferred)
        for engine in ["optimized", "reference"] {
            let csv = runTool("layout", path, "--engine", engine)
            #expect(csv.status == .success)
            #expect(csv.output == """
                section,item,x,y,width,height
                0,0,0.0,0.0,195.0,240.0
                0,1,195.0,0.0,195.0,180.0
                0,2,195.0,188.0,195.0,320.0

                """)
            // The columns end at 248 and 516; 3 deferred items reserve ceil(3 / 2) = 2 rows of 300.
            let query = runTool("query", path, "--rect", "0,0,390,5000", "--engine", engine)
            #expect(query.output.hasSuffix("footer,0,,0.0,1116.0,390.0,20.0\n"))
            #expect(!query.output.contains("item,0,3"))
        }
    }

    @Test func layoutJSONMarksEstimatedItemsAndOnlyThem() throws {
        let path = try temporaryFile("""
            {"width": 100, "sections": [{"columns": 2, "estimatedItemHeight": 50, "itemHeights": [10, null, 30]}]}
            """)
        for command in [["layout", path, "--format", "json"], ["query", path, "--rect", "0,0,100,100", "--format", "json"]] {
            let run = runTool(command)
            #expect(run.status == .success)
            let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as! [String: Any]
            let items = object["items"] as! [[String: Any]]
            #expect(items.map { $0["estimated"] as? Bool } == [nil, true, nil])
            #expect(items[1]["height"] as? Double == 50)
        }
    }

    @Test(arguments: [
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1, null]}]}",
         "sections[0].itemHeights[1]: null needs sections[0].estimatedItemHeight"),
        ("{\"width\": 100, \"unmeasuredItems\": \"deferred\", \"sections\": [{\"columns\": 2, \"estimatedItemHeight\": 5, \"itemHeights\": [null, 1]}]}",
         "sections[0].itemHeights[1]: is a height after the null at [0]"),
        ("{\"width\": 100, \"remeasure\": \"keepcolumns\", \"sections\": []}", "remeasure: must be \"reflow\" or \"keepColumns\""),
    ])
    func badV3DescriptionsExitWithStatus2AndOneLine(json: String, message: String) throws {
        let run = runTool("layout", try temporaryFile(json))
        #expect(run.status == .badInput)
        #expect(run.error.contains(message))
        #expect(run.error.split(separator: "\n").count == 1)
    }
}
