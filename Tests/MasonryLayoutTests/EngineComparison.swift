import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The bit patterns of a frame, so that equality means the same bits (and -0 differs from +0).
func bits(_ rect: Rect) -> [UInt64] {
    [rect.x.bitPattern, rect.y.bitPattern, rect.width.bitPattern, rect.height.bitPattern]
}

/// Expects the same elements, bit for bit, and reports only the first difference (a full dump
/// of a thousand-element layout helps nobody).
func expectSameElements(
    _ got: [LayoutElement], _ want: [LayoutElement], _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation
) {
    let describe = { (element: LayoutElement) in "\(element.kind) \(element.section) \(element.item) \(element.frame) \(bits(element.frame))" }
    for index in 0..<max(got.count, want.count) {
        let gotText = index < got.count ? describe(got[index]) : "nothing"
        let wantText = index < want.count ? describe(want[index]) : "nothing"
        if gotText != wantText {
            Issue.record("\(context()): element \(index) is \(gotText), expected \(wantText)", sourceLocation: sourceLocation)
            return
        }
    }
}

/// The query options besides the plain closed one, taken in turn by `expectSameLayout`.
let queryOptions: [(edges: RectEdges, pinningHeaders: Bool)] = [(.open, false), (.closed, true), (.open, true)]

/// Expects `candidate` to give `reference`'s frames, content size and rect-query answers (closed,
/// and with one other choice of edges and pinned headers per rect), bit for bit.
func expectSameLayout(
    _ candidate: some LayoutEngine, as reference: some LayoutEngine, queries: Int = 20,
    generator: inout RandomLayoutGenerator, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(candidate.contentSize.width.bitPattern == reference.contentSize.width.bitPattern, sourceLocation: sourceLocation)
    #expect(candidate.contentSize.height.bitPattern == reference.contentSize.height.bitPattern, sourceLocation: sourceLocation)
    let expected = allElements(of: reference)
    expectSameElements(allElements(of: candidate), expected, "all elements of \(reference.layoutDescription.jsonText().prefix(2000))",
                       sourceLocation: sourceLocation)
    let sections = reference.layoutDescription.sections.count
    #expect(candidate.frame(ofItemAt: ItemIndexPath(section: sections, item: 0)) == nil, sourceLocation: sourceLocation)
    #expect(candidate.frame(ofItemAt: ItemIndexPath(section: 0, item: -1)) == nil, sourceLocation: sourceLocation)
    for index in 0..<queries {
        let rect = generator.rect(in: reference.contentSize, touching: expected.map(\.frame))
        expectSameElements(candidate.elements(in: rect), reference.elements(in: rect), "elements in \(rect)",
                           sourceLocation: sourceLocation)
        let (edges, pinning) = queryOptions[index % queryOptions.count]
        expectSameElements(candidate.elements(in: rect, edges: edges, pinningHeaders: pinning),
                           reference.elements(in: rect, edges: edges, pinningHeaders: pinning),
                           "elements in \(rect), \(edges) edges, pinning headers: \(pinning)", sourceLocation: sourceLocation)
    }
}
