// Tests of the scenario shrinker's moves, one property each, including shrinking to format v1.
import Foundation
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The shrinker's moves, one property each, with checks in this process.
@Suite struct ScenarioShrinkerTests {
    /// A "fault" as a predicate on the layout: fails when `condition` holds for the description after its updates.
    private func failing(when condition: @escaping (LayoutDescription, Int) -> Bool) -> (ScenarioChain, Int) -> ScenarioShrinker.Verdict {
        { chain, threads in
            let last = chain.scenarios.last!
            let description = last.updates.reduce(into: last.description) { description, update in try? description.apply(update) }
            guard condition(description, threads) else { return .passes }
            return .fails(CheckFailure(message: "planted", layout: description, candidateElements: [], referenceElements: []))
        }
    }

    private func chain(sections: Int, items: Int, height: Double = 123.456) -> ScenarioChain {
        let description = try! LayoutDescription(width: 390, sections: (0..<sections).map { index in
            SectionDescription(columns: 3, inset: EdgeInsets(top: 1.5, left: 2, bottom: 3, right: 4), columnSpacing: 2.5, itemSpacing: 1.25,
                               headerHeight: 7.75, itemHeights: (0..<items).map { height + Double($0 % 7) })
        })
        return ScenarioChain(LayoutScenario(description: description, updates: [.setWidth(400), .appendItems(section: 0, heights: [1])],
                                            queries: [Rect(x: 0, y: 0, width: 10, height: 10)]))
    }

    @Test func aFaultThatNeedsSixtyFiveItemsShrinksToExactlyThat() {
        let start = chain(sections: 7, items: 654)
        let failure = CheckFailure(message: "planted", layout: start.scenarios[0].description, candidateElements: [], referenceElements: [])
        let outcome = ScenarioShrinker().shrink(start, threads: 8, failure: failure,
                                                test: failing { description, _ in description.sections.contains { $0.itemHeights.count > 64 } })
        let description = outcome.chain.scenarios[0].description
        #expect(outcome.chain.totalItems == 65)
        #expect(description.sections.count == 1)
        #expect(outcome.threads == 1)
        #expect(outcome.chain.scenarios[0].updates.isEmpty && outcome.chain.scenarios[0].queries.isEmpty)
        #expect(description.sections[0].itemHeights.allSatisfy { $0 <= 1 }, "heights towards small integers")
        #expect(description.sections[0].inset == .zero && description.sections[0].headerHeight == 0 && description.sections[0].columns == 1)
        #expect(!outcome.stoppedEarly)
    }

