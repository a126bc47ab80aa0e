import MasonryLayout

/// The differential check: lays a scenario out with the engine under test and with the
/// reference, applies its updates to both, and compares everything after each step (content
/// size, every frame, lookups past the end, the scenario's rect queries, refusals) bit for bit,
/// then checks the layout invariants.
public struct ScenarioChecker: Sendable {
    public var candidate: EngineFactory

    public init(candidate: @escaping EngineFactory = optimizedEngineFactory) {
        self.candidate = candidate
    }

    /// The first failure of `scenario` on `threads` threads, or nil when the engines agree.
    public func check(_ scenario: LayoutScenario, threads: Int) -> CheckFailure? {
        var reference = ReferenceLayoutEngine(scenario.description)
        var engine = candidate(scenario.description, threads)
        if let failure = compare(engine, reference, queries: scenario.queries, stage: "after prepare on \(threads) thread(s)") {
            return failure
        }
        for (index, update) in scenario.updates.enumerated() {
            let referenceError = Result { () throws(LayoutError) in try reference.apply(update) }.failure
            let engineError = Result { () throws(LayoutError) in try engine.apply(update) }.failure
            let stage = "after updates[\(index)] (\(update)) on \(threads) thread(s)"
            guard referenceError == engineError else {
                return failure("\(stage): the reference \(referenceError.map { "refused it: \($0)" } ?? "accepted it"), the engine \(engineError.map { "refused it: \($0)" } ?? "accepted it")",
                               engine, reference)
            }
            if let failure = compare(engine, reference, queries: scenario.queries, stage: stage) { return failure }
        }
        return nil
    }

    private func compare(_ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine, queries: [LayoutQuery], stage: String) -> CheckFailure? {
        guard engine.layoutDescription == reference.layoutDescription else {
            return failure("\(stage): the engine holds another description than the reference", engine, reference)
        }
        if let difference = EngineVerifier.firstDifference(engine, reference) {
            return failure("\(stage): \(difference)", engine, reference)
        }
        let sections = reference.layoutDescription.sections
        let pastTheEnd = [ItemIndexPath(section: sections.count, item: 0), ItemIndexPath(section: 0, item: -1),
                          ItemIndexPath(section: 0, item: sections.first?.itemHeights.count ?? 0)]
        for path in pastTheEnd where engine.frame(ofItemAt: path) != nil {
            return failure("\(stage): the engine has a frame for the missing item \(path)", engine, reference)
        }
        for query in queries {
            if let difference = EngineVerifier.firstDifference(in: query.rect, engine.elements(for: query), reference.elements(for: query)) {
                return failure("\(stage): \(difference)", engine, reference)
            }
        }
        if let violation = LayoutInvariants.firstViolation(in: engine) {
            return failure("\(stage): invariant: \(violation)", engine, reference)
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
