// Tests of the benchmark plan: unique names, the run in plan order, and its skips and their reasons.
import Foundation
import MasonrySupport
@testable import MasonryBenchmarkHarness
import MasonryVerification
import Testing

/// The plan: every benchmark a run measures or skips, named once, counted once, run in its order.
@Suite struct BenchmarkPlanTests {
    static func runner(_ suite: BenchmarkSuite, metric: BenchmarkMetric = .time, engines: [BenchmarkEngine] = BenchmarkEngine.inProcess,
                       filter: String? = nil, progress: @escaping (String) -> Void = { _ in }) throws -> BenchmarkRunner {
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = suite
        configuration.metric = metric
        configuration.engines = engines
        configuration.filter = filter
        configuration.repetitions = 2
        return try BenchmarkRunner(configuration, progress: progress)
    }

    @Test(arguments: BenchmarkSuite.allCases, BenchmarkMetric.allCases)
    func namesAreUniqueAndNameTheirEngineAndWorkload(suite: BenchmarkSuite, metric: BenchmarkMetric) throws {
        let plan = try Self.runner(suite, metric: metric).plan
        let names = plan.benchmarks.map(\.name.description)
        #expect(!names.isEmpty)
        #expect(Set(names).count == names.count)
        for planned in plan.workloads {
            for group in planned.engineGroups {
                for benchmark in group.benchmarks {
                    #expect(benchmark.name.engine == group.engine, "\(benchmark.name)")
                    #expect(benchmark.name.workload.hasPrefix(planned.workload.nameParameters + "/"), "\(benchmark.name)")
                    #expect(BenchmarkName(benchmark.name.description) == benchmark.name)
                }
            }
        }
        #expect(plan.count == plan.benchmarks.count(where: \.runs))
        #expect(try Self.runner(suite, metric: metric, filter: "matches-nothing").plannedBenchmarkCount() == 0)
    }

