import Foundation
import MasonryLayout
import MasonrySupport
import MasonryVerification
import MasonryWorkloads

/// Runs a suite: measures every selected benchmark over its repetitions after a warm-up, and
/// checks every engine's frames against the reference engine's wherever the reference runs.
public struct BenchmarkRunner {
    /// What to run: the suite, a name filter, the engines, thread counts, repetitions, the allocator.
    public struct Configuration: Sendable {
        public var suite: BenchmarkSuite = .standard
        /// Benchmarks whose names do not match are skipped.
        public var filter: String?
        public var engines: [BenchmarkEngine] = BenchmarkEngine.allCases
        /// When set, the optimized engine runs with this thread count only.
        public var threads: Int?
        public var repetitions = 5
        /// The process allocator, when it is jemalloc: memory and allocation counters need it.
        public var jemalloc: Jemalloc?
        /// Time, or instructions (the process must then run under callgrind, writing its profiles
        /// to `callgrindOutputFile`).
        public var metric = BenchmarkMetric.time
        /// callgrind's `--callgrind-out-file`, in instruction mode.
        public var callgrindOutputFile: String?
        /// valgrind's version, for the result file's context, in instruction mode.
        public var valgrindVersion: String?

        public init() {}
    }

    /// What a run produced: its measurements, and the mismatches verification found.
    public struct Outcome: Sendable {
        public var report: BenchmarkReport
        public var mismatches: [String]
        /// Benchmarks not run, with the reason (the reference skipped past its size limit, say).
        public var skipped: [String]
        /// Why instruction counts could not be read, when they could not: the counts are unusable.
        public var measurementProblem: String?
    }

    let configuration: Configuration
    let filter: Regex<AnyRegexOutput>?
    let progress: (String) -> Void
    /// Counts instructions instead of timing, in instruction mode.
    let instructionCounter: InstructionCounter?
    private var records: [BenchmarkRecord] = []
    private var mismatches: [String] = []
    private var skipped: [String] = []

    /// Queries per repetition by engine: the reference filters every element, so it gets few.
    static let queriesPerRepetition: [BenchmarkEngine: Int] = [.optimized: 2000, .peer: 200, .reference: 5]
    static let lookupsPerRepetition = 20_000
    static let lookupBatch = 1000
    static let viewport = (width: 390.0, height: 844.0)

    public init(_ configuration: Configuration, progress: @escaping (String) -> Void) throws {
        self.configuration = configuration
        self.progress = progress
        filter = try configuration.filter.map { try Regex($0) }
        instructionCounter = configuration.metric == .instructions
            ? InstructionCounter(outputFile: configuration.callgrindOutputFile ?? "callgrind.out") : nil
    }

    /// Whether the metric measures `workload`; records why not in `skipped` when it does not.
    private mutating func measurable(_ workload: Workload, _ operations: String) -> Bool {
        guard let largest = configuration.metric.largestWorkload, workload.items > largest else { return true }
        skipped.append("\(operations)/*/\(workload.nameParameters): --metric \(configuration.metric.rawValue) measures workloads up to \(largest) items")
        return false
    }

    private func selected(_ name: String) -> Bool {
        guard let filter else { return true }
        return (try? filter.firstMatch(in: name)) != nil
    }

