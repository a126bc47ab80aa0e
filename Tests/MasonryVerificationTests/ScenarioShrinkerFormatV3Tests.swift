// Tests that the shrinker drops format v3's nulls, modes and estimates a failure does not need, and keeps those it does.
import MasonryLayout
import MasonryVerification
import Testing

/// The shrinker measures nulls, turns deferred into estimated, drops estimates and turns
/// measuring updates into plain ones where the failure stays; and shrinks measuring updates'
/// items like any other's.
@Suite struct ScenarioShrinkerFormatV3Tests {
    private func start() throws -> ScenarioChain {
        let description = try LayoutDescription(width: 390, unmeasuredItems: .deferred, sections: [
            SectionDescription(columnCount: .fixed(3), itemSpacing: 2, headerHeight: 20, footerHeight: 10,
                               measuredItemHeights: (0..<30).map { $0 < 12 ? 10 + Double($0 % 9) : nil }, estimatedItemHeight: 44),
            SectionDescription(columnCount: .fixed(2), measuredItemHeights: [5, 6, nil, nil], estimatedItemHeight: 7.5),
        ])
        return ScenarioChain(LayoutScenario(description: description, updates: [
            .setMeasurements(section: 0, startingAt: 12, heights: [3, 4, 5, 6]),
            .appendMeasurements(section: 1, heights: [nil, nil, nil]),
            .insertMeasurements(section: 0, at: 30, heights: [nil, nil]),
            .setWidth(400),
        ], queries: [LayoutQuery(Rect(x: 0, y: 0, width: 100, height: 100))]))
    }

    /// Shrinks `chain` with a planted failure: `condition` on the first scenario's description
    /// as it is and after its updates.
    private func shrink(_ chain: ScenarioChain, failingWhen condition: @escaping (LayoutDescription, LayoutDescription) -> Bool) -> ScenarioChain {
        let failure = CheckFailure(message: "planted", layout: chain.scenarios[0].description, candidateElements: [], referenceElements: [])
        return ScenarioShrinker().shrink(chain, threads: 1, failure: failure) { candidate, _ in
            let scenario = candidate.scenarios[0]
            let after = scenario.updates.reduce(into: scenario.description) { description, update in try? description.apply(update) }
            return condition(scenario.description, after)
                ? .fails(CheckFailure(message: "planted", layout: after, candidateElements: [], referenceElements: [])) : .passes
        }.chain
    }

    @Test func aFaultThatNeedsNoFormatV3EndsInFormatV2() throws {
        // Fails while an update adds an item to a section: any append or insert will do.
        let shrunk = shrink(try start()) { before, after in
            zip(before.sections, after.sections).contains { $1.itemHeights.count > $0.itemHeights.count }
        }
        let scenario = shrunk.scenarios[0]
        #expect(scenario.description.unmeasuredItems == .estimated)
        #expect(scenario.description.sections.allSatisfy { $0.estimatedItemHeight == nil && $0.isUnmeasured == nil })
        #expect(scenario.updates.count == 1, "\(scenario.updates)")
        for update in scenario.updates {
            switch update {
            case .appendItems(_, let heights, _), .insertItems(_, _, let heights, _): #expect(heights == [0] || heights == [1])
            default: Issue.record("not a plain update of one item: \(update)")
            }
        }
    }

    @Test func aFaultThatNeedsADeferredNullKeepsIt() throws {
        let shrunk = shrink(try start()) { description, _ in
            description.unmeasuredItems == .deferred && description.sections.contains { $0.isUnmeasured?.contains(true) == true }
        }
        let description = shrunk.scenarios[0].description
        #expect(description.unmeasuredItems == .deferred && description.sections.count == 1)
        #expect(description.sections[0].measuredItemHeights == [nil] && description.sections[0].estimatedItemHeight != nil)
        #expect(shrunk.scenarios[0].updates.isEmpty)
    }

    @Test func aMeasuringUpdateLosesTheItemsTheFaultDoesNotNeed() throws {
        // Fails while an update brings a null: it keeps one null, of the update's kind.
        let shrunk = shrink(try start()) { before, after in
            let nulls = { (description: LayoutDescription) in description.sections.map { $0.isUnmeasured?.count(where: { $0 }) ?? 0 }.reduce(0, +) }
            return nulls(after) > nulls(before)
        }
        let updates = shrunk.scenarios[0].updates
        #expect(updates.count == 1, "\(updates)")
        switch updates.first {
        case .appendMeasurements(_, let heights, _), .insertMeasurements(_, _, let heights, _): #expect(heights == [nil])
        default: Issue.record("not a measuring update of one null: \(updates)")
        }
    }
}
