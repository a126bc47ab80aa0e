// Tests of the keepColumns sessions' re-stack floor: computed on the engine's own values, reported, summarized.
import MasonryLayout
@testable import MasonryBenchmarkHarness
import Testing

/// An estimated `keepColumns` session reports the re-stack floor of its p99 frame's suffix
/// (`restack_chain_p99`, `restack_floor_p99`) and the summary divides its p99 frame by them;
/// the floor re-stacks the engine's values bit for bit. No timing is asserted beyond "measured".
@Suite struct RestackFloorBenchmarkTests {
    /// A keepColumns session of the smoke workload after `frames` frames.
    static func session(frames: Int) -> ScrollingSession<OptimizedLayoutEngine> {
        var session = ScrollingSessionTests.session(OptimizedLayoutEngine.self, SessionVariant(unmeasured: .estimated, remeasure: .keepColumns))
        for _ in 0..<frames { _ = session.frame() }
        return session
    }

    @Test(arguments: [1, 100, 5_000])
    func theFloorReStacksTheEnginesOwnValues(suffix: Int) {
        let session = Self.session(frames: 30)
        let floors = RestackFloorBenchmark.measure(suffix: suffix, of: session.engine, repetitions: 3)
        #expect(floors.mismatch == nil)
        #expect(floors.chain > 0 && floors.restack > 0)
    }

    /// The summary's line: the p99 frame over each floor, for the sessions that have both
    /// (a reflow session, without them, is left out). The smoke run that computes them is
    /// `BenchmarkPlanTests.theSmokeSessionsRunVerifiedAndReportTheirFrames`.
    @Test func theSummaryDividesTheP99FrameByBothFloors() {
        let base = "session/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/threads:1/unmeasured:estimated"
        let counters: [String: Double] = ["p99_ns": 4_000_000, "restack_chain_p99": 1_000_000, "restack_floor_p99": 1_600_000]
        let report = BenchmarkReportTests.report([
            BenchmarkRecord(name: base + "/remeasure:keepColumns", realTimes: [1], cpuTimes: [1], counters: [counters], threads: 1),
            BenchmarkRecord(name: base + "/remeasure:reflow", realTimes: [1], cpuTimes: [1], counters: [["p99_ns": 1]], threads: 1),
        ])
        let markdown = ReportWriters.markdown(report)
        #expect(markdown.contains("Estimated keepColumns sessions: the p99 frame over re-stacking the p99 frame's suffix at the machine's limit"))
        #expect(markdown.contains(": optimized (items:1000000) 4x over the chain, 2.5x over the re-stack floor.\n"), "\(markdown)")
    }
}