    /// Runs the suite. Progress lines go to `progress`; the outcome holds the results.
    public mutating func run() -> Outcome {
        configuration.jemalloc?.applyDecaySettings()
        let suite = configuration.suite
        let allCores = ProcessInfo.processInfo.activeProcessorCount
        for workload in suite.prepareWorkloads where measurable(workload, "prepare") {
            let description = workload.makeDescription()
            let threadCounts = threadCounts(for: workload)
            let reference = referenceIfAffordable(for: workload, description: description)
            for engine in configuration.engines {
                for threads in engine == .optimized ? threadCounts : [1] {
                    let name = workload.benchmarkName(.prepare, engine: engine, threads: threads).description
                    guard selected(name) else { continue }
                    guard engine == .optimized || workload.items <= suite.largestSlowEngineWorkload else {
                        skipped.append("\(name): the \(engine.rawValue) engine is not run above \(suite.largestSlowEngineWorkload) items in the \(suite.rawValue) suite")
                        continue
                    }
                    if engine == .peer, let reason = PeerLayoutEngine.unsupportedFeature(of: description) {
                        skipped.append("\(name): \(reason)")
                        continue
                    }
                    progress(name)
                    switch engine {
                    case .reference: measurePrepare(ReferenceLayoutEngine.self, name, description, threads, reference)
                    case .peer: measurePrepare(PeerLayoutEngine.self, name, description, threads, reference)
                    case .optimized: measurePrepare(OptimizedLayoutEngine.self, name, description, threads, reference)
                    }
                    configuration.jemalloc?.purge()
                }
            }
            let floor = FloorBenchmark.name(for: workload)
            if workload.spans != nil, configuration.engines.contains(.optimized), selected(floor) {
                skipped.append("\(floor): the value-chain floor places every item in one column (a different, easier computation than spans)")
            } else if configuration.engines.contains(.optimized), selected(floor) {
                progress(floor)
                records.append(FloorBenchmark.measure(floor, description, repetitions: configuration.repetitions))
            }
        }
        for workload in suite.interactionWorkloads where measurable(workload, "query|lookup|append|update|delete") {
            let description = workload.makeDescription()
            let reference = referenceIfAffordable(for: workload, description: description)
            for engine in configuration.engines {
                let base = workload.benchmarkName(.query, engine: engine, threads: 1)
                if engine == .peer, let reason = PeerLayoutEngine.unsupportedFeature(of: description) {
                    if Self.interactionNames(base, pinned: false, adaptive: false).contains(where: selected) {
                        skipped.append("*/\(engine.rawValue)/\(base.workload): \(reason)")
                    }
                    continue
                }
                switch engine {
                case .reference: measureInteractions(ReferenceLayoutEngine.self, base, description, reference)
                case .peer: measureInteractions(PeerLayoutEngine.self, base, description, reference)
                case .optimized: measureInteractions(OptimizedLayoutEngine.self, base, description, reference)
                }
                configuration.jemalloc?.purge()
            }
        }
        let context = BenchmarkContext(
            date: ISO8601DateFormatter().string(from: Date()), hostName: ProcessInfo.processInfo.hostName,
            cpuCount: allCores, swiftVersion: Self.swiftVersion, gitCommit: Self.gitCommit(),
            jemallocVersion: configuration.jemalloc?.version ?? "not linked",
            jemallocOptions: configuration.jemalloc.map { "\(Jemalloc.decaySettings) (\($0.settings))" } ?? "not linked",
            suite: suite.rawValue, peakResidentBytes: Clock.peakResidentBytes(),
            measurement: .current(metric: configuration.metric, valgrindVersion: configuration.valgrindVersion))
        return Outcome(report: BenchmarkReport(context: context, records: records), mismatches: mismatches, skipped: skipped,
                       measurementProblem: instructionCounter?.problem)
    }

    /// The reference layout to verify against, when the reference engine runs at this size.
    private func referenceIfAffordable(for workload: Workload, description: LayoutDescription) -> ReferenceLayoutEngine? {
        workload.items <= configuration.suite.largestSlowEngineWorkload ? ReferenceLayoutEngine(description) : nil
    }

    private mutating func verify(_ engine: some LayoutEngine, against reference: ReferenceLayoutEngine?, _ name: String) {
        guard let reference, let difference = EngineVerifier.firstDifference(engine, reference) else { return }
        mismatches.append("\(name): \(difference)")
    }

    // MARK: prepare

    private mutating func measurePrepare<Engine: MeasurableEngine>(
        _: Engine.Type, _ name: String, _ description: LayoutDescription, _ threads: Int, _ reference: ReferenceLayoutEngine?
    ) {
        let items = Double(max(1, description.itemCount))
        // Memory and allocation counts of building a fresh engine (the same every repetition).
        let jemalloc = configuration.jemalloc
        let bytesBefore = jemalloc?.allocatedBytes()
        let requestsBefore = jemalloc?.allocationRequests()
        var engine = Engine(description, threads: threads)
        let bytesAfter = jemalloc?.allocatedBytes()
        let requestsAfter = jemalloc?.allocationRequests()
        verify(engine, against: reference, name)
        engine.prepare(description)  // warm-up: the timed prepares reuse the engine, as a layout does
        let samples = (0..<configuration.repetitions).map { _ in measure(name) { engine.prepare(description) } }
        blackHole(engine)
        var memory: [String: Double] = ["peak_rss_bytes": Double(Clock.peakResidentBytes())]
        if let bytesBefore, let bytesAfter { memory[BenchmarkCounter.bytesPerItem.rawValue] = Double(bytesAfter - bytesBefore) / items }
        if let requestsBefore, let requestsAfter { memory[BenchmarkCounter.mallocs.rawValue] = Double(requestsAfter - requestsBefore) }
        records.append(BenchmarkRecord(
            name: name, realTimes: samples.map(\.real), cpuTimes: samples.map(\.cpu),
            counters: samples.map { memory.merging(counters($0, items: description.itemCount)) { $1 } }, threads: threads))
    }

