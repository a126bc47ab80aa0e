// Runs a suite's plan through the run's measurer and checks every engine's frames against the reference.
import Foundation
import MasonryLayout
import MasonrySupport
import MasonryVerification
import MasonryWorkloads

/// Runs a suite: measures every benchmark of its plan (`BenchmarkPlan`) over its repetitions after
/// a warm-up, through the run's measurer (time or instructions), and checks every engine's frames
/// against the reference engine's wherever the reference runs.
package struct BenchmarkRunner {
    /// What to run: the suite, a name filter, the engines, thread counts, repetitions, the allocator.
    package struct Configuration: Sendable {
        package var suite: BenchmarkSuite = .standard
        /// Benchmarks whose names do not match are skipped.
        package var filter: String?
        package var engines: [BenchmarkEngine] = BenchmarkEngine.inProcess
        /// The engine `.external` stands for (a program, `--engine-command`, or a Swift engine of
        /// another package); `.external` in `engines` needs it.
        package var externalEngine: ExternalBenchmarkEngine?
        /// When set, the optimized engine runs with this thread count only.
        package var threads: Int?
        package var repetitions = 5
        /// The process allocator, when it is jemalloc: memory and allocation counters need it.
        package var jemalloc: Jemalloc?
        /// Time, or instructions (the process must then run under callgrind, writing its profiles
        /// to `callgrindOutputFile`).
        package var metric = BenchmarkMetric.time
        /// callgrind's `--callgrind-out-file`, in instruction mode.
        package var callgrindOutputFile: String?
        /// valgrind's version, for the result file's context, in instruction mode.
        package var valgrindVersion: String?

        package init() {}
    }

    /// What a run produced: its measurements, and the mismatches verification found.
    package struct Outcome: Sendable {
        package var report: BenchmarkReport
        package var mismatches: [String]
        /// Benchmarks not run, with the reason (the reference skipped past its size limit, say).
        package var skipped: [String]
        /// Why instruction counts could not be read, when they could not: the counts are unusable.
        package var measurementProblem: String?
    }

    let configuration: Configuration
    let progress: (String) -> Void
    /// What the run measures and skips, in order.
    let plan: BenchmarkPlan
    private var records: [BenchmarkRecord] = []
    private var mismatches: [String] = []

    /// Queries per repetition by engine: the reference filters every element, so it gets few.
    static let queriesPerRepetition: [BenchmarkEngine: Int] = [.optimized: 2000, .peer: 200, .reference: 5, .external: 20]
    static let lookupsPerRepetition = 20_000
    static let lookupBatch = 1000
    static let viewport = (width: 390.0, height: 844.0)

    /// Plans the run; throws when the filter is not a regular expression. O(benchmarks).
    package init(_ configuration: Configuration, progress: @escaping (String) -> Void) throws {
        self.configuration = configuration
        self.progress = progress
        let filter = try configuration.filter.map { try Regex($0) }
        plan = BenchmarkPlan(configuration) { name in filter.map { (try? $0.firstMatch(in: name)) != nil } ?? true }
    }

    /// How many benchmarks `run()` will measure (how often it calls `progress`), for a progress
    /// line's `n/total`: the plan's count. O(benchmarks).
    package func plannedBenchmarkCount() -> Int {
        plan.count
    }

    /// Runs the plan. Progress lines go to `progress`; the outcome holds the results.
    package mutating func run() -> Outcome {
        // The one choice of how to measure, outside every measured region: what follows is
        // specialized for each measurer.
        switch configuration.metric {
        case .time: run(measuringWith: WallClockMeasurer())
        case .instructions: run(measuringWith: InstructionMeasurer(outputFile: configuration.callgrindOutputFile ?? "callgrind.out"))
        }
    }

    private mutating func run<Measuring: Measurer>(measuringWith measurer: Measuring) -> Outcome {
        configuration.jemalloc?.applyDecaySettings()
        let allCores = ProcessInfo.processInfo.activeProcessorCount
        for planned in plan.workloads where planned.skipReason == nil {
            isolateAllocations()
            let description = planned.workload.makeDescription()
            // A session verifies against a reference of its own final layout instead.
            let reference = planned.role == .session ? nil : referenceIfAffordable(for: planned.workload, description: description)
            for group in planned.engineGroups where group.skipReason == nil {
                switch planned.role {
                case .prepare:
                    for benchmark in group.benchmarks where benchmark.runs {
                        runPrepare(benchmark, engine: group.engine, description, reference, measurer)
                    }
                case .interactions:
                    guard let engine = group.engine else { continue }
                    if group.benchmarks.contains(where: \.runs) {
                        switch engine {
                        case .reference: measureInteractions(ReferenceLayoutEngine.self, group.benchmarks, description, reference, measurer)
                        case .peer: measureInteractions(PeerLayoutEngine.self, group.benchmarks, description, reference, measurer)
                        case .optimized: measureInteractions(OptimizedLayoutEngine.self, group.benchmarks, description, reference, measurer)
                        case .external: measureExternalInteractions(group.benchmarks, description, reference)
                        }
                    }
                    configuration.jemalloc?.purge()
                case .session:
                    guard let engine = group.engine else { continue }
                    for benchmark in group.benchmarks where benchmark.runs {
                        switch engine {
                        case .reference: measureSession(ReferenceLayoutEngine.self, benchmark, description, measurer)
                        case .peer: measureSession(PeerLayoutEngine.self, benchmark, description, measurer)
                        case .optimized: measureSession(OptimizedLayoutEngine.self, benchmark, description, measurer)
                        case .external: preconditionFailure("\(benchmark.name): the plan skips an external engine's sessions")
                        }
                    }
                }
            }
        }
        let functions = measurer.functionCosts()
        for index in records.indices { records[index].functions = functions[records[index].name] }
        let context = BenchmarkContext(
            date: ISO8601DateFormatter().string(from: Date()), hostName: ProcessInfo.processInfo.hostName,
            cpuCount: allCores, swiftVersion: Self.swiftVersion, gitCommit: Self.gitCommit(),
            jemallocVersion: configuration.jemalloc?.version ?? "not linked",
            jemallocOptions: configuration.jemalloc.map { "\(Jemalloc.decaySettings) (\($0.settings))" } ?? "not linked",
            suite: configuration.suite.rawValue, peakResidentBytes: Clock.peakResidentBytes(),
            measurement: .current(metric: configuration.metric, valgrindVersion: configuration.valgrindVersion))
        return Outcome(report: BenchmarkReport(context: context, records: records), mismatches: mismatches, skipped: plan.skipped,
                       measurementProblem: measurer.problem)
    }

    /// The reference layout to verify against, when the reference engine runs at this size.
    private func referenceIfAffordable(for workload: Workload, description: LayoutDescription) -> ReferenceLayoutEngine? {
        workload.items <= configuration.suite.largestSlowEngineWorkload ? ReferenceLayoutEngine(description) : nil
    }

    /// A benchmark starts: its progress line, then its allocations isolated from what came before.
    private func begin(_ name: String) {
        progress(name)
        isolateAllocations()
    }

    /// In instruction mode, what follows allocates from a fresh jemalloc arena
    /// (`Jemalloc.moveToFreshArena`): a count then hardly depends on what the process allocated
    /// before, such as its `--out` path. Measured on the smoke suite, a run whose `--out` path was
    /// 40 bytes longer counted 21 of 46 benchmarks differently, by up to 0.46% (the peer's
    /// scrolling session); with an arena per benchmark, 7, by at most 0.0018%, under the gate's
    /// 0.01%. What is left comes from outside the allocator's arenas (the Swift runtime's caches).
    private func isolateAllocations() {
        if configuration.metric == .instructions { configuration.jemalloc?.moveToFreshArena() }
    }

    private mutating func verify(_ engine: some LayoutEngine, against reference: ReferenceLayoutEngine?, _ name: String) {
        guard let reference, let difference = EngineVerifier.firstDifference(engine, reference) else { return }
        mismatches.append("\(name): \(difference)")
    }

    // MARK: prepare

    /// One benchmark of a prepare workload: an engine's prepare (then the allocator purged), or the floor.
    private mutating func runPrepare<Measuring: Measurer>(
        _ benchmark: PlannedBenchmark, engine: BenchmarkEngine?, _ description: LayoutDescription,
        _ reference: ReferenceLayoutEngine?, _ measurer: Measuring
    ) {
        let name = benchmark.name.description
        begin(name)
        switch (benchmark.body, engine) {
        case (.prepare(let threads), .reference?): measurePrepare(ReferenceLayoutEngine.self, name, description, threads, reference, measurer)
        case (.prepare(let threads), .peer?): measurePrepare(PeerLayoutEngine.self, name, description, threads, reference, measurer)
        case (.prepare(let threads), .optimized?): measurePrepare(OptimizedLayoutEngine.self, name, description, threads, reference, measurer)
        case (.prepare, .external?): record(external.prepare(name, description, verifyingAgainst: reference))
        case (.floor, _):
            // The floor reads the clock itself; instruction mode skips it (BenchmarkPlan.floorIsTimed).
            records.append(FloorBenchmark.measure(name, description, repetitions: configuration.repetitions))
            return
        default: preconditionFailure("\(name) is not a prepare benchmark")
        }
        configuration.jemalloc?.purge()
    }

    private mutating func measurePrepare<Engine: MeasurableEngine, Measuring: Measurer>(
        _: Engine.Type, _ name: String, _ description: LayoutDescription, _ threads: Int, _ reference: ReferenceLayoutEngine?,
        _ measurer: Measuring
    ) {
        // Memory and allocation counts of building a fresh engine (the same every repetition).
        var (engine, memory) = FreshEngineMemory.build(Engine.self, description, threads: threads, jemalloc: configuration.jemalloc)
        verify(engine, against: reference, name)
        engine.prepare(description)  // warm-up: the timed prepares reuse the engine, as a layout does
        let samples = (0..<configuration.repetitions).map { _ in measurer.measure(name) { engine.prepare(description) } }
        blackHole(engine)
        memory["peak_rss_bytes"] = Double(Clock.peakResidentBytes())
        records.append(BenchmarkRecord(
            name: name, realTimes: samples.map(\.real), cpuTimes: samples.map(\.cpu),
            counters: samples.map { memory.merging(measurer.counters($0, items: description.itemCount)) { $1 } }, threads: threads))
    }

    // MARK: an engine from outside Masonry

    /// The benchmarks of the engine `.external` stands for.
    private var external: ExternalEngineBenchmarks {
        ExternalEngineBenchmarks(subject: configuration.externalEngine!, repetitions: configuration.repetitions)
    }

    private mutating func record(_ outcome: ExternalEngineBenchmarks.Outcome) {
        records += outcome.records
        mismatches += outcome.mismatches
    }

    /// The outside engine's query and update benchmarks of a workload.
    private mutating func measureExternalInteractions(_ benchmarks: [PlannedBenchmark], _ description: LayoutDescription,
                                                      _ reference: ReferenceLayoutEngine?) {
        record(external.interactions(benchmarks, description, verifyingAgainst: reference, progress: progress))
    }

    // MARK: query, lookup, append, update, delete

    /// One engine's interaction benchmarks of a workload, in order on one engine: the random
    /// generator's state carries from each to the next, so each benchmark's inputs depend on
    /// which came before it (as the selection makes them).
    private mutating func measureInteractions<Engine: MeasurableEngine, Measuring: Measurer>(
        _: Engine.Type, _ benchmarks: [PlannedBenchmark], _ description: LayoutDescription, _ reference: ReferenceLayoutEngine?,
        _ measurer: Measuring
    ) {
        isolateAllocations()
        var engine = Engine(description, threads: 1)
        var random = SplitMix64(seed: 0x51_5545_5259)
        var updates: Updates?
        for benchmark in benchmarks where benchmark.runs {
            let name = benchmark.name.description
            begin(name)
            switch benchmark.body {
            case .query(let rect, let pinsHeaders):
                let count = Self.queriesPerRepetition[benchmark.name.engine ?? .optimized]!
                measureQueries(name, &engine, rect, pinsHeaders, count: count, reference, &random, measurer)
            case .lookup:
                let paths = (0..<Self.lookupsPerRepetition).map { _ in
                    let section = Int(random.next() % UInt64(description.sections.count))
                    let items = max(1, description.sections[section].itemHeights.count)
                    return ItemIndexPath(section: section, item: Int(random.next() % UInt64(items)))
                }
                var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
                for repetition in 0...configuration.repetitions {
                    let pass = measurer.measureLookups(name, on: &engine, paths: paths, batch: Self.lookupBatch)
                    if repetition > 0 { record.append(pass.sample, counters: pass.counters) }  // the first pass is the warm-up
                }
                records.append(record)
            case .coldLookup:
                // Timed whatever the measurer: the plan skips it in instruction mode.
                records.append(ScrollAndColdLookupBenchmarks.measureColdLookups(
                    engine, name: name, count: Self.lookupsPerRepetition, batch: Self.lookupBatch,
                    repetitions: configuration.repetitions, random: &random))
            case .update(let operation):
                // The updates' page of heights comes from the generator's state after the lookups.
                let planned = updates ?? Updates(description, &random)
                updates = planned
                measureUpdate(name, operation, planned, &engine, reference, measurer)
            case .prepare, .floor, .session: preconditionFailure("\(name) is not an interaction benchmark")
            }
        }
    }

    /// The repetitions of a query benchmark, after verifying its first answers against the
    /// reference and a warm-up.
    private mutating func measureQueries<Engine: MeasurableEngine, Measuring: Measurer>(
        _ name: String, _ engine: inout Engine, _ rect: PlannedBenchmark.QueryRect, _ pinsHeaders: Bool, count: Int,
        _ reference: ReferenceLayoutEngine?, _ random: inout SplitMix64, _ measurer: Measuring
    ) {
        let rects = Self.queryRects(rect, count: count * (configuration.repetitions + 1), contentHeight: engine.contentSize.height,
                                    random: &random)
        mismatches += Self.queryMismatches(name, engine, rects, pinsHeaders: pinsHeaders, reference)
        for rect in rects.prefix(count) { blackHole(ScrollAndColdLookupBenchmarks.query(engine, rect, pinsHeaders: pinsHeaders)) }  // warm-up
        records.append(measurer.measureQueries(name, on: &engine, rects: rects, count: count, repetitions: configuration.repetitions,
                                               pinsHeaders: pinsHeaders))
    }

    /// A query benchmark's `count` rects of kind `rect` (a screen or three, at random heights, or
    /// scrolling down the content): the warm-up's and each repetition's in turn.
    static func queryRects(_ rect: PlannedBenchmark.QueryRect, count: Int, contentHeight: Double, random: inout SplitMix64) -> [Rect] {
        let height = rect.screens * viewport.height
        guard rect != .scroll else {
            return ScrollAndColdLookupBenchmarks.scrollingRects(count: count, width: viewport.width, height: height, contentHeight: contentHeight)
        }
        return (0..<count).map { _ in Rect(x: 0, y: random.unitDouble() * max(0, contentHeight - height), width: viewport.width, height: height) }
    }

    /// The first three rects' answers verified against the reference (where it runs): the mismatches.
    static func queryMismatches(_ name: String, _ engine: some LayoutEngine, _ rects: [Rect], pinsHeaders: Bool,
                                _ reference: ReferenceLayoutEngine?) -> [String] {
        guard let reference else { return [] }
        return rects.prefix(3).compactMap { rect in
            let expected = reference.elements(in: rect, edges: .closed, pinningHeaders: pinsHeaders)
            let found = ScrollAndColdLookupBenchmarks.query(engine, rect, pinsHeaders: pinsHeaders)
            return EngineVerifier.firstDifference(in: rect, found, expected).map { "\(name): \($0)" }
        }
    }

    /// An update benchmark: the update timed alone, then undone untimed so every repetition
    /// starts from the same layout; the first repetition is the warm-up (and owns the arrays).
    private mutating func measureUpdate<Engine: MeasurableEngine, Measuring: Measurer>(
        _ name: String, _ operation: BenchmarkOperation, _ updates: Updates, _ engine: inout Engine,
        _ reference: ReferenceLayoutEngine?, _ measurer: Measuring
    ) {
        let (timed, undo) = updates.timedAndUndo[operation]!
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        for repetition in 0...configuration.repetitions {
            // Counted, an update meets an allocator without free pages: a large free's cost in
            // jemalloc depends on whether the pages beside it are free (it merges them), which
            // is whatever earlier benchmarks left. The optimized section delete's count, mostly its
            // one free (its section's layout storage), was 1,852 in a whole smoke run and 7,736
            // in a filtered one; purged (and with no thread-cache collection in instruction mode,
            // `Jemalloc.countingConfiguration`), 1,680 in both and in every repetition. Not in
            // time mode: a purge there would time the kernel faulting pages back in.
            if configuration.metric == .instructions { configuration.jemalloc?.purge() }
            let sample = measurer.measure(name) { try! engine.apply(timed) }
            // Where the reference runs at this size, verify the updated layout against a fresh
            // reference layout of the same description.
            if repetition == 0, reference != nil,
               let difference = EngineVerifier.firstDifference(engine, ReferenceLayoutEngine(engine.layoutDescription)) {
                mismatches.append("\(name): \(difference)")
            }
            try! engine.apply(undo)
            guard repetition > 0 else { continue }
            record.append(sample, counters: measurer.counters(sample, items: operation == .append ? updates.page.count : nil))
        }
        records.append(record)
    }

    /// The updates of `append`, `update`, `delete` and `setWidth`, each with its undo: appending
    /// 1,000 items to the middle section, changing one height in its middle, deleting it, and
    /// from the widened width back to the workload's (the warm-up's undo widens it first: the
    /// column counts change, and the result is the layout `prepare` makes, so the two compare).
    struct Updates {
        let page: [Double]
        let timedAndUndo: [BenchmarkOperation: (timed: LayoutUpdate, undo: LayoutUpdate)]

        init(_ description: LayoutDescription, _ random: inout SplitMix64) {
            let middle = description.sections.count / 2
            let middleItems = description.sections[middle].itemHeights.count
            page = HeightDistribution.uniform.heights(count: 1000, columnWidth: 90, generator: &random)
            let changed = middleItems / 2
            timedAndUndo = [
                .append: (.appendItems(section: middle, heights: page), .deleteItems(section: middle, range: middleItems..<(middleItems + page.count))),
                .update: (.setItemHeights(section: middle, startingAt: changed, heights: [333]),
                          .setItemHeights(section: middle, startingAt: changed, heights: [description.sections[middle].itemHeights[changed]])),
                .delete: (.deleteSection(at: middle), .insertSection(description.sections[middle], at: middle)),
                .setWidth: (.setWidth(description.width), .setWidth(Workload.widenedWidth)),
            ]
        }
    }

    // MARK: session

    /// A session benchmark on a fresh engine of the variant's description (every item
    /// unmeasured), the workload's heights its true ones; then, where the reference runs at this
    /// size, the engine's final layout verified: against a fresh reference layout of its final
    /// description under `reflow`, and under `keepColumns` (whose layout depends on its history)
    /// against the reference given the same updates, where that replay costs at most
    /// `sessionReplayItemBudget` item lay-outs (the 10K-item smoke sessions; at 1M items every
    /// update would re-lay out the feed on the reference).
    private mutating func measureSession<Engine: MeasurableEngine, Measuring: Measurer>(
        _: Engine.Type, _ benchmark: PlannedBenchmark, _ measured: LayoutDescription, _ measurer: Measuring
    ) {
        guard case .session(let variant, let frames) = benchmark.body else { preconditionFailure("\(benchmark.name) is not a session") }
        let name = benchmark.name.description
        begin(name)
        let start = variant.description(of: measured)
        let trueHeights = measured.sections[0].itemHeights
        // The memory of the engine the session starts from, every item unmeasured: per mode, what
        // an app's layout holds before it has measured anything (deferred lays out nothing yet).
        let (engine, memory) = FreshEngineMemory.build(Engine.self, start, threads: 1, jemalloc: configuration.jemalloc)
        var session = ScrollingSession(engine, trueHeights: trueHeights)
        var record = measurer.measureFrames(name, count: frames) { session.frame() }
        record.counters[0].merge(session.counters) { $1 }
        record.counters[0].merge(memory) { $1 }
        // The yardstick of reflow's target (a keepColumns frame re-stacks, which placing is not).
        if variant.unmeasured == .estimated, variant.remeasure == .reflow, let suffix = record.counters[0][BenchmarkCounter.suffixItemsP99.rawValue] {
            record.counters[0][BenchmarkCounter.suffixReplaceP99.rawValue] = Self.replacingCost(of: suffix, on: session.engine, name, measurer)
        }
        // keepColumns' yardstick: the p99 frame's suffix re-stacked at the machine's limit, timed
        // (skipped when counting instructions, as the prepare floors are: BenchmarkPlan.floorIsTimed).
        if variant.unmeasured == .estimated, variant.remeasure == .keepColumns, configuration.metric == .time,
           measured.sections[0].itemSpans == nil, let suffix = record.counters[0][BenchmarkCounter.suffixItemsP99.rawValue] {
            let floors = RestackFloorBenchmark.measure(suffix: Int(suffix.rounded(.up)), of: session.engine,
                                                       repetitions: Self.restackFloorRepetitions)
            record.counters[0][BenchmarkCounter.restackChainP99.rawValue] = floors.chain
            record.counters[0][BenchmarkCounter.restackFloorP99.rawValue] = floors.restack
            if let mismatch = floors.mismatch { mismatches.append("\(name): \(mismatch)") }
        }
        records.append(record)
        if measured.itemCount <= configuration.suite.largestSlowEngineWorkload {
            switch variant.remeasure {
            case .reflow:
                verify(session.engine, against: ReferenceLayoutEngine(session.engine.layoutDescription), name)
            case .keepColumns where session.measuredRuns.count * measured.itemCount <= Self.sessionReplayItemBudget:
                var reference = ReferenceLayoutEngine(start)
                for run in session.measuredRuns {
                    try! reference.apply(ScrollingSession<Engine>.update(measuring: run, trueHeights: trueHeights))
                }
                verify(session.engine, against: reference, name)
            case .keepColumns:
                break
            }
        }
        configuration.jemalloc?.purge()
    }

    /// Re-placing `items` items at `engine`'s own prepare speed, in the same run as its session:
    /// the best of three prepares of its final description, after one on a copy of the engine
    /// (which gives the copy its own buffers), per item, times `items`.
    private static func replacingCost<Engine: MeasurableEngine, Measuring: Measurer>(
        of items: Double, on engine: Engine, _ name: String, _ measurer: Measuring
    ) -> Double {
        var engine = engine
        let description = engine.layoutDescription
        engine.prepare(description)
        let best = (0..<3).map { _ in measurer.measure(name, calls: 1) { engine.prepare(description) }.real }.min()!
        blackHole(engine)
        return best / Double(max(1, description.itemCount)) * items
    }

    /// The timed runs of each re-stack floor after a session (`RestackFloorBenchmark`), the
    /// fastest kept: a few milliseconds each at 1M items.
    static let restackFloorRepetitions = 15

    /// The most item lay-outs a `keepColumns` session's verification replays on the reference
    /// (about a second in a release build).
    static let sessionReplayItemBudget = 200_000_000

    /// The Swift compiler that built the harness.
    static var swiftVersion: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// The checkout's commit, or "unknown" outside a git checkout.
    package static func gitCommit() -> String {
        GitCommit.current() ?? "unknown"
    }
}
