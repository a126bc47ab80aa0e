// The differential check of a scenario chain: the engine under test against the reference after each step.
@_spi(Verification) import MasonryLayout

/// The differential check: lays a scenario chain out with the engine under test and with the
/// reference, applies the updates to both, prepares later descriptions on the same engine, and
/// compares everything after each step (content size, every frame, lookups past the end, the
/// scenario's rect queries, the scroll anchor of each query's rect and the offset restoring it,
/// refusals, the scenario's anchor steps) bit for bit, then checks the layout invariants (and
/// that a followed anchor keeps its item, `AnchorSteps`), and that a copy of Masonry's engine
/// taken before the first re-prepare keeps the layout it had.
///
/// Cost per step: O(elements log elements + queries × elements) (the reference filters every
/// element per query; its anchor of the query's rect is read from that answer).
package struct ScenarioChecker: Sendable {
    package var candidate: EngineFactory
    /// The optimized engine's threading threshold during a check (nil: the engine's own, 16,384
    /// items). The fuzzer lowers it so that small cases take the threaded path too.
    package var minimumItemsForThreads: Int?
    /// How both engines' anchors are followed through a scenario's updates, held to the
    /// item-identity rule (`AnchorSteps`): the library's `adjusted(for:in:)` but in the
    /// verifier's own tests.
    package var anchorFollower: AnchorFollower = libraryAnchorFollower
    /// The external engine under test (`--engine-command`), when it is one: its faults (it died,
    /// hung, answered garbage) are the check's failures.
    package var externalEngine: ExternalEngineProcess?
    /// What the engine under test implements, when it is not Masonry's own (an external engine's
    /// hello, a `CandidateEngine`'s declaration): chains that use a feature it lacks are not
    /// checked (`missingFeatures(of:)`).
    package var capabilities: EngineHello?

    /// The threshold the fuzzer checks with: most multi-section cases on more than one thread
    /// are laid out in parallel batches, the smallest ones on one thread.
    package static let fuzzingMinimumItemsForThreads = 64

    package init(candidate: @escaping EngineFactory = optimizedEngineFactory, minimumItemsForThreads: Int? = nil) {
        self.candidate = candidate
        self.minimumItemsForThreads = minimumItemsForThreads
    }

    /// The check of an external engine (`--engine-command`) against the reference.
    package static func external(_ process: ExternalEngineProcess) -> ScenarioChecker {
        var checker = ScenarioChecker(candidate: ExternalLayoutEngine.factory(process))
        checker.externalEngine = process
        checker.capabilities = process.hello
        return checker
    }

    /// The check of a Swift engine of another package (`CandidateEngine`) against the reference.
    package static func candidate(_ engine: CandidateEngine) -> ScenarioChecker {
        var checker = ScenarioChecker(candidate: engine.factory)
        checker.capabilities = engine.capabilities
        return checker
    }

    /// The features `chain` uses that the engine under test lacks, by name: a check passes it
    /// unchecked. Empty for Masonry's own engines. O(items × updates) for another engine.
    package func missingFeatures(of chain: ScenarioChain) -> [EngineFeature] {
        capabilities?.missingFeatures(of: chain) ?? []
    }

    /// The first failure of `scenario` on `threads` threads, or nil when the engines agree.
    package func check(_ scenario: LayoutScenario, threads: Int) -> CheckFailure? {
        check(ScenarioChain(scenario), threads: threads)
    }

    /// The first failure of `chain` on `threads` threads, or nil when the engines agree (or
    /// the engine under test lacks a feature `chain` uses).
    package func check(_ chain: ScenarioChain, threads: Int) -> CheckFailure? {
        guard missingFeatures(of: chain).isEmpty else { return nil }
        guard let externalEngine else {
            guard let minimumItemsForThreads else { return run(chain, threads: threads) }
            return VerificationHooks.withMinimumItemsForThreads(minimumItemsForThreads) { run(chain, threads: threads) }
        }
        let failure = run(chain, threads: threads)
        guard let fault = externalEngine.takeFault() else { return failure }
        // The fault is what went wrong; the comparison that noticed it (its answers were empty) says where.
        let description = chain.scenarios[0].description
        return CheckFailure(kind: fault.kind, message: fault.message + (failure.map { " (the check: \($0.message.prefix(200)))" } ?? ""),
                            layout: failure?.layout ?? description, candidateElements: [],
                            referenceElements: failure?.referenceElements ?? allElements(of: ReferenceLayoutEngine(description)))
    }

    private func run(_ chain: ScenarioChain, threads: Int) -> CheckFailure? {
        let first = chain.scenarios[0]
        var reference = ReferenceLayoutEngine(first.description)
        var engine = candidate(first.description, threads)
        for (link, scenario) in chain.scenarios.enumerated() {
            let name = chain.scenarios.count > 1 ? "scenario \(link): " : ""
            if link > 0 {
                let previous = reference
                // Masonry's engines are values: a copy taken before the prepare keeps its layout.
                // Held through the first re-prepare only, so that the later ones run on buffers
                // no copy shares (the optimized engine reuses them in place then).
                let copy = link == 1 && externalEngine == nil && capabilities == nil ? engine : nil
                reference = ReferenceLayoutEngine(scenario.description)
                engine.prepare(scenario.description)
                if let copy, let difference = EngineVerifier.firstDifference(copy, previous) {
                    return failure("\(name)a copy of the engine taken before this prepare: \(difference)", copy, previous)
                }
            }
            let prepared = link > 0 ? "prepare on an engine that held another layout" : "prepare"
            var anchors = AnchorSteps(scenario.anchors, follow: anchorFollower)
            let preparedStage = "\(name)after \(prepared) on \(threads) thread(s)"
            if let failure = compare(engine, reference, queries: scenario.queries, stage: preparedStage) { return failure }
            if let difference = anchors.step(applied: 0, update: nil, accepted: false, engine, reference) {
                return failure("\(preparedStage): \(difference)", engine, reference)
            }
            var accepted: [Bool] = []
            for (index, update) in scenario.updates.enumerated() {
                let kept = KeptColumns(before: update, in: engine)
                let referenceError = Result { () throws(LayoutError) in try reference.apply(update) }.failure
                if referenceError == nil, let difference = refusedBatchDifference(update, engine: &engine) {
                    return failure("\(name)before updates[\(index)] (\(update)) on \(threads) thread(s): \(difference)", engine, reference)
                }
                let engineError = Result { () throws(LayoutError) in try engine.apply(update) }.failure
                // Written only for a failure: an update's description lists its heights, and a
                // fuzz case's appends hold thousands (and libFuzzer's leak check reports the type
                // name the runtime caches for it the first time).
                let stage = { "\(name)after updates[\(index)] (\(update)) on \(threads) thread(s)" }
                guard referenceError == engineError else {
                    return failure("\(stage()): the reference \(referenceError.map { "refused it: \($0)" } ?? "accepted it"), the engine \(engineError.map { "refused it: \($0)" } ?? "accepted it")",
                                   engine, reference)
                }
                accepted.append(referenceError == nil)
                if let failure = compare(engine, reference, queries: scenario.queries, stage: stage()) { return failure }
                if engineError == nil, let violation = kept.firstViolation(after: engine) {
                    return failure("\(stage()): invariant: \(violation)", engine, reference)
                }
                if let difference = anchors.step(applied: index + 1, update: update, accepted: referenceError == nil, engine, reference) {
                    return failure("\(stage()): \(difference)", engine, reference)
                }
            }
            if let difference = anchors.restore(engine, reference) {
                return failure("\(name)after the last update on \(threads) thread(s): \(difference)", engine, reference)
            }
            if let failure = checkBatches(scenario, accepted: accepted, threads: threads, against: reference, name: name) { return failure }
        }
        return nil
    }

    /// `apply(contentsOf:)` refused: an accepted re-measure, batched with a re-measure of a
    /// section that does not exist after it, must be refused as a whole and leave the engine's
    /// description as it was. A batch that keeps the updates before its refusal is a fault no
    /// accepted batch shows (issue 24's mutant `OptimizedLayoutEngine.swift` 422, which dropped
    /// the batch's undo). Skipped for an engine that declares no batches (the tool applies its
    /// batches one by one). The refusal comes before any lay-out: O(the update + items), the
    /// description's checks and one comparison.
    private func refusedBatchDifference(_ update: LayoutUpdate, engine: inout any LayoutEngine) -> String? {
        guard Self.isRemeasure(update), capabilities?.supports(.batchUpdates) ?? true else { return nil }
        let before = engine.layoutDescription
        let missing = LayoutUpdate.setItemHeights(section: before.sections.count, startingAt: 0, heights: [1])
        let refusal = Result { () throws(LayoutError) in try engine.apply(contentsOf: [update, missing]) }.failure
        guard refusal != nil else {
            return "apply(contentsOf:) accepted it batched with \(missing)"
        }
        guard engine.layoutDescription == before else {
            return "apply(contentsOf:) refused it batched with \(missing) but kept part of the batch (the engine's description changed)"
        }
        return nil
    }

    /// `apply(contentsOf:)`: a fresh engine under test applies the scenario's updates again,
    /// each run of two or more consecutive accepted re-measures as one batch, and must end
    /// where the reference did, one by one (all of a batch accepted, so the two mean the same).
    /// Skipped, at no cost, when no such run exists; otherwise one more pass of the engine under
    /// test, no reference work.
    private func checkBatches(_ scenario: LayoutScenario, accepted: [Bool], threads: Int, against reference: ReferenceLayoutEngine,
                              name: String) -> CheckFailure? {
        let batchable = scenario.updates.indices.map { accepted[$0] && Self.isRemeasure(scenario.updates[$0]) }
        guard batchable.indices.dropFirst().contains(where: { batchable[$0] && batchable[$0 - 1] }) else { return nil }
        var engine = candidate(scenario.description, threads)
        var index = 0
        while index < scenario.updates.count {
            var end = index + 1
            while batchable[index], end < scenario.updates.count, batchable[end] { end += 1 }
            let batch = Array(scenario.updates[index..<end])
            let refused = Result { () throws(LayoutError) in try engine.apply(contentsOf: batch) }.failure
            if refused != nil, batch.count > 1 || accepted[index] {
                return failure("\(name)updates[\(index)..<\(end)] applied as one batch on \(threads) thread(s): the engine refused it (\(refused!)), one by one the reference accepted each",
                               engine, reference)
            }
            index = end
        }
        return compare(engine, reference, queries: scenario.queries,
                       stage: "\(name)after the updates, runs of re-measures applied as batches (apply(contentsOf:)), on \(threads) thread(s)")
    }

    /// Whether `update` re-measures items (`setItemHeights`, `setMeasurements`): what a frame batches.
    private static func isRemeasure(_ update: LayoutUpdate) -> Bool {
        switch update {
        case .setItemHeights, .setMeasurements: true
        default: false
        }
    }

    private func compare(_ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine, queries: [LayoutQuery], stage: @autoclosure () -> String) -> CheckFailure? {
        guard engine.layoutDescription == reference.layoutDescription else {
            return failure("\(stage()): the engine holds another description than the reference", engine, reference)
        }
        if let difference = EngineVerifier.firstDifference(engine, reference) {
            return failure("\(stage()): \(difference)", engine, reference)
        }
        let sections = reference.layoutDescription.sections
        var missing = [ItemIndexPath(section: sections.count, item: 0), ItemIndexPath(section: -1, item: 0)]
        for (section, description) in sections.enumerated() {
            missing += [ItemIndexPath(section: section, item: -1), ItemIndexPath(section: section, item: description.itemHeights.count),
                        ItemIndexPath(section: section, item: Int(UInt32.max))]
        }
        for path in missing where engine.frame(ofItemAt: path) != nil {
            return failure("\(stage()): the engine has a frame for the missing item \(path)", engine, reference)
        }
        for section in [-1, sections.count] {
            for kind in [ElementKind.header, .footer] where engine.frame(ofSupplementary: kind, inSection: section) != nil {
                return failure("\(stage()): the engine has a \(kind) for the missing section \(section)", engine, reference)
            }
        }
        for query in queries {
            let expected = reference.elements(for: query)
            if let difference = EngineVerifier.firstDifference(of: engine, answering: query, expected: expected)
                ?? AnchorComparison.firstDifference(of: engine, reference, viewport: query.rect, referenceAnswer: expected) {
                return failure("\(stage()): \(difference)", engine, reference)
            }
        }
        if let violation = LayoutInvariants.firstViolation(in: engine) {
            return failure("\(stage()): invariant: \(violation)", engine, reference)
        }
        return nil
    }

    private func failure(_ message: String, _ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine) -> CheckFailure {
        CheckFailure(message: message, layout: reference.layoutDescription,
                     candidateElements: allElements(of: engine), referenceElements: allElements(of: reference))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
