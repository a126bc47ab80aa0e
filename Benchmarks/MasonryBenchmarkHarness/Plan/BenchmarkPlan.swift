// The plan of a run: every benchmark it measures or skips, in order, and every rule that skips one.
import MasonryVerification
import MasonryWorkloads

/// What a run measures and skips, and in which order: built once from the configuration, before
/// any layout is built, and run by `BenchmarkRunner`; its count is the progress lines' total and
/// its skip lines the run's. Every rule that skips a benchmark is here. O(benchmarks).
struct BenchmarkPlan {
    /// The prepare workloads, then the interaction workloads, in the suite's order.
    let workloads: [PlannedWorkload]

    /// Why instruction mode skips `lookup/…/paths:cold`.
    static let coldLookupsUncounted = "instruction mode counts instructions, not cache misses: a cold lookup counts as a warm one"

    /// Why the floor of a workload with spans is skipped.
    static let floorHasNoSpans = "the value-chain floor places every item in one column (a different, easier computation than spans)"
    static let floorIsTimed = "the floor is a wall-time yardstick (under valgrind the clock is not the machine's): run it with --metric time"

    /// Why an engine from outside Masonry (a program, or a Swift engine of another package) runs
    /// no lookups and no sessions: it is measured one call at a time, as the protocol allows.
    static let externalLookupsUntimed = "the engine protocol times prepare, apply and query (an outside engine, a Swift one too, is measured by those calls): a frame request's answer carries no time"
    static let externalSessionsInProcess = "scrolling sessions run frame by frame on Masonry's own engines: the engine protocol, by which outside engines are measured, has no frame loop"

    /// The plan of `configuration`'s run, with the benchmarks whose names `selected` accepts.
    init(_ configuration: BenchmarkRunner.Configuration, selecting selected: (String) -> Bool) {
        let suite = configuration.suite
        workloads = suite.prepareWorkloads.map { Self.prepares(of: $0, configuration, selected) }
            + suite.interactionWorkloads.map { Self.interactions(of: $0, configuration, selected) }
            + suite.sessionWorkloads.map { Self.sessions(of: $0, configuration, selected) }
    }

    /// Every benchmark the filter selects, run or skipped, in order.
    var benchmarks: [PlannedBenchmark] {
        workloads.flatMap { $0.engineGroups.flatMap(\.benchmarks) }
    }

    /// How many benchmarks the run measures (one progress line each).
    var count: Int { benchmarks.count(where: \.runs) }

    /// The run's skip lines, in order.
    var skipped: [String] { workloads.flatMap(\.skipped) }

    /// Why `metric` measures no benchmark of `workload`, or nil.
    private static func sizeLimit(_ workload: Workload, _ metric: BenchmarkMetric) -> String? {
        guard let largest = metric.largestWorkload, workload.items > largest else { return nil }
        return "--metric \(metric.rawValue) measures workloads up to \(largest) items"
    }

    /// `workload`'s part of the plan, every benchmark skipped in one line, when it is past the
    /// metric's size limit; nil otherwise.
    private static func pastSizeLimit(_ workload: Workload, _ role: PlannedWorkload.Role, _ metric: BenchmarkMetric) -> PlannedWorkload? {
        sizeLimit(workload, metric).map { PlannedWorkload(workload: workload, role: role, skipReason: $0, engineGroups: []) }
    }