    @Test func ordersAndTiesSurviveAsSmallIntegers() throws {
        // Fails while item 1 is strictly taller than item 0 and item 2 ties item 0.
        let description = try LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [17.3, 250.125, 17.3, 90])])
        let start = ScenarioChain(LayoutScenario(description: description))
        let failure = CheckFailure(message: "planted", layout: description, candidateElements: [], referenceElements: [])
        let outcome = ScenarioShrinker().shrink(start, threads: 1, failure: failure, test: failing { description, _ in
            let heights = description.sections.first?.itemHeights ?? []
            return heights.count >= 3 && heights[1] > heights[0] && heights[2] == heights[0]
        })
        #expect(outcome.chain.scenarios[0].description.sections[0].itemHeights == [1, 2, 1])
    }

    /// Threads stay where the fault needs them; a threaded failure that shows on every run is
    /// run again, and its passes are not retried.
    @Test func threadsStayWhereTheFaultNeedsThem() {
        let start = chain(sections: 3, items: 5)
        let failure = CheckFailure(message: "planted", layout: start.scenarios[0].description, candidateElements: [], referenceElements: [])
        let outcome = ScenarioShrinker().shrink(start, threads: 8, failure: failure, test: failing { _, threads in threads > 1 })
        #expect(outcome.threads == 2)
        #expect(outcome.failedRuns == ScenarioShrinker.confirmationRuns && outcome.runs == ScenarioShrinker.confirmationRuns)
        #expect(outcome.retriesOfAPass == 0)
    }

    @Test func theDeadlineEndsShrinkingWithTheSmallestSoFar() {
        let start = chain(sections: 20, items: 200)
        let failure = CheckFailure(message: "planted", layout: start.scenarios[0].description, candidateElements: [], referenceElements: [])
        let slowTest = failing { description, _ in description.itemCount > 10 }
        let outcome = ScenarioShrinker(deadline: .now + .milliseconds(50)).shrink(start, threads: 1, failure: failure) { chain, threads in
            Thread.sleep(forTimeInterval: 0.01)
            return slowTest(chain, threads)
        }
        #expect(outcome.stoppedEarly)
        #expect(outcome.chain.totalItems < start.totalItems)
        #expect(outcome.checks < 10)
    }

    /// A failure that needs several threads and more than 10 items, and shows in a tenth of its
    /// runs (drawn from a fixed seed, as a race shows in some interleavings, rarely on a loaded
    /// machine). Before the confirmation runs, lucky passes ended 5 of seeds 1 to 8 above the
    /// minimum (8 threads, or 13 items): a candidate checked was not checked again, so the round
    /// in which all that was left passed by luck was the last. Now every seed ends minimal.
    @Test func aFailureThatShowsInSomeRunsShrinksAsFarAsOneThatShowsInAll() {
        let start = ScenarioChain(LayoutScenario(description: chain(sections: 4, items: 1000).scenarios[0].description))
        let failure = CheckFailure(message: "planted", layout: start.scenarios[0].description, candidateElements: [], referenceElements: [])
        for seed in UInt64(1)...8 {
            var random = SplitMix64(seed: seed)
            let fault = failing { description, threads in description.itemCount > 10 && threads > 1 && random.next() % 10 == 0 }
            let outcome = ScenarioShrinker().shrink(start, threads: 8, failure: failure, test: fault)
            #expect(outcome.chain.totalItems == 11 && outcome.threads == 2 && !outcome.stoppedEarly,
                    "seed \(seed): \(outcome.chain.totalItems) items, \(outcome.threads) threads")
            #expect(outcome.failedRuns < outcome.runs && outcome.runs == ScenarioShrinker.confirmationRuns && outcome.retriesOfAPass > 0)
        }
    }

    /// Retries of a pass: none for a failure in every run, enough that a candidate failing at the
    /// case's rate passes all its runs about 1 time in 100, and at most `mostRetries`.
    @Test(arguments: [(8, 8, 0), (4, 8, 6), (1, 8, 34), (0, 8, 34), (2, 3, 4), (1, 3, 11), (1, 1000, ScenarioShrinker.mostRetries)])
    func retriesFollowTheFailureRate(failed: Int, runs: Int, retries: Int) {
        #expect(ScenarioShrinker.retries(afterFailing: failed, of: runs) == retries)
    }

    @Test func aMismatchIsNotTradedForACrash() {
        let start = chain(sections: 2, items: 4)
        let failure = CheckFailure(message: "planted", layout: start.scenarios[0].description, candidateElements: [], referenceElements: [])
        // Smaller candidates crash: not the same failure, so nothing is kept.
        let outcome = ScenarioShrinker().shrink(start, threads: 1, failure: failure) { chain, _ in
            .fails(CheckFailure(kind: chain == start ? .mismatch : .crash, message: "other", layout: chain.scenarios[0].description,
                                candidateElements: [], referenceElements: []))
        }
        #expect(outcome.chain == start)
    }

    /// Anchor steps the fault does not need are dropped; one it needs stays, and every candidate
    /// keeps each step within its updates (it reads back), however many updates go.
    @Test func anchorStepsTheFaultDoesNotNeedAreDropped() throws {
        let description = try LayoutDescription(width: 390, sections: Array(repeating: SectionDescription(columns: 3, itemHeights: Array(repeating: 50, count: 20)), count: 2))
        var scenario = LayoutScenario(description: description, updates: [.setWidth(400), .appendItems(section: 0, heights: [1])])
        scenario.updates += (0..<6).map { LayoutUpdate.appendItems(section: 1, heights: [Double($0)]) }
        let viewport = Rect(x: 0, y: 0, width: 390, height: 100)
        scenario.anchors = [0, 3, 5, 8].map { ScenarioAnchor(viewport: viewport, afterUpdates: $0) }
        scenario.anchors.append(ScenarioAnchor(viewport: Rect(x: 0, y: 7, width: 1, height: 1), afterUpdates: 8))
        let start = ScenarioChain(scenario)
        let failure = CheckFailure(message: "planted", layout: scenario.description, candidateElements: [], referenceElements: [])
        var unreadable = 0
        let outcome = ScenarioShrinker().shrink(start, threads: 1, failure: failure) { chain, _ in
            let candidate = chain.scenarios[0]
            if (try? LayoutScenario(json: Array(candidate.jsonText().utf8))) != candidate { unreadable += 1 }
            // Fails while the step whose viewport starts at y 7 is there.
            guard candidate.anchors.contains(where: { $0.viewport.y == 7 }) else { return .passes }
            return .fails(CheckFailure(message: "planted", layout: candidate.description, candidateElements: [], referenceElements: []))
        }
        #expect(unreadable == 0)
        #expect(outcome.chain.scenarios[0].anchors == [ScenarioAnchor(viewport: Rect(x: 0, y: 7, width: 1, height: 1), afterUpdates: 0)])
        #expect(outcome.chain.scenarios[0].updates.isEmpty)
    }
}

