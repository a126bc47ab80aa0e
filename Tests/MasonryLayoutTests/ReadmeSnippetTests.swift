// Tests that the documentation's Swift snippets compile and run here, and every snippet here is shown.
import Foundation
import MasonryLayout
import Testing

/// The library's snippets in README.md and the DocC articles, compiled and run: every Swift block
/// of the documentation that imports MasonryLayout must be, without its `import` line, the text
/// between one pair of snippet markers below, and every marked snippet must be shown somewhere,
/// so that the documentation cannot show code that does not build.
@Suite struct ReadmeSnippetTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every article of the DocC catalog, as paths from the repository root.
    static var documentationFiles: [String] {
        let catalog = "Sources/MasonryLayout/MasonryLayout.docc"
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(catalog).path)) ?? []
        return ["README.md"] + articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }

    /// The bodies of the Swift blocks in `text` that begin with `import MasonryLayout`, without that line.
    static func librarySnippets(in text: String) -> [String] {
        let opening = "```swift\nimport MasonryLayout\n"
        return text.components(separatedBy: opening).dropFirst().map { block in
            let body = block.components(separatedBy: "```\n").first ?? block
            return String(body.drop { $0 == "\n" })
        }
    }

    /// The snippets marked in this file, dedented.
    static func markedSnippets() throws -> [String] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let begin = "// Documented snippet: begin\n", end = "// Documented snippet: end\n"
        return source.components(separatedBy: begin).dropFirst().map { marked in
            dedented(marked.components(separatedBy: end).first ?? marked)
        }
    }

    @Test func theSnippetsRun() throws {
        #expect(try Self.overviewSnippet() > 0)
        let results = try Self.librarySnippet()
        #expect(results.visible > 0)
        #expect(results.contentHeight > 0)
        #expect(results.onScreen > 0)
        #expect(results.fromFileItems == 3)
    }

    @Test(arguments: documentationFiles)
    func everySnippetShownIsCompiledHere(file: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
        let marked = try Self.markedSnippets()
        for snippet in Self.librarySnippets(in: text) {
            #expect(marked.contains(snippet), "\(file) shows a MasonryLayout snippet that ReadmeSnippetTests does not compile; keep it the same as one between the markers:\n\(snippet)")
        }
    }

    @Test func everySnippetCompiledHereIsShown() throws {
        let shown = try Self.documentationFiles.flatMap { file in
            Self.librarySnippets(in: try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8))
        }
        let marked = try Self.markedSnippets()
        #expect(marked.count == 2)
        for snippet in marked {
            #expect(shown.contains(snippet), "no documentation file (\(Self.documentationFiles)) shows this snippet of ReadmeSnippetTests:\n\(snippet)")
        }
    }

    /// Lines without the indentation of the first one.
    static func dedented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation = lines.first { !$0.isEmpty }?.prefix { $0 == " " }.count ?? 0
        return lines.map { $0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count)) }.joined(separator: "\n")
    }

    /// README.md's and the catalog landing page's snippet; returns the number of visible elements.
    static func overviewSnippet() throws -> Int {
        // Documented snippet: begin
        let description = try LayoutDescription(width: 390, sections: [
            SectionDescription(columns: 2, inset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                               columnSpacing: 8, itemSpacing: 8, itemHeights: [120, 80, 200, 150]),
        ])
        var layout = OptimizedLayoutEngine(description)
        let visible = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 844))
        try layout.apply(.appendItems(section: 0, heights: [90, 110]))
        // Documented snippet: end
        #expect(layout.layoutDescription.itemCount == 6)
        return visible.count
    }

    /// UsingTheLibrary.md's snippet.
    static func librarySnippet() throws -> (visible: Int, contentHeight: Double, onScreen: Int, fromFileItems: Int) {
        // Documented snippet: begin
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

        // Format v3: photos measured as they load; no item changes columns, an anchor keeps the scroll position.
        let selfSizing = try LayoutDescription(width: 390, remeasure: .keepColumns, sections: [
            SectionDescription(columnCount: .fixed(2), itemSpacing: 8,
                               measuredItemHeights: [240, nil, nil, nil], estimatedItemHeight: 300),
        ])
        var feedLayout = OptimizedLayoutEngine(selfSizing)
        let anchor = feedLayout.scrollAnchor(in: Rect(x: 0, y: 100, width: 390, height: 844))
        try feedLayout.apply(.setMeasurements(section: 0, startingAt: 1, heights: [180, 260]))
        let newOffset = anchor.flatMap { feedLayout.contentOffset(restoring: $0, viewportLength: 844) }

        // Format v3's column options: columns at most 280 points wide, centred in the room they leave.
        var grid = SectionDescription(columnCount: .adaptive(minColumnWidth: 240), itemHeights: [200, 150, 260])
        grid.maxColumnWidth = 280
        grid.columnAlignment = .center
        let centred = try LayoutDescription(width: 1194, sections: [grid])   // 4 columns from x 37

        // A description from a JSON file (layout description format v2); errors name the field.
        let json = #"{"width": 320, "sections": [{"columns": 2, "itemHeights": [100, 80, 120]}]}"#
        let fromFile = ReferenceLayoutEngine(try LayoutDescription(json: Array(json.utf8)))
        // Documented snippet: end
        #expect(frame != nil && !buffer.isEmpty && ipad.layoutDescription.sections[0].columns == 6)
        #expect(anchor?.item == ItemIndexPath(section: 0, item: 0) && newOffset == 0)
        #expect(centred.sections[0].columns == 4 && centred.columnWidth(ofSection: 0) == 280)
        return (visible.count, size.height, onScreen.count, fromFile.layoutDescription.itemCount)
    }
}
