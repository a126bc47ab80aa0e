// `masonry verify`'s matrix of large layouts, run on several thread counts and compared with the reference.
import MasonryLayout
import MasonrySupport
import MasonryWorkloads

/// `masonry verify`'s matrix: large layouts over both placements, both section modes, both tie
/// rules, headers and footers, column-width rounding, every height distribution, format v2
/// (spans, right to left, horizontal, adaptive column counts whose `setWidth` updates change
/// them, floor rounding, trailing spacing excluded), format v3 (self-sizing feeds in each
/// mode, measured at random depths) and the rare shapes (65 to 256 columns, two sections of one shape,
/// spans under every update kind), each laid
/// out by the engine under test on several thread counts and compared with the reference: every
/// frame, the content size, lookups, random, touching-edge and zero-size queries (some with open
/// edges, some pinning headers), the scroll anchors of query rects and the offsets restoring
/// them, and the layout after a random sequence of updates.
package struct VerificationSuite: Sendable {
    /// How large the matrix's layouts are.
    package typealias Size = VerificationSize

    /// One layout of the matrix.
    package struct Case: Sendable {
        package var name: String
        package var description: LayoutDescription
        /// Whether its updates measure items (format v3's feeds), every other one of them.
        var measures = false
        /// Whether its updates go through every kind in turn rather than drawing each.
        var cyclesUpdateKinds = false
    }

    /// What a run compared.
    package struct Counts: Sendable, Equatable {
        package var layouts = 0
        package var frames = 0
        package var queries = 0
        package var updates = 0
        /// Time spent comparing frames, apart from laying out and querying.
        package var comparingSeconds = 0.0
        /// The cases not checked because their descriptions use features the external engine
        /// lacks, with those features; and updates not applied for the same reason.
        package var skippedCases: [String: [EngineFeature]] = [:]
        package var skippedUpdates = 0

        /// `N layouts: name (features); …; M updates`, or nil when nothing was skipped.
        package var skippedSummary: String? {
            Self.skippedSummary(cases: skippedCases, updates: skippedUpdates)
        }

        /// The same line for the skipped `cases` and `updates` a report holds.
        package static func skippedSummary(cases skipped: [String: [EngineFeature]], updates: Int) -> String? {
            guard !skipped.isEmpty || updates > 0 else { return nil }
            let cases = skipped.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value.map(\.rawValue).joined(separator: ", ")))" }
            return "\(cases.count) layouts\(cases.isEmpty ? "" : ": " + cases.joined(separator: "; ")); \(updates) updates"
        }
    }

    /// The first mismatch, with a scenario chain that reproduces it.
    package struct Failure: Sendable {
        package var caseName: String
        /// A chain that reproduces it: the description, the updates applied so far, the query (and
        /// the description prepared again, when that is what failed).
        package var chain: ScenarioChain
        package var failure: CheckFailure
    }

    package var size: Size
    package var threads: [Int]
    package var candidate: EngineFactory
    /// The external engine under test (`--engine-command`), when it is one: it becomes the
    /// candidate, and its faults (it died, hung, answered garbage) are failures.
    package var externalEngine: ExternalEngineProcess? {
        didSet {
            guard let externalEngine else { return }
            candidate = ExternalLayoutEngine.factory(externalEngine)
            capabilities = externalEngine.hello
        }
    }
    /// What the engine under test implements, when it is not Masonry's own (an external engine's
    /// hello, a `CandidateEngine`'s declaration): a case whose description uses a feature it
    /// lacks is skipped, and so is an update that does.
    package var capabilities: EngineHello?
    /// The cases `run` takes: every one, unless a test takes a part (`Selection`).
    var selection = Selection.everyCase
    /// The part of the matrix `run` takes (`masonry verify --shard K/N`): every N-th case from
    /// the K-th, in the matrix's order.
    package var shard = Shard.whole

    package init(size: Size, threads: [Int], candidate: @escaping EngineFactory = optimizedEngineFactory) {
        self.size = size
        self.threads = threads
        self.candidate = candidate
    }

    typealias Shape = (name: String, items: Int, sections: Int, columns: Int, placement: Placement, tie: TieBreak,
                       start: SectionStart, rounding: ColumnWidthRounding, supplementary: Bool, heights: HeightDistribution)

    /// Random updates per case, each followed by a comparison.
    static let updatesPerCase = 12

    /// The kinds a case that cycles them goes through, in turn (12 updates: each at least once).
    static let updateKinds = RandomLayoutGenerator.UpdateKind.allCases

    /// Spans in an item update or an inserted section half the time (most of the time in a
    /// section that has spans: `update(for:…)`).
    static let spansInUpdates = RandomLayoutGenerator.FormatV2Rates(spans: 0.5)

    /// The calls `run` makes to its `progress` when nothing fails: per case, one per thread
    /// count and one per update. O(1): no layout is built.
    package var progressSteps: Int {
        let others = shapes().count + Self.formatV2CaseCount + Self.formatV3CaseCount + Self.layoutOptionCaseCount
        let count = switch selection {
        case .everyCase: others + Self.rareShapeCaseCount
        case .withoutRareShapes: others
        case .rareShapesOnly: Self.rareShapeCaseCount
        }
        return shard.caseCount(of: count) * (threads.count + Self.updatesPerCase)
    }

    /// The matrix of this size (the part of it `selection` and `shard` take).
    package func cases() -> [Case] {
        allCases().enumerated().compactMap { index, testCase in shard.contains(index) ? testCase : nil }
    }

    /// The matrix of this size (the part of it `selection` takes).
    private func allCases() -> [Case] {
        let (large, medium) = sizes()
        let rareShapeCases = selection == .withoutRareShapes ? [] : Self.rareShapeCases(medium: medium)
        guard selection != .rareShapesOnly else { return rareShapeCases }
        let v1Cases = shapes().enumerated().map { index, shape in
            var random = SplitMix64(seed: 0x5645_5249_4659 &+ UInt64(index))
            let width = 390.0 + Double(index) * 0.25
            let columnWidth = width / Double(shape.columns)
            let sections = (0..<shape.sections).map { section in
                let count = SectionSplit.itemCount(ofSection: section, items: shape.items, sections: shape.sections)
                return SectionDescription(
                    columns: shape.columns, inset: EdgeInsets(top: 8.5, left: 4, bottom: 6, right: 4.25),
                    columnSpacing: 3.5, itemSpacing: 2.75,
                    headerHeight: shape.supplementary ? 40.5 : 0, footerHeight: shape.supplementary ? 20 : 0,
                    itemHeights: shape.heights.heights(count: count, columnWidth: columnWidth, generator: &random))
            }
            let description = try! LayoutDescription(width: width, placement: shape.placement, tieBreak: shape.tie,
                                                     sectionStart: shape.start, columnWidthRounding: shape.rounding, sections: sections)
            return Case(name: "\(shape.name)/items:\(shape.items)/sections:\(shape.sections)/columns:\(shape.columns)", description: description)
        }
        return v1Cases + Self.formatV2Cases(large: large, medium: medium) + Self.formatV3Cases(large: large)
            + Self.layoutOptionCases(large: large, medium: medium) + rareShapeCases
    }

    /// The item counts of the matrix's large and medium layouts.
    private func sizes() -> (large: Int, medium: Int) {
        (size == .smoke ? 10_000 : size == .standard ? 1_000_000 : 10_000_000, size == .smoke ? 10_000 : 100_000)
    }

    /// The matrix's format v1 shapes, by size (the format v2 cases follow them).
    private func shapes() -> [Shape] {
        let (large, medium) = sizes()
        var shapes: [Shape] = [
            ("shortest-column", large, 1, 4, .shortestColumn, .lowestIndex, .belowLongestColumn, .none, false, .photo),
            ("round-robin", large, 1, 3, .roundRobin, .lowestIndex, .belowLongestColumn, .nearest, false, .uniform),
            ("sections-headers-footers", medium, 4096, 5, .shortestColumn, .highestIndex, .belowLongestColumn, .none, true, .heavyTailed),
            ("continue-columns-shortest", medium, 64, 2, .shortestColumn, .highestIndex, .continueColumns, .none, false, .uniform),
            ("continue-columns-round-robin", medium, 64, 3, .roundRobin, .lowestIndex, .continueColumns, .nearest, false, .photo),
            ("all-ties", medium, 16, 8, .shortestColumn, .lowestIndex, .belowLongestColumn, .none, true, .equal),
            ("zero-heights", medium, 4, 6, .shortestColumn, .highestIndex, .belowLongestColumn, .nearest, true, .zeros),
            ("many-columns", medium, 8, 37, .shortestColumn, .lowestIndex, .belowLongestColumn, .none, false, .uniform),
        ]
        if size != .smoke {
            shapes.append(("sections-large", large, 4096, 4, .shortestColumn, .lowestIndex, .belowLongestColumn, .none, true, .photo))
        }
        return shapes
    }

    /// Runs the matrix; stops at the first failure. `progress` receives each case and thread count.
    ///
    /// Per case: the engine on each thread count lays the description out and is compared with
    /// the reference (every frame, the queries); then 12 random updates, each applied to the
    /// reference and every engine and followed by a comparison of every frame and queries (random
    /// ones, and ones touching the frames near what the update changed); then each engine is
    /// prepared again with the original description (an engine that held another layout) and
    /// compared once more.
    package func run(progress: (String) -> Void = { _ in }) -> (counts: Counts, failure: Failure?) {
        var counts = Counts()
        for testCase in cases() {
            let missing = missingFeatures(EngineFeature.used(by: testCase.description))
            guard missing.isEmpty else {
                counts.skippedCases[testCase.name] = missing
                // The case's steps, so that a progress line's count still reaches its total.
                for _ in 0..<(threads.count + Self.updatesPerCase) { progress("\(testCase.name): skipped") }
                continue
            }
            var random = RandomLayoutGenerator(seed: UInt64(testCase.name.utf8.count) &* 31)
            let original = ReferenceLayoutEngine(testCase.description)
            let originalElements = allElements(of: original)
            // The reference filters every element per query: fewer queries on larger layouts; a
            // tenth as many on an external engine, whose answers cross a pipe (the Python engine
            // filters every element too: 2,000 queries of 10,000 items took it a minute).
            let (most, budget) = externalEngine == nil ? (2000, 20_000_000) : (200, 2_000_000)
            let queryCount = max(20, min(most, budget / max(1, originalElements.count)))
            let frames = originalElements.map(\.frame)
            // And one over the whole content (after the random ones, whose draws it leaves as they
            // were): random rects are at most a quarter of the content's height, and only a taller
            // one brackets more checkpoints of a round-robin section than its query counts
            // (`VerificationHooks.countedCheckpointBracket`), which the smoke suite's layouts reach
            // only so.
            let queries = (0..<queryCount).map { _ in query(random.rect(in: original.contentSize, touching: frames), &random) }
                + [LayoutQuery(Rect(x: 0, y: 0, width: original.contentSize.width, height: original.contentSize.height))]
            var engines: [any LayoutEngine] = []
            for threadCount in threads {
                progress("\(testCase.name) on \(threadCount) thread(s)")
                engines.append(candidate(testCase.description, threadCount))
                counts.layouts += 1
                if let failure = compare(engines[engines.count - 1], original, queries: queries, counts: &counts) {
                    return (counts, fail(testCase, "after prepare on \(threadCount) thread(s): \(failure.difference)", engines.last!,
                                         original, threads: threadCount, queries: failure.query.map { [$0] } ?? []))
                }
            }
            var reference = original
            var updates: [LayoutUpdate] = []
            for index in 0..<Self.updatesPerCase {
                let adaptive = reference.layoutDescription.sections.contains { $0.columnCount != .fixed($0.columns) }
                let update = adaptive && index % 4 == 2
                    ? LayoutUpdate.setWidth(testCase.description.width * Self.widthChanges[index / 4])
                    : testCase.measures && index % 2 == 0 ? Self.measurementUpdate(for: reference.layoutDescription, random: &random)
                    : testCase.cyclesUpdateKinds ? random.update(for: reference.layoutDescription, formatV2: Self.spansInUpdates,
                                                                 kind: Self.updateKinds[index % Self.updateKinds.count])
                    : random.update(for: reference.layoutDescription)
                progress("\(testCase.name): update \(index + 1) of \(Self.updatesPerCase)")
                guard missingFeatures(EngineFeature.used(by: update)).isEmpty else {
                    counts.skippedUpdates += 1
                    continue
                }
                updates.append(update)
                let referenceError = Result { () throws(LayoutError) in try reference.apply(update) }.failure
                let touching = FuzzCaseGenerator.framesNear(update, in: reference)
                let updateQueries = (0..<10).map { _ in query(random.rect(in: reference.contentSize, touching: []), &random) }
                    + touching.map { query(random.rect(touching: $0, contentWidth: reference.contentSize.width), &random) }
                for (engineIndex, threadCount) in threads.enumerated() {
                    counts.updates += 1
                    let engineError = Result { () throws(LayoutError) in try engines[engineIndex].apply(update) }.failure
                    // Written only for a failure: an update's description lists all its heights.
                    let stage = { "after updates[\(index)] (\(update)) on \(threadCount) thread(s)" }
                    if engineError != referenceError {
                        return (counts, fail(testCase, "\(stage()): the reference \(referenceError.map { "refused it: \($0)" } ?? "accepted it"), "
                                             + "the engine \(engineError.map { "refused it: \($0)" } ?? "accepted it")",
                                             engines[engineIndex], reference, threads: threadCount, updates: updates))
                    }
                    if let failure = compare(engines[engineIndex], reference, queries: updateQueries, counts: &counts) {
                        return (counts, fail(testCase, "\(stage()): \(failure.difference)", engines[engineIndex], reference,
                                             threads: threadCount, updates: updates, queries: failure.query.map { [$0] } ?? []))
                    }
                }
            }
            for (engineIndex, threadCount) in threads.enumerated() {
                engines[engineIndex].prepare(testCase.description)
                counts.layouts += 1
                if let failure = compare(engines[engineIndex], original, queries: Array(queries.prefix(100)), counts: &counts) {
                    let message = "after \(updates.count) updates and prepare again with the original description on \(threadCount) "
                        + "thread(s): \(failure.difference)"
                    return (counts, fail(testCase, message, engines[engineIndex], original, threads: threadCount, updates: updates,
                                         queries: failure.query.map { [$0] } ?? [], preparedBack: true))
                }
            }
        }
        return (counts, nil)
    }

    /// A query of `rect`: open edges a quarter of the time, pinned headers a quarter of the time.
    private func query(_ rect: Rect, _ random: inout RandomLayoutGenerator) -> LayoutQuery {
        random.query(rect, openEdges: 0.25, pinningHeaders: 0.25)
    }

    /// Compares every frame, the answers to `queries` and the anchors of their rects; the first
    /// difference, and the query when one gave it.
    private func compare(_ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine, queries: [LayoutQuery],
                         counts: inout Counts) -> (difference: String, query: LayoutQuery?)? {
        let comparing = ContinuousClock.now
        counts.frames += reference.layoutDescription.itemCount
        let difference = EngineVerifier.firstDifference(engine, reference)
        counts.comparingSeconds += comparing.secondsElapsed
        if let difference { return (difference, nil) }
        for query in queries {
            counts.queries += 1
            let expected = reference.elements(for: query)
            if let difference = EngineVerifier.firstDifference(of: engine, answering: query, expected: expected)
                ?? AnchorComparison.firstDifference(of: engine, reference, viewport: query.rect, referenceAnswer: expected) {
                return (difference, query)
            }
        }
        // An external engine that failed answers nothing: frames may still agree (an empty layout).
        if externalEngine?.hasFault == true { return ("the external engine failed", nil) }
        return nil
    }

    /// The features of `used` that the engine under test lacks, sorted; none for Masonry's engines.
    private func missingFeatures(_ used: Set<EngineFeature>) -> [EngineFeature] {
        capabilities?.missingFeatures(among: used) ?? []
    }

    /// A failure with a chain that reproduces it: the case's description, the updates so far and
    /// the query, then (when the engine was prepared again) the original description once more.
    private func fail(_ testCase: Case, _ message: String, _ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine,
                      threads: Int, updates: [LayoutUpdate] = [], queries: [LayoutQuery] = [], preparedBack: Bool = false) -> Failure {
        var scenarios = [LayoutScenario(description: testCase.description, updates: updates, queries: preparedBack ? [] : queries,
                                        threads: [threads])]
        if preparedBack { scenarios.append(LayoutScenario(description: testCase.description, queries: queries)) }
        // An external engine's fault is what went wrong; the comparison that noticed it says where.
        let fault = externalEngine?.takeFault()
        let text = fault.map { "\($0.message) (the check: \(message.prefix(200)))" } ?? message
        return Failure(caseName: testCase.name, chain: ScenarioChain(scenarios),
                       failure: CheckFailure(kind: fault?.kind ?? .mismatch, message: "\(testCase.name): \(text)", layout: reference.layoutDescription,
                                             candidateElements: fault == nil ? allElements(of: engine) : [],
                                             referenceElements: allElements(of: reference)))
    }
}
