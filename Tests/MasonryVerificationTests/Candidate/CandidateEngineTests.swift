// `CandidateEngine`'s entry points: fuzz, replay and verify on Swift engines of another package, as a client calls them.
import Foundation
import MasonryLayout
import MasonryVerification
import Testing

/// Only the public API, as a package that depends on the product sees it (the planted engine
/// aside, which is the test target's own).
@Suite struct CandidateEngineTests {
    /// The reference itself as a candidate: every case checked agrees, and a format 3 engine
    /// that lacks nothing has nothing skipped.
    static let reference = CandidateEngine(name: "reference") { ReferenceLayoutEngine($0) }

    /// The optimized engine whose rect queries miss frames that only touch the rect's edge.
    static let planted = CandidateEngine(name: "planted") {
        PlantedFaultEngine(fault: .queryDropsTouchingFrames, description: $0, threads: 1)
    }

    @Test func theReferenceAgreesWithItselfOnEveryCase() {
        let report = Self.reference.fuzz(seed: 3, cases: 25)
        #expect(report.failure == nil, "\(report)")
        #expect(report.cases == 25 && report.skippedCases == 0 && report.skippedByFeature.isEmpty)
        #expect(report.description.contains("25 cases") && report.description.contains("no failure"))
    }

    @Test func aFaultIsFoundShrunkAndReplayed() throws {
        let report = Self.planted.fuzz(seed: 1, cases: 200, shrinkSeconds: 30)
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.items <= 4, "\(failure)")
        #expect(report.failingCaseSeed != nil && report.failingCaseItems! >= failure.items)
        #expect(report.description.contains("FAILED") && report.description.contains(failure.reproducer))
        #expect(try Self.planted.replay(failure.reproducer) != nil)
        #expect(try Self.reference.replay(failure.reproducer) == nil)
    }

    /// A format 1 engine is not checked on later formats' cases: they are skipped and counted
    /// under features of later formats only, and each feature it declares unsupported too.
    @Test func whatAnEngineLacksIsSkippedAndCounted() {
        let formatOne = CandidateEngine(name: "format one", format: 1, unsupported: [.placement]) { ReferenceLayoutEngine($0) }
        let report = formatOne.fuzz(seed: 1, cases: 300)
        #expect(report.failure == nil)
        #expect(report.skippedCases > 0 && report.skippedCases < report.cases, "\(report)")
        #expect(report.skippedByFeature.keys.allSatisfy { $0.format > 1 || $0 == .placement }, "\(report)")
        #expect(report.skippedByFeature[.placement, default: 0] > 0, "\(report)")
    }

    @Test func replayRefusesTextItCannotCheck() throws {
        #expect(throws: CandidateError.self) { try Self.reference.replay("not json") }
        let rightToLeft = #"{"description": {"width": 390, "direction": "rightToLeft", "sections": [{"columns": 2, "itemHeights": [10]}]}}"#
        let formatOne = CandidateEngine(name: "format one", format: 1) { ReferenceLayoutEngine($0) }
        do {
            _ = try formatOne.replay(rightToLeft)
            Issue.record("a reproducer that needs a later format was checked")
        } catch {
            #expect(error.description == "not checked: format one lacks direction")
        }
        #expect(try Self.reference.replay(rightToLeft) == nil)
    }

    /// The matrix skips every layout that uses a feature the engine lacks, and lists it with them.
    @Test func verifySkipsAndListsWhatTheEngineLacks() {
        let lacksEverything = CandidateEngine(name: "nothing", format: 1, unsupported: Set(EngineFeature.allCases.filter { $0.format == 1 })) {
            ReferenceLayoutEngine($0)
        }
        let report = lacksEverything.verify(.smoke, shard: Shard(number: 2, count: 8)!)
        #expect(report.failure == nil && report.layouts == 0 && !report.skippedLayouts.isEmpty, "\(report)")
        #expect(report.skippedLayouts.values.allSatisfy { !$0.isEmpty })
        #expect(report.description.contains("shard 2/8") && report.description.contains("no mismatch"))
    }
}