    private static func prepares(
        of workload: Workload, _ configuration: BenchmarkRunner.Configuration, _ selected: (String) -> Bool
    ) -> PlannedWorkload {
        if let skipped = pastSizeLimit(workload, .prepare, configuration.metric) { return skipped }
        let suite = configuration.suite
        var groups = configuration.engines.map { engine in
            let skipReason = engine != .optimized && workload.items > suite.largestSlowEngineWorkload
                ? "the \(engine.rawValue) engine is not run above \(suite.largestSlowEngineWorkload) items in the \(suite.rawValue) suite"
                : engine == .peer ? PeerLayoutEngine.unsupportedFeature(of: workload)
                : engine == .external ? ExternalEngineBenchmarks.skipReason(workload, on: configuration.externalEngine!.hello) : nil
            let threadCounts = engine == .optimized ? threadCounts(for: workload, configuration) : [1]
            let benchmarks = threadCounts.map { threads in
                PlannedBenchmark(name: workload.benchmarkName(.prepare, engine: engine, threads: threads), skipReason: skipReason,
                                 body: .prepare(threads: threads))
            }
            return PlannedWorkload.EngineGroup(engine: engine, skipReason: nil, benchmarks: benchmarks.filter { selected($0.name.description) })
        }
        let floor = FloorBenchmark.name(for: workload)
        if configuration.engines.contains(.optimized), selected(floor.description) {
            let skipReason = configuration.metric == .instructions ? floorIsTimed : workload.spans != nil ? floorHasNoSpans : nil
            let floorBenchmark = PlannedBenchmark(name: floor, skipReason: skipReason, body: .floor)
            groups.append(PlannedWorkload.EngineGroup(engine: nil, skipReason: nil, benchmarks: [floorBenchmark]))
        }
        return PlannedWorkload(workload: workload, role: .prepare, skipReason: nil, engineGroups: groups)
    }

    /// The optimized engine's thread counts for a prepare of `workload`.
    private static func threadCounts(for workload: Workload, _ configuration: BenchmarkRunner.Configuration) -> [Int] {
        configuration.threads.map { [$0] } ?? (workload.sections > 1 ? ThreadCounts.standard : [1])
    }

    private static func interactions(
        of workload: Workload, _ configuration: BenchmarkRunner.Configuration, _ selected: (String) -> Bool
    ) -> PlannedWorkload {
        if let skipped = pastSizeLimit(workload, .interactions, configuration.metric) { return skipped }
        let groups = configuration.engines.compactMap { engine -> PlannedWorkload.EngineGroup? in
            let base = workload.benchmarkName(.query, engine: engine, threads: 1)
            if let reason = engine == .peer ? PeerLayoutEngine.unsupportedFeature(of: workload)
                : engine == .external ? externalSkipReason(workload, configuration) : nil {
                // One line for all, where the filter selects any of the benchmarks every workload has.
                let plain = interactions(base, pinned: false, adaptive: false, metric: configuration.metric)
                return plain.contains { selected($0.name.description) } ? PlannedWorkload.EngineGroup(engine: engine, skipReason: reason, benchmarks: []) : nil
            }
            var benchmarks = interactions(base, pinned: workload.hasHeaders, adaptive: workload.minColumnWidth != nil, metric: configuration.metric)
            if engine == .external { benchmarks = benchmarks.map { externalRule($0, configuration.externalEngine!.hello) } }
            return PlannedWorkload.EngineGroup(engine: engine, skipReason: nil, benchmarks: benchmarks.filter { selected($0.name.description) })
        }
        return PlannedWorkload(workload: workload, role: .interactions, skipReason: nil, engineGroups: groups)
    }

    /// Each engine's sessions of `workload` (`sessions(of:on:in:)`).
    private static func sessions(
        of workload: Workload, _ configuration: BenchmarkRunner.Configuration, _ selected: (String) -> Bool
    ) -> PlannedWorkload {
        if let skipped = pastSizeLimit(workload, .session, configuration.metric) { return skipped }
        return PlannedWorkload(workload: workload, role: .session, skipReason: nil, engineGroups: configuration.engines.map { engine in
            PlannedWorkload.EngineGroup(engine: engine, skipReason: nil,
                                        benchmarks: sessions(of: workload, on: engine, in: configuration.suite).filter { selected($0.name.description) })
        })
    }

