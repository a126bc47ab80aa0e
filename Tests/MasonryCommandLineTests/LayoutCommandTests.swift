// Tests of `masonry layout`: CSV and JSON output, format v1 output unchanged, both engines' bytes equal.
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

    /// Format v3's stamps: listed under `stamps` with their absolute frames (the second
    /// section's top added), and drawn hatched; a layout without stamps has no such key.
    @Test(arguments: ["reference", "optimized"])
    func jsonListsStampsWithTheirAbsoluteFramesAndTheDrawingHatchesThem(engine: String) throws {
        let path = try temporaryFile(#"{"width": 100, "sections": [{"columns": 1, "itemHeights": [30]}, {"columns": 2, "itemHeights": [5, 6], "stamps": [{"x": 50, "y": 2, "width": 50, "height": 10}]}]}"#)
        let run = runTool("layout", path, "--format", "json", "--engine", engine)
        #expect(run.status == .success, "\(run.error)")
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as! [String: Any]
        let stamps = try #require(object["stamps"] as? [[String: Double]])
        #expect(stamps == [["section": 1, "stamp": 0, "x": 50, "y": 32, "width": 50, "height": 10]])
        // Column 1 starts at 12: item 1 goes below item 0 in column 0.
        #expect((object["items"] as! [[String: Double]]).last == ["section": 1, "item": 1, "x": 0, "y": 35, "width": 50, "height": 6])
        let svg = runTool("layout", path, "--format", "svg", "--engine", engine).output
        #expect(svg.contains("url(#stamp-hatch)") && svg.contains("stamp of section 1"))
        let plain = runTool("layout", examplesDirectory.appendingPathComponent("sections-with-headers.json").path, "--format", "json").output
        #expect(!plain.contains("stamps"))
    }

    /// Format v1 descriptions print the bytes format v1's code printed (Tests/Fixtures/format-v1),
    /// from both engines.
    @Test(arguments: ["reference", "optimized"])
    func formatV1OutputIsUnchanged(engine: String) throws {
        for name in ["sections-with-headers", "seed-000-round-robin", "seed-002-shortest-column", "seed-003-in-order", "seed-003-regular"] {
            let path = examplesDirectory.appendingPathComponent("\(name).json").path
            let layout = try String(contentsOf: formatV1Fixtures.appendingPathComponent("\(name).layout.json"), encoding: .utf8)
            let query = try String(contentsOf: formatV1Fixtures.appendingPathComponent("\(name).query.csv"), encoding: .utf8)
            #expect(runTool("layout", path, "--format", "json", "--engine", engine).output == layout, "\(name)")
            #expect(runTool("query", path, "--rect", "0,100,390,300", "--engine", engine).output == query, "\(name)")
        }
        let descriptions = try String(contentsOf: formatV1Fixtures.appendingPathComponent("random-descriptions.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let hashes = try String(contentsOf: formatV1Fixtures.appendingPathComponent("random-descriptions.hashes"), encoding: .utf8)
            .split(separator: "\n")
        #expect(descriptions.count == 32 && hashes.count == 32)
        for (description, expected) in zip(descriptions, hashes) {
            let path = try temporaryFile(String(description))
            let layout = runTool("layout", path, "--format", "json", "--engine", engine).output
            let query = runTool("query", path, "--rect", "0,50,300,400", "--engine", engine).output
            #expect("\(fnv1a(layout)) \(fnv1a(query))" == expected, "\(description.prefix(200))")
        }
    }

    /// Hand-checked frames of the format v2 examples: a banner spans both columns of the feed.
    @Test func bannersSpanTheFeed() throws {
        let path = examplesDirectory.appendingPathComponent("feed-with-banners.json").path
        let rows = runTool("layout", path).output.split(separator: "\n")
        // Columns (374 - 8) / 2 = 183 wide; columns end at 558 and 458 after four photos, so the
        // banner (item 4) starts at 558, 183 * 2 + 8 wide.
        #expect(rows[5] == "0,4,8.0,558.0,374.0,90.0")
        #expect(rows[4] == "0,3,8.0,300.0,183.0,250.0")
    }

    /// The issue's done-when: identical bytes from both engines, for any description and thread count.
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
            for options in [[], ["--edges", "open"], ["--pin-headers"], ["--pin-headers", "--edges", "open", "--format", "json"]] {
                let query = ["query", path, "--rect", "0,100,390,844"] + options
                #expect(runTool(query + ["--engine", "optimized", "--threads", threads]).output
                    == runTool(query + ["--engine", "reference"]).output, "\(path) \(options)")
            }
        }
    }
}