    /// A prepare workload with spans (peer and floor skipped), and the optimized engine's lookups.
    @Test func theRunMeasuresThePlanInOrderAndReportsItsSkips() throws {
        let progress = ProgressLines()
        var runner = try Self.runner(.smoke, filter: "items:10000/|lookup/optimized", progress: progress.append)
        let outcome = runner.run()
        let planned = runner.plan.benchmarks.filter(\.runs).map(\.name.description)
        #expect(planned.contains { $0.hasPrefix("prepare/reference/") } && planned.contains { $0.hasSuffix("/paths:cold") })
        #expect(outcome.report.records.map(\.name) == planned)
        #expect(progress.lines == planned)
        #expect(runner.plannedBenchmarkCount() == outcome.report.records.count)
        #expect(outcome.skipped == runner.plan.skipped)
        #expect(outcome.skipped == [
            "prepare/peer/placement:shortestColumn/items:10000/sections:1/columns:4/heights:photo/spans:feed/threads:1: "
                + "CHTCollectionViewWaterfallLayout has no items spanning columns",
            "floor/placement:shortestColumn/items:10000/sections:1/columns:4/heights:photo/spans:feed/threads:1: "
                + BenchmarkPlan.floorHasNoSpans,
            "session/peer/placement:shortestColumn/items:10000/sections:1/columns:4/heights:photo/threads:1/unmeasured:estimated/remeasure:keepColumns: "
                + PeerLayoutEngine.unsupportedKeepColumns,
        ])
        #expect(outcome.mismatches.isEmpty)
    }

    /// Instruction mode skips every floor: a floor timed under valgrind is valgrind's speed, and the
    /// summary would set it beside instruction counts and warn about its Swift and C chains.
    @Test(arguments: BenchmarkSuite.allCases)
    func instructionModeSkipsTheTimedFloors(suite: BenchmarkSuite) throws {
        let floors = try Self.runner(suite, metric: .instructions).plan.benchmarks.filter { $0.name.operation == .floor }
        #expect(!floors.isEmpty && floors.allSatisfy { $0.skipReason == BenchmarkPlan.floorIsTimed })
        let timed = try Self.runner(suite).plan.benchmarks.filter { $0.name.operation == .floor }
        #expect(!timed.isEmpty && timed.allSatisfy { $0.skipReason != BenchmarkPlan.floorIsTimed })
    }

    /// The peer's skips, prepare and interactions alike, come from the one rule on the workload.
    @Test(arguments: BenchmarkSuite.allCases)
    func thePeersSkipsComeFromTheOneRule(suite: BenchmarkSuite) throws {
        let plan = try Self.runner(suite, engines: [.peer]).plan
        for planned in plan.workloads {
            let rule = PeerLayoutEngine.unsupportedFeature(of: planned.workload)
            for group in planned.engineGroups {
                switch planned.role {
                case .prepare where planned.workload.items <= suite.largestSlowEngineWorkload:
                    #expect(group.benchmarks.allSatisfy { $0.skipReason == rule }, "\(planned.workload)")
                case .prepare:
                    #expect(group.benchmarks.allSatisfy { $0.skipReason?.contains("is not run above") == true })
                case .session:
                    #expect(group.benchmarks.allSatisfy {
                        $0.skipReason == rule ?? ($0.name.parameter("remeasure") == "keepColumns" ? PeerLayoutEngine.unsupportedKeepColumns : nil)
                    }, "\(planned.workload)")
                case .interactions:
                    #expect(group.skipReason == rule, "\(planned.workload)")
                    #expect(group.benchmarks.allSatisfy { $0.skipReason == nil || $0.skipReason == PeerLayoutEngine.unsupportedPinnedHeaders })
                }
            }
        }
    }

    /// Every engine's sessions, after the interactions: deferred, then estimated under each
    /// policy; the optimized engine runs every frame, the others `slowEngineSessionFrames`.
    @Test(arguments: BenchmarkSuite.allCases)
    func thePlanListsEveryEnginesSessions(suite: BenchmarkSuite) throws {
        let plan = try Self.runner(suite).plan
        #expect(plan.workloads.last?.role == .session)
        let sessions = plan.benchmarks.filter { $0.name.operation == .session }
        let workload = Workload(placement: .shortestColumn, items: suite == .smoke ? 10_000 : 1_000_000, sections: 1, columns: 4, heights: .photo)
        let expected = BenchmarkEngine.inProcess.flatMap { engine in
            SessionVariant.all.map { variant in
                PlannedBenchmark(name: variant.name(workload.benchmarkName(.session, engine: engine, threads: 1)),
                                 skipReason: engine == .peer && variant.remeasure == .keepColumns ? PeerLayoutEngine.unsupportedKeepColumns : nil,
                                 body: .session(variant, frames: engine == .optimized ? suite.sessionFrames : suite.slowEngineSessionFrames))
            }
        }
        #expect(sessions == expected)
        #expect(suite.sessionFrames == (suite == .smoke ? 1_000 : 10_000) && suite.slowEngineSessionFrames == 20)
    }

    /// Instruction mode counts the smoke suite's 10K-item sessions, and skips the 1M-item ones in one line.
    @Test func instructionModeCountsTheSmokeSessionsOnly() throws {
        #expect(try Self.runner(.smoke, metric: .instructions, filter: "^session/").plannedBenchmarkCount() == 3 * SessionVariant.all.count - 1)  // the peer has no keepColumns
        let standard = try Self.runner(.standard, metric: .instructions, filter: "^session/").plan
        #expect(standard.count == 0)
        #expect(standard.skipped.last == "session/*/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo: "
                                         + "--metric instructions measures workloads up to 100000 items")
    }

    /// The smoke sessions run, report their frames and percentiles, and verify against the reference.
    @Test func theSmokeSessionsRunVerifiedAndReportTheirFrames() throws {
        var runner = try Self.runner(.smoke, filter: "^session/")
        let outcome = runner.run()
        #expect(outcome.report.records.map(\.name) == runner.plan.benchmarks.filter(\.runs).map(\.name.description))
        #expect(outcome.mismatches.isEmpty)
        for record in outcome.report.records {
            let frames = record.engine == "optimized" ? 1_000.0 : 20
            #expect(record.realTimes.count == 1 && record.medianCounter(.frames) == frames, "\(record.name)")
            #expect(record.medianCounter(.p50)! <= record.medianCounter(.p99)! && record.medianCounter(.p99)! <= record.medianCounter(.max)!)
            #expect(record.medianCounter(.framesOverBudget) != nil)
            // Estimated keepColumns sessions time their re-stack floor (RestackFloorBenchmark); no other does.
            let restacks = record.name.hasSuffix("/unmeasured:estimated/remeasure:keepColumns")
            #expect(record.medianCounter(.restackChainP99).map { $0 > 0 } ?? false == restacks, "\(record.name)")
            #expect(record.medianCounter(.restackFloorP99).map { $0 > 0 } ?? false == restacks, "\(record.name)")
        }
        let markdown = ReportWriters.markdown(outcome.report)
        #expect(markdown.contains("### session (per frame p50 / p99 / max"))
        #expect(markdown.contains("Estimated keepColumns sessions: the p99 frame over re-stacking"))
    }

    @Test func instructionModeSkipsWorkloadsPastItsLimitWhateverTheFilter() throws {
        let skipped = try Self.runner(.standard, metric: .instructions, filter: "matches-nothing").plan.skipped
        #expect(skipped.contains("prepare/*/placement:shortestColumn/items:1000000/sections:1/columns:4: "
                                 + "--metric instructions measures workloads up to 100000 items"))
        #expect(skipped.contains("query|lookup|append|update|delete/*/placement:roundRobin/items:1000000/sections:1/columns:4: "
                                 + "--metric instructions measures workloads up to 100000 items"))
        #expect(!skipped.contains { $0.contains("items:100000/") })
    }

    /// Instruction mode counts no cold lookups: callgrind counts instructions, not cache misses, and
    /// the cold benchmark reported wall time under valgrind in its place.
    @Test func coldLookupsAreSkippedInInstructionModeWithTheReason() throws {
        var runner = try Self.runner(.smoke, metric: .instructions, engines: [.optimized], filter: "lookup/optimized/.*paths:cold")
        #expect(runner.plannedBenchmarkCount() == 0)
        let outcome = runner.run()
        #expect(outcome.report.records.isEmpty)
        #expect(outcome.skipped == ["lookup/optimized/placement:shortestColumn/items:100000/sections:1/columns:4/threads:1/paths:cold: "
                                    + BenchmarkPlan.coldLookupsUncounted])
    }

    /// The peer's interactions are skipped in one line, where the filter selects any benchmark
    /// every workload has; its pinned-header query is skipped on its own where the others run.
    @Test func thePeersInteractionSkips() throws {
        let skipped = try Self.runner(.standard, engines: [.peer], filter: "query/peer/.*(spans|sections:4096)").plan.skipped
        #expect(skipped == [
            "query/peer/placement:shortestColumn/items:1000000/sections:4096/columns:4/threads:1/rect:viewport/pinned:true: "
                + PeerLayoutEngine.unsupportedPinnedHeaders,
            "*/peer/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/spans:feed/threads:1: "
                + "CHTCollectionViewWaterfallLayout has no items spanning columns",
        ])
    }
}

