import Foundation
import MasonryCommandLine
import MasonryLayout
import MasonryWorkloads
import Testing

@Suite struct LayoutCommandTests {
    @Test func csvListsEveryItemInRoundTripForm() throws {
        let path = try temporaryFile("{\"width\": 10, \"sections\": [{\"columns\": 3, \"itemHeights\": [1.5, 0.1, 2]}]}")
        let run = runTool("layout", path, "--engine", "reference")
        #expect(run.status == .success)
        #expect(run.error.isEmpty)
        #expect(run.output == """
            section,item,x,y,width,height
            0,0,0.0,0.0,3.3333333333333335,1.5
            0,1,3.3333333333333335,0.0,3.3333333333333335,0.1
            0,2,6.666666666666667,0.0,3.3333333333333335,2.0

            """)
    }

    @Test func jsonHoldsContentSizeItemsHeadersAndFooters() throws {
        let path = examplesDirectory.appendingPathComponent("sections-with-headers.json").path
        let run = runTool("layout", path, "--format", "json")
        #expect(run.status == .success)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as! [String: Any]
        let size = object["contentSize"] as! [String: Double]
        #expect(size["width"] == 390)
        #expect(size["height"] == 602.5)
        #expect((object["items"] as! [Any]).count == 13)
        #expect((object["headers"] as! [[String: Any]]).map { $0["section"] as! Int } == [0, 1])
        #expect((object["footers"] as! [[String: Any]]).map { $0["section"] as! Int } == [0, 2])
    }

    /// The done-when: identical bytes from both engines, for any description and thread count.
    @Test(arguments: ["1", "2", "8"])
    func enginesPrintIdenticalBytes(threads: String) throws {
        var generator = RandomLayoutGenerator(seed: UInt64(threads)!)
        var paths = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)
            .filter { $0.hasSuffix(".json") }.map { examplesDirectory.appendingPathComponent($0).path }
        for _ in 0..<40 {
            paths.append(try temporaryFile(generator.description(maximumSections: 8, maximumItems: 200).jsonText()))
        }
        for path in paths {
            for format in ["csv", "json"] {
                let reference = runTool("layout", path, "--engine", "reference", "--format", format)
                let optimized = runTool("layout", path, "--engine", "optimized", "--threads", threads, "--format", format)
                #expect(reference.status == .success)
                #expect(optimized.output == reference.output, "\(path) \(format)")
            }
            let rect = "0,100,390,844"
            #expect(runTool("query", path, "--rect", rect, "--engine", "optimized", "--threads", threads).output
                == runTool("query", path, "--rect", rect, "--engine", "reference").output)
        }
    }
}
