// The example engine checked and timed against Masonry's reference: the fuzzer, the verification matrix, the benchmarks, a planted error.
import Foundation
import MasonryBenchmarkHarness
import MasonryLayout
import MasonryVerification
import SimpleWaterfall
import Testing

/// The engine as the suite takes it: format 1, everything of that format implemented.
let engine = CandidateEngine(name: "SimpleWaterfall 1.0", format: 1) { SimpleWaterfallLayout($0) }

@Suite struct SimpleWaterfallTests {
    /// The differential fuzzer: every case of format 1 gives the reference's frames, bit for bit.
    @Test func fuzzingFindsNoDifference() {
        let report = engine.fuzz(seed: 1, cases: 2000)
        #expect(report.failure == nil, "\(report)")
        // Format 2 and 3 cases are skipped, not passed: enough of the cases must be format 1's.
        #expect(report.cases == 2000)
        #expect(report.cases - report.skippedCases >= 40, "\(report)")
        print(report)
    }

    /// `masonry verify`'s matrix, a shard of it (each layout 10,000 items), bit for bit.
    @Test func theVerificationMatrixAgrees() {
        let report = engine.verify(.smoke, shard: Shard(number: 1, count: 4)!)
        #expect(report.failure == nil, "\(report)")
        print(report)
        #expect(report.layouts > 0 && report.updates > 0, "\(report)")
    }

    /// The benchmarks time the engine beside the optimized one, verify its answers, and write a
    /// result file `masonry compare` reads.
    @Test func theBenchmarksTimeAndVerifyIt() throws {
        let run = try engine.benchmark(.smoke, filter: "^prepare/.*/items:1000/|^(query|update)/", repetitions: 2)
        #expect(run.mismatches.isEmpty, "\(run.mismatches)")
        let external = run.results.filter { $0.name.contains("/external/") }
        #expect(external.contains { $0.name.hasPrefix("prepare/") && ($0.nanosecondsPerItem ?? 0) > 0 }, "\(run)")
        #expect(external.contains { $0.name.hasPrefix("query/") && $0.medianNanoseconds > 0 }, "\(run)")
        #expect(run.results.contains { $0.name.contains("/optimized/") })
        let file = try JSONSerialization.jsonObject(with: run.resultFile()) as? [String: Any]
        #expect((file?["benchmarks"] as? [Any])?.isEmpty == false)
    }

    /// A rule broken on purpose (`TouchingElementsLeftOut`) is caught, shrunk to a few items,
    /// and its reproducer fails on replay, and passes on the engine.
    @Test func aPlantedErrorIsCaughtAndShrunk() throws {
        let planted = CandidateEngine(name: "SimpleWaterfall, planted error", format: 1) { TouchingElementsLeftOut($0) }
        let report = planted.fuzz(seed: 1, cases: 200, shrinkSeconds: 30)
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.items <= 4, "\(report)")
        #expect(try planted.replay(failure.reproducer) != nil)
        #expect(try engine.replay(failure.reproducer) == nil)
    }

    /// A reproducer that is not a scenario file, or that needs a feature the engine lacks, is refused with the reason.
    @Test func replayRefusesWhatItCannotCheck() {
        #expect(throws: CandidateError.self) { try engine.replay("{\"description\": {}}") }
        let formatTwo = """
            {"description": {"width": 390, "direction": "rightToLeft", "sections": [{"columns": 2, "itemHeights": [10]}]}}
            """
        #expect(throws: CandidateError.self) { try engine.replay(formatTwo) }
    }
}

/// The engine with a bug a team might write: rect queries compare with `<` where the format says
/// `<=` (Queries.md, "Edges"), so an element that only touches the rect is left out.
struct TouchingElementsLeftOut: LayoutEngine {
    private var engine: SimpleWaterfallLayout

    init(_ description: LayoutDescription) {
        engine = SimpleWaterfallLayout(description)
    }

    var layoutDescription: LayoutDescription { engine.layoutDescription }
    var contentSize: Size { engine.contentSize }
    mutating func prepare(_ description: LayoutDescription) { engine.prepare(description) }
    mutating func apply(_ update: LayoutUpdate) throws(LayoutError) { try engine.apply(update) }
    func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { engine.frame(ofItemAt: indexPath) }
    func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? { engine.frame(ofSupplementary: kind, inSection: section) }

    func elements(in rect: Rect) -> [LayoutElement] {
        engine.elements(in: rect).filter { $0.frame.intersects(rect, edges: .open) }
    }
}
