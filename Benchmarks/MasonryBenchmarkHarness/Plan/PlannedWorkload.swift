// PlannedWorkload: one workload's benchmarks in a run's plan, engine by engine.
/// One workload's part of a run's plan: its prepares and floor, or its interactions, engine by engine.
struct PlannedWorkload {
    /// Which benchmarks of the workload the plan holds.
    enum Role {
        /// Each engine's prepares (each on an engine of its own), then the floor.
        case prepare
        /// Each engine's queries, lookups and updates, on one engine in order (the updates
        /// undone, the random generator's state carried from one benchmark to the next).
        case interactions
        /// Each engine's scrolling sessions, each on an engine of its own.
        case session

        /// The operations, as the skip line of a workload past the metric's limit names them.
        var operations: String {
            switch self {
            case .prepare: "prepare"
            case .interactions: "query|lookup|append|update|delete"
            case .session: "session"
            }
        }
    }

    /// One engine's benchmarks of the workload (the floor's have no engine), in the order they run.
    struct EngineGroup {
        let engine: BenchmarkEngine?
        /// Why the engine runs none of them, reported in one line `*/<engine>/<workload>: reason`
        /// (its benchmarks are then not listed), or nil.
        let skipReason: String?
        /// The benchmarks the filter selects, run or skipped.
        let benchmarks: [PlannedBenchmark]
    }

    let workload: Workload
    let role: Role
    /// Why none of its benchmarks is measured (it is past the metric's size limit), reported in one
    /// line `<operations>/*/<workload>: reason` whatever the filter, or nil.
    let skipReason: String?
    let engineGroups: [EngineGroup]

    /// The skip lines, in order: the workload's, or its engines' and benchmarks'.
    var skipped: [String] {
        if let skipReason { return ["\(role.operations)/*/\(workload.nameParameters): \(skipReason)"] }
        return engineGroups.flatMap { group in
            if let reason = group.skipReason, let engine = group.engine {
                return ["*/\(engine.rawValue)/\(workload.benchmarkName(.query, engine: engine, threads: 1).workload): \(reason)"]
            }
            return group.benchmarks.compactMap { benchmark in benchmark.skipReason.map { "\(benchmark.name): \($0)" } }
        }
    }
}
