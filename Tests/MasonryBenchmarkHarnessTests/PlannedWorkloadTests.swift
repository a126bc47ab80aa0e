// Tests of a planned workload's skip lines: the whole workload's, an engine's, and one benchmark's.
@testable import MasonryBenchmarkHarness
import Testing

/// A planned workload's skip lines: the whole workload's, an engine's for all its benchmarks, or
/// one benchmark's.
@Suite struct PlannedWorkloadTests {
    static let workload = Workload(placement: .shortestColumn, items: 1000, sections: 1, columns: 4)

    @Test(arguments: [(PlannedWorkload.Role.prepare, "prepare"), (.interactions, "query|lookup|append|update|delete")])
    func aSkippedWorkloadIsOneLineNamingItsOperations(role: PlannedWorkload.Role, operations: String) {
        let planned = PlannedWorkload(workload: Self.workload, role: role, skipReason: "too big", engineGroups: [])
        #expect(planned.skipped == ["\(operations)/*/placement:shortestColumn/items:1000/sections:1/columns:4: too big"])
    }

    @Test func aSkippedEngineIsOneLineAndSkippedBenchmarksOneEach() {
        let base = Self.workload.benchmarkName(.query, engine: .optimized, threads: 1)
        let groups = [
            PlannedWorkload.EngineGroup(engine: .peer, skipReason: "no such feature", benchmarks: []),
            PlannedWorkload.EngineGroup(engine: .optimized, skipReason: nil, benchmarks: [
                PlannedBenchmark(name: base.measuring(.lookup), skipReason: nil, body: .lookup),
                PlannedBenchmark(name: base.measuring(.lookup, "paths:cold"), skipReason: "not counted", body: .coldLookup),
            ]),
        ]
        let planned = PlannedWorkload(workload: Self.workload, role: .interactions, skipReason: nil, engineGroups: groups)
        #expect(planned.skipped == [
            "*/peer/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1: no such feature",
            "lookup/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1/paths:cold: not counted",
        ])
    }
}
