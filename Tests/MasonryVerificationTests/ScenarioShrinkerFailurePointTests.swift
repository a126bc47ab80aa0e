// Tests of the shrinker's cheapest candidates: where a failure showed, read off its message; the counts tried first; no candidate checked twice.
import Foundation
@_spi(Verification) import MasonryLayout
@testable import MasonryVerification
import Testing

@Suite struct ScenarioShrinkerFailurePointTests {
    @Test func aQueryAnswerNamesItsScenarioUpdateSectionItemAndRect() throws {
        let rect = Rect(x: 1.5, y: 20, width: 300, height: 0)
        let element = LayoutElement(kind: .item, section: 2, item: 17, frame: Rect(x: 0, y: 21, width: 2, height: 3))
        let difference = try #require(EngineVerifier.firstDifference(in: rect, [], [element]))
        let point = ScenarioShrinker.FailurePoint("scenario 1: after updates[3] (appendItems) on 2 thread(s): \(difference)")
        #expect(point == ScenarioShrinker.FailurePoint(link: 1, update: 3, section: 2, item: 17, queryRect: "\(rect)"), "\(point)")
    }

    @Test(arguments: [
        ("after prepare on 1 thread(s): section 4 item 129: (0.0, 1.0, 2.0, 3.0) bits [0x0], expected none",
         ScenarioShrinker.FailurePoint(section: 4, item: 129)),
        ("after prepare on 1 thread(s): section 0 header: none, expected (0.0, 1.0, 2.0, 3.0)", .init(section: 0)),
        ("after updates[0] (setWidth(100.0)) on 8 thread(s): query Rect(x: 0.0, y: 0.0, width: 1.0, height: 1.0): element 3 is nothing, expected footer 6/-1 (0.0, 1.0, 2.0, 3.0)",
         .init(update: 0, section: 6, queryRect: "Rect(x: 0.0, y: 0.0, width: 1.0, height: 1.0)")),
        ("updates[2..<4] applied as one batch on 1 thread(s): the engine refused it", .init()),
        ("after the last update on 1 thread(s): anchors[0]: moved", .init()),
    ])
    func stagesAndElements(message: String, expected: ScenarioShrinker.FailurePoint) {
        #expect(ScenarioShrinker.FailurePoint(message) == expected)
    }

    @Test func theCountsTriedFirstAreTheSmallOnesAndTheCheckpointBoundaries() {
        let interval = VerificationHooks.checkpointInterval(columns: 65)
        let counts = ScenarioShrinker.prefixCounts(below: 2 * interval + 5, columns: 65, failingItem: 9)
        #expect(counts == counts.sorted() && Set(counts).count == counts.count && counts.allSatisfy { $0 < 2 * interval + 5 })
        for count in [0, 1, 4, 10, 1024, interval - 1, interval, interval + 1, 2 * interval - 1, 2 * interval, 2 * interval + 1] {
            #expect(counts.contains(count), "\(count)")
        }
        #expect(ScenarioShrinker.columnCounts(below: 300).prefix(9) == [1, 2, 3, 4, 5, 8, 9, 16, 17])
        #expect(ScenarioShrinker.columnCounts(below: 300).contains(65) && ScenarioShrinker.columnCounts(below: 300).last == 299)
    }

    /// A fault that needs 2·K + 1 items in a section of more than 64 columns (K the engine's
    /// checkpoint interval: 4,097 items at 65 columns), from a first failure of 32,801 items in 267
    /// columns (seed 7's case of `wideRoundRobinPastSecondCheckpointLow`, as a predicate): exactly
    /// the minimum, no candidate checked twice, in 385 checks. Before the counts tried first, the
    /// column counts either side of the powers of two, the single-item cut-off and the memory of
    /// candidates tried, the same minimum took 78,520 checks (137 s of a debug build here, where a
    /// check is a predicate; with the engines' checks of 4,097+ items, far past any budget).
    @Test func aFaultAtTheSecondCheckpointOfManyColumnsShrinksToItsMinimumInFewChecks() throws {
        let description = try LayoutDescription(width: 1000, placement: .roundRobin, sections: [
            SectionDescription(columns: 267, itemHeights: (0..<32_781).map { Double($0 % 97) + 0.5 }),
            SectionDescription(columns: 267, itemHeights: Array(repeating: 3, count: 20)),
        ])
        let start = ScenarioChain(LayoutScenario(description: description, updates: [.setWidth(1200)],
                                                 queries: [Rect(x: 0, y: 0, width: 10, height: 10)]))
        var seen: Set<ScenarioChain> = []
        var repeats = 0
        let failure = CheckFailure(message: "planted", layout: description, candidateElements: [], referenceElements: [])
        let outcome = ScenarioShrinker().shrink(start, threads: 1, failure: failure) { chain, _ in
            if !seen.insert(chain).inserted { repeats += 1 }
            let sections = chain.scenarios[0].description.sections
            let fails = chain.scenarios[0].description.placement == .roundRobin && sections.contains {
                $0.columns > 64 && $0.itemHeights.count > 2 * VerificationHooks.checkpointInterval(columns: $0.columns)
            }
            return fails ? .fails(CheckFailure(message: "planted", layout: chain.scenarios[0].description, candidateElements: [], referenceElements: []))
                : .passes
        }
        let section = try #require(outcome.chain.scenarios[0].description.sections.first)
        #expect(outcome.chain.totalItems == 2 * VerificationHooks.checkpointInterval(columns: 65) + 1 && section.columns == 65,
                "\(outcome.chain.totalItems) items, \(section.columns) columns")
        #expect(repeats == 0)
        #expect(outcome.checks <= 400, "\(outcome.checks) checks")
    }
}
