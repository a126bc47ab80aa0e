// Tests of scenario chains: their files read back bit for bit, and the check's re-prepare on one engine.
import MasonryLayout
import MasonryVerification
import Testing

/// Chains of scenarios on one engine: their files, and the check's re-prepare.
@Suite struct ScenarioChainTests {
    private let first = try! LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [10, 20, 30])])
    private let second = try! LayoutDescription(width: 50, placement: .roundRobin, sections: [SectionDescription(columns: 3, itemHeights: [5])])

    @Test func aChainReadsBackBitForBit() throws {
        let chain = ScenarioChain([LayoutScenario(description: first, updates: [.appendItems(section: 0, heights: [0.1])],
                                                  queries: [Rect(x: 0, y: 0.5, width: 1, height: 0)], threads: [3]),
                                   LayoutScenario(description: second), LayoutScenario(description: first)])
        let text = chain.jsonText()
        #expect(text.hasPrefix("[{\"description\""))
        let read = try ScenarioChain(json: Array(text.utf8))
        #expect(read == chain)
        #expect(read.threads == [3])
        #expect(read.totalItems == 3 + 1 + 1 + 3)
        // One scenario is a plain scenario file.
        let single = ScenarioChain(LayoutScenario(description: first))
        #expect(try LayoutScenario(json: Array(single.jsonText().utf8)) == single.scenarios[0])
    }

    @Test(arguments: [
        ("[]", ""), ("[{\"description\": {\"width\": 1, \"sections\": []}},]", "[1]"),
        ("[{\"description\": {\"width\": 1, \"sections\": []}}, {\"description\": {\"width\": -1, \"sections\": []}}]", "[1].description.width"),
        ("[{\"description\": {\"width\": 1, \"sections\": []}}] x", ""), ("[{\"description\": {\"width\": 1, \"sections\": []}}", ""),
    ])
    func badChainsNameTheElement(json: String, path: String) {
        #expect { try ScenarioChain(json: Array(json.utf8)) } throws: { ($0 as! LayoutError).path == path }
    }

    @Test func theCheckPreparesTheSameEngineAgain() throws {
        // An engine that keeps its first layout's content size when prepared again fails only in a chain.
        struct KeepsFirstContentSize: LayoutEngine {
            var inner: OptimizedLayoutEngine
            var contentSize: Size
            var layoutDescription: LayoutDescription { inner.layoutDescription }
            init(_ description: LayoutDescription) {
                inner = OptimizedLayoutEngine(description, threads: 1)
                contentSize = inner.contentSize
            }
            mutating func prepare(_ description: LayoutDescription) { inner.prepare(description) }
            func elements(in rect: Rect) -> [LayoutElement] { inner.elements(in: rect) }
            func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { inner.frame(ofItemAt: indexPath) }
            func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? { inner.frame(ofSupplementary: kind, inSection: section) }
            mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
                try inner.apply(update)
                contentSize = inner.contentSize
            }
        }
        let checker = ScenarioChecker(candidate: { description, _ in KeepsFirstContentSize(description) })
        #expect(checker.check(LayoutScenario(description: first), threads: 1) == nil)
        let failure = try #require(checker.check(ScenarioChain([LayoutScenario(description: first), LayoutScenario(description: second)]),
                                                 threads: 1))
        #expect(failure.message.hasPrefix("scenario 1: after prepare on an engine that held another layout"))
        #expect(ScenarioChecker().check(ScenarioChain([LayoutScenario(description: first), LayoutScenario(description: second),
                                                       LayoutScenario(description: first)]), threads: 2) == nil)
    }
}