    // MARK: query, lookup, append, update, delete

    private mutating func measureInteractions<Engine: MeasurableEngine>(
        _: Engine.Type, _ base: BenchmarkName, _ description: LayoutDescription, _ reference: ReferenceLayoutEngine?
    ) {
        let kind = base.engine ?? .optimized
        // Pinned headers where there are headers to pin; setWidth where the column count adapts.
        let pinned = description.sections.contains { $0.headerHeight > 0 }
        let adaptive = description.sections.contains { $0.columnCount != .fixed($0.columns) }
        guard Self.interactionNames(base, pinned: pinned, adaptive: adaptive).contains(where: selected) else { return }
        var engine = Engine(description, threads: 1)
        var random = SplitMix64(seed: 0x51_5545_5259)
        let contentHeight = engine.contentSize.height
        let rectKinds = [("viewport", Self.viewport.height, false), ("tall", 3 * Self.viewport.height, false), ("scroll", Self.viewport.height, false)]
            + (pinned ? [("viewport", Self.viewport.height, true)] : [])
        for (rectName, height, pinsHeaders) in rectKinds {
            let name = pinsHeaders ? base.measuring(.query, "rect:\(rectName)", "pinned:true") : base.measuring(.query, "rect:\(rectName)")
            guard selected(name) else { continue }
            if pinsHeaders, kind == .peer {
                skipped.append("\(name): \(PeerLayoutEngine.unsupportedPinnedHeaders)")
                continue
            }
            progress(name)
            // The plain query calls `elements(in:)`, as before pinned headers existed.
            let query = { (rect: Rect) in pinsHeaders ? engine.elements(in: rect, edges: .closed, pinningHeaders: true) : engine.elements(in: rect) }
            let count = Self.queriesPerRepetition[kind]!
            let rects = rectName == "scroll"
                ? ScrollAndColdLookupBenchmarks.scrollingRects(count: count * (configuration.repetitions + 1), width: Self.viewport.width,
                                                               height: height, contentHeight: contentHeight)
                : (0..<(count * (configuration.repetitions + 1))).map { _ in
                    Rect(x: 0, y: random.unitDouble() * max(0, contentHeight - height), width: Self.viewport.width, height: height)
                }
            if let reference {
                for rect in rects.prefix(3) {
                    let expected = reference.elements(in: rect, edges: .closed, pinningHeaders: pinsHeaders)
                    if let difference = EngineVerifier.firstDifference(in: rect, query(rect), expected) {
                        mismatches.append("\(name): \(difference)")
                    }
                }
            }
            for rect in rects.prefix(count) { blackHole(query(rect)) }  // warm-up
            let timerCost = Self.timerCost()
            var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
            for repetition in 1...configuration.repetitions {
                if countsInstructions {
                    // One region per repetition, the same queries each time (so counts repeat exactly),
                    // without the per-query clock reads.
                    // The choice outside the counted loop: inside it, it cost the plain query 14
                    // instructions (3,621 -> 3,635 per viewport query at 100K items).
                    var hits = 0
                    let counted = rects[count..<(2 * count)]
                    let sample = pinsHeaders
                        ? measure(name, calls: count) { for rect in counted { hits += engine.elements(in: rect, edges: .closed, pinningHeaders: true).count } }
                        : measure(name, calls: count) { for rect in counted { hits += engine.elements(in: rect).count } }
                    record.append(sample, counters: counters(sample).merging([BenchmarkCounter.hits.rawValue: Double(hits) / Double(count)]) { $1 })
                    continue
                }
                var latencies: [Double] = []
                var hits = 0
                let cpu = Clock.cpu()
                for rect in rects[(repetition * count)..<((repetition + 1) * count)] {
                    let start = Clock.wall()
                    let found = query(rect)
                    latencies.append(max(0, Clock.wall() - start - timerCost))
                    hits += found.count
                }
                let statistics = SampleStatistics(latencies)
                let cpuPerQuery = (Clock.cpu() - cpu) / Double(count)
                record.realTimes.append(statistics.median)
                record.cpuTimes.append(cpuPerQuery)
                record.counters.append([BenchmarkCounter.p50.rawValue: statistics.median, BenchmarkCounter.p90.rawValue: statistics.p90,
                                        BenchmarkCounter.p99.rawValue: statistics.p99, BenchmarkCounter.max.rawValue: statistics.maximum,
                                        BenchmarkCounter.hits.rawValue: Double(hits) / Double(count)])
            }
            records.append(record)
        }
        let lookup = base.measuring(.lookup)
        if selected(lookup) {
            progress(lookup)
            let paths = (0..<Self.lookupsPerRepetition).map { _ in
                let section = Int(random.next() % UInt64(description.sections.count))
                let items = max(1, description.sections[section].itemHeights.count)
                return ItemIndexPath(section: section, item: Int(random.next() % UInt64(items)))
            }
            var record = BenchmarkRecord(name: lookup, realTimes: [], cpuTimes: [], counters: [], threads: 1)
            for repetition in 0...configuration.repetitions {
                var batches: [Double] = []
                var found = 0.0
                if countsInstructions {
                    let sample = measure(lookup, calls: paths.count) { for path in paths { found += ScrollAndColdLookupBenchmarks.consume(engine.frame(ofItemAt: path)) } }
                    blackHole(found)
                    if repetition > 0 { record.append(sample, counters: counters(sample)) }
                    continue
                }
                let cpu = Clock.cpu()
                // Lookups take nanoseconds: each sample times a batch and divides.
                for start in stride(from: 0, to: paths.count, by: Self.lookupBatch) {
                    let wall = Clock.wall()
                    for path in paths[start..<(start + Self.lookupBatch)] { found += ScrollAndColdLookupBenchmarks.consume(engine.frame(ofItemAt: path)) }
                    batches.append((Clock.wall() - wall) / Double(Self.lookupBatch))
                }
                blackHole(found)
                guard repetition > 0 else { continue }  // the first pass is the warm-up
                record.realTimes.append(SampleStatistics(batches).median)
                record.cpuTimes.append((Clock.cpu() - cpu) / Double(paths.count))
                record.counters.append([:])
            }
            records.append(record)
        }
        let coldLookup = base.measuring(.lookup, "paths:cold")
        if selected(coldLookup), countsInstructions {
            // Fresh paths cost what warm ones do in instructions: callgrind counts instructions,
            // not cache misses, so the cold benchmark has nothing of its own to count.
            skipped.append("\(coldLookup): \(Self.coldLookupsUncounted)")
        } else if selected(coldLookup) {
            progress(coldLookup)
            records.append(ScrollAndColdLookupBenchmarks.measureColdLookups(
                engine, name: coldLookup, count: Self.lookupsPerRepetition, batch: Self.lookupBatch,
                repetitions: configuration.repetitions, random: &random))
        }
        measureUpdates(&engine, base, description, reference, &random)
    }

