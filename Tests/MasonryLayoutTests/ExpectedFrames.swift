// Test helpers that expect both engines to give hand-computed item frames and query answers.
import MasonryLayout
import MasonryVerification
import Testing

/// The item frames of section `section`, in item order.
func itemFrames(_ engine: some LayoutEngine, section: Int = 0) -> [Rect] {
    engine.layoutDescription.sections[section].itemHeights.indices.map {
        engine.frame(ofItemAt: ItemIndexPath(section: section, item: $0))!
    }
}

/// Expects both engines (the optimized one on 1 and 2 threads) to lay section `section` of
/// `description` out exactly as `expected`, bit for bit, and every other frame alike.
func expectItemFrames(
    _ description: LayoutDescription, section: Int = 0, _ expected: [Rect], contentSize: Size? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let reference = ReferenceLayoutEngine(description)
    #expect(itemFrames(reference, section: section).map(EngineVerifier.bits) == expected.map(EngineVerifier.bits),
            "\(itemFrames(reference, section: section)) is not \(expected)", sourceLocation: sourceLocation)
    if let contentSize {
        #expect(reference.contentSize == contentSize, sourceLocation: sourceLocation)
    }
    for threads in [1, 2] {
        let optimized = OptimizedLayoutEngine(description, threads: threads)
        expectSameElements(allElements(of: optimized), allElements(of: reference), "optimized on \(threads) thread(s)",
                           sourceLocation: sourceLocation)
        #expect(optimized.contentSize == reference.contentSize, sourceLocation: sourceLocation)
    }
}

/// `kind` and index of each element, for compact expectations on query answers.
func names(_ elements: [LayoutElement]) -> [String] {
    elements.map { $0.kind == .item ? "item\($0.section).\($0.item)" : "\($0.kind)\($0.section)" }
}

/// Expects both engines to answer the query with exactly `expected` (by names), the optimized
/// engine with the reference's frames bit for bit; returns the reference's answer.
@discardableResult
func expectQuery(
    _ description: LayoutDescription, _ rect: Rect, edges: RectEdges = .closed, pinningHeaders: Bool = false,
    _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) -> [LayoutElement] {
    let reference = ReferenceLayoutEngine(description).elements(in: rect, edges: edges, pinningHeaders: pinningHeaders)
    #expect(names(reference) == expected, sourceLocation: sourceLocation)
    let optimized = OptimizedLayoutEngine(description, threads: 1).elements(in: rect, edges: edges, pinningHeaders: pinningHeaders)
    expectSameElements(optimized, reference, "optimized engine, \(rect)", sourceLocation: sourceLocation)
    return reference
}
