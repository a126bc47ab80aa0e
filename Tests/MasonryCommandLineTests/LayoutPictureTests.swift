// Tests of `masonry layout --format svg`: whole drawings, outlined query rects, windows of large layouts.
import Foundation
@testable import MasonryCommandLine
import MasonryLayout
import MasonryVerification
import Testing

/// `masonry layout FILE --format svg`: any layout drawn, a query rect and its hits marked, large
/// layouts drawn as a window.
@Suite struct LayoutPictureTests {
    static let example = examplesDirectory.appendingPathComponent("feed-with-banners.json").path

    /// The `<rect` elements that stand for layout elements (each has a `<title>` tooltip).
    static func drawnElements(_ svg: String) -> Int {
        svg.components(separatedBy: "<rect ").dropFirst().count { $0.contains("<title>") && !$0.contains("<title>query") }
    }

    @Test func drawsEveryElementOfASmallLayout() throws {
        let run = runTool("layout", Self.example, "--format", "svg")
        #expect(run.status == .success, "\(run.error)")
        #expect(run.error.isEmpty)
        #expect(run.output.hasPrefix("<svg ") && run.output.hasSuffix("</svg>\n"))
        let description = try LayoutDescription(json: Array(try Data(contentsOf: URL(fileURLWithPath: Self.example))))
        let headersAndFooters = description.sections.reduce(0) { $0 + ($1.headerHeight > 0 ? 1 : 0) + ($1.footerHeight > 0 ? 1 : 0) }
        #expect(Self.drawnElements(run.output) == description.itemCount + headersAndFooters)
        #expect(run.output.contains("fill=\"#ffffb3\""))  // section 1's items, in the palette's second colour
        #expect(run.output.contains("feed-with-banners.json: \(description.itemCount) items"))
        #expect(run.output.components(separatedBy: "<g ").count == run.output.components(separatedBy: "</g>").count)
    }

    @Test func aRectIsOutlinedWithTheElementsItReturns() {
        let run = runTool("layout", Self.example, "--format", "svg", "--rect", "0,500,390,300")
        #expect(run.status == .success, "\(run.error)")
        let hits = runTool("query", Self.example, "--rect", "0,500,390,300").output.split(separator: "\n").count - 1
        #expect(run.output.contains("<title>query: "))
        #expect(run.output.contains("\(hits) element(s)</title>"))
        // The elements outside the rect are faded: the drawing shows what the query returns.
        let faded = run.output.components(separatedBy: "fill-opacity=\"0.35\"").count - 1
        #expect(faded == Self.drawnElements(run.output) - hits)
    }

    @Test func aWindowDrawsABandAlongTheScrollAxis() {
        let run = runTool("layout", Self.example, "--format", "svg", "--window", "1000,200")
        #expect(run.status == .success)
        let whole = Self.drawnElements(runTool("layout", Self.example, "--format", "svg").output)
        #expect((1..<whole).contains(Self.drawnElements(run.output)))
    }

    @Test func aLargeLayoutIsDrawnAsAWindowWithANote() throws {
        let heights = (0..<60_000).map { "\(20 + $0 % 7 * 10)" }.joined(separator: ",")
        let path = try temporaryFile("{\"width\": 390, \"sections\": [{\"columns\": 3, \"itemHeights\": [\(heights)]}]}")
        let run = runTool("layout", path, "--format", "svg")
        #expect(run.status == .success)
        #expect(run.error.hasPrefix("masonry layout: the layout has 60000 elements, more than a drawing holds (20000): drawing y 0 to "))
        #expect(run.error.contains("--window OFFSET,LENGTH draws another part"))
        #expect((1...LayoutDrawing.maximumElements).contains(Self.drawnElements(run.output)))
        #expect(run.output.utf8.count < 5_000_000)
        // An explicit window that holds too much is refused rather than drawn.
        let refused = runTool("layout", path, "--format", "svg", "--window", "0,1e9")
        #expect(refused.status == .badInput)
        #expect(refused.error.contains("more than the 20000 a drawing may"))
        #expect(refused.output.isEmpty)
    }

    @Test(arguments: [
        (["--window", "0,100"], "--window draws: it needs --format svg"),
        (["--rect", "0,0,1,1"], "--rect draws: it needs --format svg"),
        (["--format", "svg", "--window", "100"], "--window must be two finite numbers OFFSET,LENGTH"),
        (["--format", "svg", "--window", "0,0"], "the length > 0"),
        (["--format", "svg", "--rect", "0,0,-1,1"], "--rect width and height must be >= 0"),
        (["--format", "sgv"], "--format must be one of csv, json, svg, got 'sgv'; did you mean 'svg'?"),
    ])
    func badDrawingOptions(arguments: [String], message: String) {
        let run = runTool(["layout", Self.example] + arguments)
        #expect(run.status == .badInput)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.output.isEmpty)
    }
}