    /// Appending 1,000 items, changing one height in the middle, deleting a section: each timed
    /// alone, then undone untimed so every repetition starts from the same layout.
    private mutating func measureUpdates<Engine: MeasurableEngine>(
        _ engine: inout Engine, _ base: BenchmarkName, _ description: LayoutDescription,
        _ reference: ReferenceLayoutEngine?, _ random: inout SplitMix64
    ) {
        let middle = description.sections.count / 2
        let middleItems = description.sections[middle].itemHeights.count
        let page = HeightDistribution.uniform.heights(count: 1000, columnWidth: 90, generator: &random)
        let operations: [(operation: BenchmarkOperation, timed: LayoutUpdate, undo: LayoutUpdate)] = [
            (.append, .appendItems(section: middle, heights: page),
             .deleteItems(section: middle, range: middleItems..<(middleItems + page.count))),
            (.update, .setItemHeights(section: middle, startingAt: middleItems / 2, heights: [333]),
             .setItemHeights(section: middle, startingAt: middleItems / 2, heights: [description.sections[middle].itemHeights[middleItems / 2]])),
            (.delete, .deleteSection(at: middle), .insertSection(description.sections[middle], at: middle)),
        ] + (description.sections.contains { $0.columnCount != .fixed($0.columns) }
            // From the widened width back to the workload's (the warm-up's undo widens it first): the
            // column counts change, and the result is the layout `prepare` makes, so the two compare.
            ? [(.setWidth, .setWidth(description.width), .setWidth(Workload.widenedWidth))] : [])
        for operation in operations {
            let name = base.measuring(operation.operation)
            guard selected(name) else { continue }
            progress(name)
            var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
            for repetition in 0...configuration.repetitions {
                let sample = measure(name) { try! engine.apply(operation.timed) }
                // Where the reference runs at this size, verify the updated layout against a fresh
                // reference layout of the same description.
                if repetition == 0, reference != nil,
                   let difference = EngineVerifier.firstDifference(engine, ReferenceLayoutEngine(engine.layoutDescription)) {
                    mismatches.append("\(name): \(difference)")
                }
                try! engine.apply(operation.undo)
                guard repetition > 0 else { continue }  // the first is the warm-up (and owns the arrays)
                record.append(sample, counters: counters(sample, items: operation.operation == .append ? page.count : nil))
            }
            records.append(record)
        }
    }