/// Collects progress lines (a reference, for the escaping progress closure).
final class ProgressLines {
    private(set) var lines: [String] = []

    func append(_ line: String) {
        lines.append(line)
    }

    /// An engine program runs the prepares, queries and updates of the workloads the reference
    /// runs; its lookups (untimed by the protocol) and sessions (in process) are skipped with the
    /// reason, and so is what its hello declares unsupported.
    @Test func anEngineProgramRunsWhatItTimesAndHas() throws {
        let script = RemovalAtExit.path("plan", suffix: ".sh")
        let hello = #"{"protocol":1,"engine":"plan","format":2,"unsupported":["pinHeaders","setWidth"],"timing":true}"#
        try "#!/bin/sh\nread request\nprintf '%s\\n' '\(hello)'\ncat > /dev/null\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = .smoke
        configuration.engines = [.optimized, .external]
        configuration.externalEngine = .program(try ExternalEngineProcess(command: script))
        let plan = try BenchmarkRunner(configuration, progress: { _ in }).plan
        let external = plan.benchmarks.filter { $0.name.engine == .external }
        #expect(external.contains { $0.name.operation == .prepare && $0.runs })
        #expect(external.contains { $0.name.operation == .query && $0.runs })
        #expect(external.filter { $0.name.operation == .lookup }.allSatisfy { $0.skipReason == BenchmarkPlan.externalLookupsUntimed })
        #expect(external.filter { $0.name.operation == .session }.allSatisfy { $0.skipReason == BenchmarkPlan.externalSessionsInProcess })
        #expect(external.filter { $0.name.operation == .setWidth }.allSatisfy { $0.skipReason == "the engine (plan) lacks setWidth" })
        #expect(external.filter(\.runs).allSatisfy { [.prepare, .query, .append, .update, .delete].contains($0.name.operation) })
    }
}