/// The shrinker drops format v2's features a failure does not need, and keeps spans aligned with heights.
@Suite struct ScenarioShrinkerFormatV2Tests {
    private func start() throws -> ScenarioChain {
        let description = try LayoutDescription(width: 390, columnWidthRounding: .floor, displayScale: 2, trailingItemSpacing: .exclude,
                                                axis: .horizontal, direction: .rightToLeft, sections: [
            SectionDescription(columnCount: .adaptive(minColumnWidth: 90), headerHeight: 20, itemHeights: (0..<40).map { 10 + Double($0 % 9) },
                               itemSpans: (0..<40).map { $0 % 5 == 0 ? .full : ($0 % 3 == 0 ? 2 : 1) }),
            SectionDescription(columns: 2, itemHeights: [5, 6, 7], itemSpans: [1, 2, 1]),
        ])
        return ScenarioChain(LayoutScenario(description: description,
                                            updates: [.appendItems(section: 0, heights: [4, 5], spans: [.full, 1]), .setWidth(800)],
                                            queries: [LayoutQuery(Rect(x: 0, y: 0, width: 100, height: 100), edges: .open, pinningHeaders: true)]))
    }

    private func shrink(_ chain: ScenarioChain, failingWhen condition: @escaping (LayoutDescription) -> Bool) -> ScenarioChain {
        let failure = CheckFailure(message: "planted", layout: chain.scenarios[0].description, candidateElements: [], referenceElements: [])
        return ScenarioShrinker().shrink(chain, threads: 1, failure: failure) { candidate, _ in
            let description = candidate.scenarios[0].description
            return condition(description)
                ? .fails(CheckFailure(message: "planted", layout: description, candidateElements: [], referenceElements: [])) : .passes
        }.chain
    }

    @Test func aFaultThatNeedsNoFormatV2EndsInFormatV1() throws {
        let shrunk = shrink(try start()) { $0.itemCount >= 2 }
        let description = shrunk.scenarios[0].description
        #expect(description.axis == .vertical && description.direction == .leftToRight && description.trailingItemSpacing == .include)
        #expect(description.columnWidthRounding == .none && description.displayScale == 1)
        #expect(description.sections.allSatisfy { $0.itemSpans == nil && $0.columnCount == .fixed($0.columns) })
        #expect(shrunk.scenarios[0].updates.isEmpty && shrunk.scenarios[0].queries.isEmpty)
    }

    @Test func aFaultThatNeedsAFullWidthItemKeepsItsSpanAligned() throws {
        // Fails while some item spans the full width and is 4 long: only that item is needed.
        let shrunk = shrink(try start()) { description in
            description.sections.contains { section in
                section.itemHeights.indices.contains { section.itemHeights[$0] >= 4 && section.span(ofItem: $0) == .full }
            }
        }
        let sections = shrunk.scenarios[0].description.sections
        #expect(sections.count == 1 && sections[0].itemHeights.count == 1 && sections[0].itemSpans == [.full])
        #expect(shrunk.scenarios[0].description.axis == .vertical && shrunk.scenarios[0].description.direction == .leftToRight)
    }
}