    /// The benchmarks `measureInteractions` runs for one engine and workload (`base`'s), in
    /// order: pinned-header queries where the layout has headers, `setWidth` where its column
    /// count adapts to the width.
    static func interactionNames(_ base: BenchmarkName, pinned: Bool, adaptive: Bool) -> [String] {
        [base.measuring(.query, "rect:viewport"), base.measuring(.query, "rect:tall"), base.measuring(.query, "rect:scroll"),
         base.measuring(.lookup), base.measuring(.lookup, "paths:cold"), base.measuring(.append), base.measuring(.update),
         base.measuring(.delete)]
            + (adaptive ? [base.measuring(.setWidth)] : []) + (pinned ? [base.measuring(.query, "rect:viewport", "pinned:true")] : [])
    }

    /// Why instruction mode skips `lookup/…/paths:cold`.
    static let coldLookupsUncounted = "instruction mode counts instructions, not cache misses: a cold lookup counts as a warm one"

    /// The optimized engine's thread counts for a prepare of `workload`.
    private func threadCounts(for workload: Workload) -> [Int] {
        configuration.threads.map { [$0] }
            ?? (workload.sections > 1 ? ThreadCounts.standard : [1])
    }

    /// How many benchmarks `run()` will measure (how often it calls `progress`), for a progress
    /// line's `n/total`. Follows `run()`'s selection without building a layout: O(benchmarks).
    public func plannedBenchmarkCount() -> Int {
        let suite = configuration.suite
        let fits = { (workload: Workload) in configuration.metric.largestWorkload.map { workload.items <= $0 } ?? true }
        var count = 0
        // What the peer cannot lay out (PeerLayoutEngine.unsupportedFeature), from the workload alone.
        let peerSkips = { (workload: Workload) in workload.spans != nil || workload.minColumnWidth != nil }
        for workload in suite.prepareWorkloads where fits(workload) {
            for engine in configuration.engines where engine == .optimized || workload.items <= suite.largestSlowEngineWorkload {
                guard engine != .peer || !peerSkips(workload) else { continue }
                count += (engine == .optimized ? threadCounts(for: workload) : [1]).count {
                    selected(workload.benchmarkName(.prepare, engine: engine, threads: $0).description)
                }
            }
            if workload.spans == nil, configuration.engines.contains(.optimized), selected(FloorBenchmark.name(for: workload)) { count += 1 }
        }
        for workload in suite.interactionWorkloads where fits(workload) {
            for engine in configuration.engines where engine != .peer || !peerSkips(workload) {
                // Headers exactly when there are several sections (Workload.makeDescription); the peer pins none.
                count += Self.interactionNames(workload.benchmarkName(.query, engine: engine, threads: 1),
                                               pinned: workload.sections > 1 && engine != .peer,
                                               adaptive: workload.minColumnWidth != nil)
                    .count { selected($0) && !(configuration.metric == .instructions && $0.hasSuffix("/paths:cold")) }
            }
        }
        return count
    }

    /// The median cost of reading the clock twice, subtracted from per-query latencies.
    private static func timerCost() -> Double {
        SampleStatistics((0..<1000).map { _ in
            let start = Clock.wall()
            return Clock.wall() - start
        }).median
    }

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
    public static func gitCommit() -> String {
        GitCommit.current() ?? "unknown"
    }
}