    /// One engine's sessions of `workload`, one per `SessionVariant`; the reference and peer
    /// engines run `slowEngineSessionFrames` frames, and the peer has no `keepColumns`.
    private static func sessions(of workload: Workload, on engine: BenchmarkEngine, in suite: BenchmarkSuite) -> [PlannedBenchmark] {
        let base = workload.benchmarkName(.session, engine: engine, threads: 1)
        let frames = engine == .optimized ? suite.sessionFrames : suite.slowEngineSessionFrames
        let skipReason = engine == .peer ? PeerLayoutEngine.unsupportedFeature(of: workload)
            : engine == .external ? externalSessionsInProcess : nil
        return SessionVariant.all.map { variant in
            let keepsColumns = engine == .peer && variant.remeasure == .keepColumns
            return PlannedBenchmark(name: variant.name(base), skipReason: skipReason ?? (keepsColumns ? PeerLayoutEngine.unsupportedKeepColumns : nil),
                                    body: .session(variant, frames: frames))
        }
    }

    /// Why the outside engine runs none of `workload`'s interactions: past the slow engines'
    /// size, or a feature it lacks, or it does not time its work.
    private static func externalSkipReason(_ workload: Workload, _ configuration: BenchmarkRunner.Configuration) -> String? {
        let suite = configuration.suite
        guard workload.items <= suite.largestSlowEngineWorkload else {
            return "the external engine is not run above \(suite.largestSlowEngineWorkload) items in the \(suite.rawValue) suite"
        }
        return ExternalEngineBenchmarks.skipReason(workload, on: configuration.externalEngine!.hello)
    }

    /// An interaction benchmark as an outside engine runs it: lookups are not timed by the
    /// protocol, and what its hello declares unsupported is skipped (pinned headers, an update kind).
    private static func externalRule(_ benchmark: PlannedBenchmark, _ hello: EngineHello) -> PlannedBenchmark {
        let needs: [EngineFeature] = switch benchmark.body {
        case .query(_, let pinsHeaders): pinsHeaders ? [.pinHeaders] : []
        case .update(.append): [.appendItems, .deleteItems]
        case .update(.update): [.setItemHeights]
        case .update(.delete): [.deleteSection, .insertSection]
        case .update(.setWidth): [.setWidth]
        default: []
        }
        let missing = needs.filter { !hello.supports($0) }
        let reason = switch benchmark.body {
        case .lookup, .coldLookup: externalLookupsUntimed
        default: missing.isEmpty ? nil : "the engine (\(hello.engine)) lacks \(missing.map(\.rawValue).joined(separator: ", "))"
        }
        return PlannedBenchmark(name: benchmark.name, skipReason: benchmark.skipReason ?? reason, body: benchmark.body)
    }

    /// One engine's interaction benchmarks of a workload (`base`'s), in the order they run: the
    /// pinned-header query where the layout has headers, `setWidth` where its column count adapts.
    private static func interactions(_ base: BenchmarkName, pinned: Bool, adaptive: Bool, metric: BenchmarkMetric) -> [PlannedBenchmark] {
        let queries = PlannedBenchmark.QueryRect.allCases.map { rect in
            PlannedBenchmark(name: base.measuring(.query, "rect:\(rect.rawValue)"), skipReason: nil, body: .query(rect, pinsHeaders: false))
        }
        let pinnedQuery = PlannedBenchmark(
            name: base.measuring(.query, "rect:viewport", "pinned:true"),
            skipReason: base.engine == .peer ? PeerLayoutEngine.unsupportedPinnedHeaders : nil, body: .query(.viewport, pinsHeaders: true))
        let lookups = [
            PlannedBenchmark(name: base.measuring(.lookup), skipReason: nil, body: .lookup),
            // Fresh paths cost what warm ones do in instructions: callgrind counts instructions,
            // not cache misses, so the cold benchmark has nothing of its own to count.
            PlannedBenchmark(name: base.measuring(.lookup, "paths:cold"), skipReason: metric == .instructions ? coldLookupsUncounted : nil,
                             body: .coldLookup),
        ]
        let updates = [BenchmarkOperation.append, .update, .delete] + (adaptive ? [.setWidth] : [])
        return queries + (pinned ? [pinnedQuery] : []) + lookups
            + updates.map { PlannedBenchmark(name: base.measuring($0), skipReason: nil, body: .update($0)) }
    }
}
