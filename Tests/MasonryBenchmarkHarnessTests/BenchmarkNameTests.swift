// Tests of benchmark names: round trips, foreign names refused, the runner's plan, instruction-mode skips.
@testable import MasonryBenchmarkHarness
import Testing

@Suite struct BenchmarkNameTests {
    @Test(arguments: [
        "prepare/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/threads:1",
        "query/reference/placement:roundRobin/items:1000/sections:4096/columns:4/threads:1/rect:viewport/pinned:true",
        "floor/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1",
        "setWidth/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/minColumnWidth:90/threads:1",
    ])
    func namesRoundTrip(text: String) throws {
        let name = try #require(BenchmarkName(text))
        #expect(name.description == text)
        #expect(name.parameter("placement") != nil && name.parameter("threads") != nil)
        #expect((name.engine == nil) == (name.operation == .floor))
    }

    @Test(arguments: ["BM_Layout", "prepare/unknownEngine/items:1", "sort/optimized/items:1", ""])
    func foreignNamesAreNotMasonrys(text: String) {
        #expect(BenchmarkName(text) == nil)
    }

    @Test func theRunnerNamesEveryBenchmarkItPlans() {
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = .standard
        let runner = try! BenchmarkRunner(configuration, progress: { _ in })
        for workload in BenchmarkSuite.standard.interactionWorkloads {
            for engine in BenchmarkEngine.allCases {
                for text in BenchmarkRunner.interactionNames(workload.benchmarkName(.query, engine: engine, threads: 1), pinned: true, adaptive: true) {
                    let name = BenchmarkName(text)
                    #expect(name?.engine == engine && name?.workload.hasPrefix(workload.nameParameters) == true, "\(text)")
                }
            }
        }
        #expect(runner.plannedBenchmarkCount() > 0)
        #expect(FloorBenchmark.name(for: BenchmarkSuite.standard.prepareWorkloads[0]).hasPrefix("floor/placement:"))
    }
}

/// Instruction mode counts no cold lookups: callgrind counts instructions, not cache misses, and
/// the cold benchmark reported wall time under valgrind in its place.
@Suite struct InstructionModeSelectionTests {
    @Test func coldLookupsAreSkippedWithTheReason() throws {
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = .smoke
        configuration.metric = .instructions
        configuration.engines = [.optimized]
        configuration.filter = "lookup/optimized/.*paths:cold"
        configuration.repetitions = 1
        var runner = try BenchmarkRunner(configuration, progress: { _ in })
        #expect(runner.plannedBenchmarkCount() == 0)
        let outcome = runner.run()
        #expect(outcome.report.records.isEmpty)
        #expect(outcome.skipped.contains { $0.contains("paths:cold") && $0.contains(BenchmarkRunner.coldLookupsUncounted) })
    }
}
