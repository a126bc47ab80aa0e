// Test helpers that expect two engines' elements, frames and query answers to match bit for bit.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Expects the same elements, bit for bit, and reports only the first difference (a full dump
/// of a thousand-element layout helps nobody).
func expectSameElements(
    _ got: [LayoutElement], _ want: [LayoutElement], _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation
) {
    if let difference = EngineVerifier.firstDifference(got, want) {
        Issue.record("\(context()): \(difference)", sourceLocation: sourceLocation)
    }
}

/// The query options besides the plain closed one, taken in turn by `expectSameLayout`.
let queryOptions: [(edges: RectEdges, pinningHeaders: Bool)] = [(.open, false), (.closed, true), (.open, true)]

/// Expects `candidate` to give `reference`'s frames (stamps' too), content size and rect-query
/// answers (closed, and with one other choice of edges and pinned headers per rect), bit for bit.
func expectSameLayout(
    _ candidate: some LayoutEngine, as reference: some LayoutEngine, queries: Int = 20,
    generator: inout RandomLayoutGenerator, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(candidate.contentSize.width.bitPattern == reference.contentSize.width.bitPattern, sourceLocation: sourceLocation)
    #expect(candidate.contentSize.height.bitPattern == reference.contentSize.height.bitPattern, sourceLocation: sourceLocation)
    let expected = allElements(of: reference)
    expectSameElements(allElements(of: candidate), expected, "all elements of \(reference.layoutDescription.jsonText().prefix(2000))",
                       sourceLocation: sourceLocation)
    if let difference = EngineVerifier.firstDifference(candidate, reference) {
        Issue.record("\(difference)", sourceLocation: sourceLocation)
    }
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

/// Expects the optimized engine on `threads` threads to give the reference's layout of
/// `description` (`expectSameLayout`), then again after each of `updates` random updates, which
/// both accept or both refuse alike.
func expectSameLayoutThroughUpdates(
    _ description: LayoutDescription, threads: Int, updates: Int, generator: inout RandomLayoutGenerator,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var optimized = OptimizedLayoutEngine(description, threads: threads)
    var reference = ReferenceLayoutEngine(description)
    expectSameLayout(optimized, as: reference, generator: &generator, sourceLocation: sourceLocation)
    for _ in 0..<updates {
        let update = generator.update(for: reference.layoutDescription)
        let referenceError = Result { () throws(LayoutError) in try reference.apply(update) }.failure
        let optimizedError = Result { () throws(LayoutError) in try optimized.apply(update) }.failure
        #expect(referenceError == optimizedError, "\(update)", sourceLocation: sourceLocation)
        expectSameLayout(optimized, as: reference, generator: &generator, sourceLocation: sourceLocation)
    }
}

/// Four random descriptions (up to 4 sections of up to 60 items) placed by `placement`, their
/// sections changed by `change` (given the description drawn), each compared through 10 random
/// updates (`expectSameLayoutThroughUpdates`); a changed description that is refused is an
/// issue, or with `skippingRefused` (changes that may leave a column no room) skipped.
func expectSameRandomLayoutsThroughUpdates(
    placement: Placement, threads: Int, generator: inout RandomLayoutGenerator, skippingRefused: Bool = false,
    changing change: (inout [SectionDescription], LayoutDescription, inout RandomLayoutGenerator) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for _ in 0..<4 {
        let random = generator.description(maximumSections: 4, maximumItems: 60)
        var rules = RandomLayoutGenerator.Rules(of: random)
        rules.placement = placement
        var sections = random.sections
        change(&sections, random, &generator)
        let description: LayoutDescription
        do {
            description = try rules.description(width: random.width, sections: sections)
        } catch {
            if !skippingRefused { Issue.record("refused: \(error)", sourceLocation: sourceLocation) }
            continue
        }
        expectSameLayoutThroughUpdates(description, threads: threads, updates: 10, generator: &generator, sourceLocation: sourceLocation)
    }
}
