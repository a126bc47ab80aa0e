import Foundation
import MasonryLayout
import Testing

/// README.md's library snippet, compiled and run: the text between the markers below must be the
/// README's first Swift block of "## The library" that imports MasonryLayout, without its
/// `import` line, so that the README cannot show code that does not build.
@Suite struct ReadmeSnippetTests {
    @Test func theLibrarySnippetRuns() throws {
        let results = try Self.librarySnippet()
        #expect(results.visible > 0)
        #expect(results.contentHeight > 0)
        #expect(results.onScreen > 0)
        #expect(results.fromFileItems == 3)
    }

    @Test func theReadmeShowsThisSnippet() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let begin = "// README snippet: begin\n", end = "// README snippet: end\n"
        let body = try #require(source.range(of: begin).flatMap { start in
            source.range(of: end, range: start.upperBound..<source.endIndex).map { source[start.upperBound..<$0.lowerBound] }
        })
        let snippet = Self.dedented(String(body))

        let readmeURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let library = try #require(readme.range(of: "## The library\n")).upperBound
        let block = try #require(readme[library...].range(of: "```swift\nimport MasonryLayout\n"))
        let blockEnd = try #require(readme[block.upperBound...].range(of: "```\n"))
        let shown = String(readme[block.upperBound..<blockEnd.lowerBound]).drop { $0 == "\n" }
        #expect(String(shown) == snippet, "README.md's library snippet and ReadmeSnippetTests.librarySnippet() differ: keep them the same")
    }

    /// Lines without the indentation of the first one.
    static func dedented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation = lines.first { !$0.isEmpty }?.prefix { $0 == " " }.count ?? 0
        return lines.map { $0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count)) }.joined(separator: "\n")
    }

    static func librarySnippet() throws -> (visible: Int, contentHeight: Double, onScreen: Int, fromFileItems: Int) {
        // README snippet: begin
        let photoHeights: [Double] = [240, 180, 320, 200, 260, 150]
        let offset = 0.0
        let description = try LayoutDescription(width: 390, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                               columnSpacing: 8, itemSpacing: 8, headerHeight: 44,
                               itemHeights: photoHeights),
        ])
        var layout = OptimizedLayoutEngine(description)          // prepare()
        let visible = layout.elements(in: Rect(x: 0, y: offset, width: 390, height: 844))
        let size = layout.contentSize                            // collectionViewContentSize
        let frame = layout.frame(ofItemAt: ItemIndexPath(section: 0, item: 3))
        try layout.apply(.appendItems(section: 0, heights: [210, 190]))

        var buffer: [LayoutElement] = []                         // reused: no allocation per query
        buffer.removeAll(keepingCapacity: true)
        layout.elements(in: Rect(x: 0, y: offset, width: 390, height: 844), into: &buffer)

        // Format v2: banners, sticky headers, a column count that follows the width.
        let feed = try LayoutDescription(width: 834, columnWidthRounding: .floor, displayScale: 2, sections: [
            SectionDescription(columnCount: .adaptive(minColumnWidth: 180, maxColumns: 6), headerHeight: 44,
                               itemHeights: [240, 180, 90], itemSpans: [1, 1, .full]),
        ])
        var ipad = OptimizedLayoutEngine(feed)
        let onScreen = ipad.elements(in: Rect(x: 0, y: offset, width: 834, height: 1194), edges: .open, pinningHeaders: true)
        try ipad.apply(.appendItems(section: 0, heights: [200, 90], spans: [1, .full]))
        try ipad.apply(.setWidth(1194))                          // rotation: 4 columns become 6

        // A description from a JSON file (format v2, below); errors name the field.
        let json = #"{"width": 320, "sections": [{"columns": 2, "itemHeights": [100, 80, 120]}]}"#
        let fromFile = ReferenceLayoutEngine(try LayoutDescription(json: Array(json.utf8)))
        // README snippet: end
        #expect(frame != nil && !buffer.isEmpty && ipad.layoutDescription.sections[0].columns == 6)
        return (visible.count, size.height, onScreen.count, fromFile.layoutDescription.itemCount)
    }
}
