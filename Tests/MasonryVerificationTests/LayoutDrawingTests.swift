// Tests of `LayoutDrawing`: elements coloured by section, outlined queries, windows, short numbers.
import MasonryLayout
@testable import MasonryVerification
import Testing

@Suite struct LayoutDrawingTests {
    static let description = try! LayoutDescription(width: 100, sections: [
        SectionDescription(columns: 2, headerHeight: 10, footerHeight: 5, itemHeights: [20, 30, 40]),
        SectionDescription(columns: 1, itemHeights: [15]),
    ])

    @Test func drawsEveryElementColouredBySection() throws {
        let drawing = try LayoutDrawing(ReferenceLayoutEngine(Self.description))
        #expect(drawing.elements.count == 6)
        let svg = drawing.svg(title: "two sections")
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains(">two sections</text>"))
        #expect(svg.contains("<title>item 0.2: x 0.0, y 30.0, 50.0 × 40.0</title>"))
        #expect(svg.contains("fill=\"\(LayoutDrawing.palette[1])\""))  // section 1's item
        #expect(svg.contains("<title>header of section 0"))
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 1 + 1 + 6)  // background, window, elements
    }

    @Test func aQueryIsOutlinedAndItsHitsEmphasised() throws {
        let query = Rect(x: 0, y: 0, width: 10, height: 15)
        let drawing = try LayoutDrawing(ReferenceLayoutEngine(Self.description), query: query)
        #expect(drawing.query?.hits.count == 2)  // the header and item 0
        let svg = drawing.svg()
        #expect(svg.contains("stroke=\"#e41a1c\""))
        #expect(svg.contains("<title>query: "))
        #expect(svg.contains("fill-opacity=\"0.35\""))
    }

    @Test func aWindowDrawsOnlyWhatItShows() throws {
        let drawing = try LayoutDrawing(ReferenceLayoutEngine(Self.description), window: Rect(x: 0, y: 60, width: 100, height: 5))
        #expect(drawing.elements.map(\.item) == [2])
    }

    @Test func aWindowTooFullIsRefused() {
        let heights = [Double](repeating: 1, count: LayoutDrawing.maximumElements + 1)
        let large = try! LayoutDescription(width: 10, sections: [SectionDescription(columns: 1, itemHeights: heights)])
        #expect(throws: LayoutDrawing.Refusal.self) { try LayoutDrawing(OptimizedLayoutEngine(large, threads: 1)) }
    }

    @Test(arguments: [(1.0, "1"), (0.5, "0.5"), (1.0 / 3, "0.3333"), (-2.25, "-2.25")])
    func numbersAreShort(value: Double, text: String) {
        #expect(LayoutDrawing.number(value) == text)
    }
}
