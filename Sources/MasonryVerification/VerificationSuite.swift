import MasonryLayout
import MasonryWorkloads

/// `masonry verify`'s matrix: large layouts over both placements, both section modes, both tie
/// rules, headers and footers, column-width rounding and every height distribution, each laid
/// out by the engine under test on several thread counts and compared with the reference: every
/// frame, the content size, lookups, random, touching-edge and zero-size queries, and the layout
/// after a random sequence of updates.
public struct VerificationSuite: Sendable {
    /// How large the matrix's layouts are.
    public enum Size: String, CaseIterable, Sendable {
        /// Seconds: 10,000-item layouts.
        case smoke
        /// 1,000,000-item layouts among smaller ones: the default.
        case standard
        /// Up to 10,000,000 items.
        case full
    }

    /// One layout of the matrix.
    public struct Case: Sendable {
        public var name: String
        public var description: LayoutDescription
    }

    /// What a run compared.
    public struct Counts: Sendable, Equatable {
        public var layouts = 0
        public var frames = 0
        public var queries = 0
        public var updates = 0
        /// Time spent comparing (frames, queries, refusals), apart from laying out.
        public var comparingSeconds = 0.0
    }

    /// The first mismatch, with a scenario that reproduces it.
    public struct Failure: Sendable {
        public var caseName: String
        /// A scenario that reproduces it: the description, the updates applied so far, the query.
        public var scenario: LayoutScenario
        public var failure: CheckFailure
    }

    public var size: Size
    public var threads: [Int]
    public var candidate: EngineFactory

    public init(size: Size, threads: [Int], candidate: @escaping EngineFactory = optimizedEngineFactory) {
        self.size = size
        self.threads = threads
        self.candidate = candidate
    }

    /// The matrix of this size.
    public func cases() -> [Case] {
        let large = size == .smoke ? 10_000 : size == .standard ? 1_000_000 : 10_000_000
        let medium = size == .smoke ? 10_000 : 100_000
        typealias Shape = (name: String, items: Int, sections: Int, columns: Int, placement: Placement, tie: TieBreak,
                           start: SectionStart, rounding: ColumnWidthRounding, supplementary: Bool, heights: HeightDistribution)
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
        return shapes.enumerated().map { index, shape in
            var random = SplitMix64(seed: 0x5645_5249_4659 &+ UInt64(index))
            let width = 390.0 + Double(index) * 0.25
            let columnWidth = width / Double(shape.columns)
            let sections = (0..<shape.sections).map { section in
                let count = shape.items / shape.sections + (section < shape.items % shape.sections ? 1 : 0)
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
    }

    /// Runs the matrix; stops at the first failure. `progress` receives each case and thread count.
    public func run(progress: (String) -> Void = { _ in }) -> (counts: Counts, failure: Failure?) {
        var counts = Counts()
        for testCase in cases() {
            var random = RandomLayoutGenerator(seed: UInt64(testCase.name.utf8.count) &* 31)
            let reference = ReferenceLayoutEngine(testCase.description)
            let referenceElements = allElements(of: reference)
            // The reference filters every element per query: fewer queries on larger layouts.
            let queryCount = max(20, min(2000, 20_000_000 / max(1, referenceElements.count)))
            let queries = (0..<queryCount).map { _ in random.rect(in: reference.contentSize, touching: referenceElements.map(\.frame)) }
            var updated = testCase.description
            var updates: [LayoutUpdate] = []
            for _ in 0..<12 {
                let update = random.update(for: updated)
                updates.append(update)
                try? updated.apply(update)
            }
            let updatedReference = ReferenceLayoutEngine(updated)
            for threadCount in threads {
                progress("\(testCase.name) on \(threadCount) thread(s)")
                let checker = ScenarioChecker(candidate: candidate)
                var engine = candidate(testCase.description, threadCount)
                counts.layouts += 1
                counts.frames += referenceElements.count
                let comparing = ContinuousClock.now
                if let difference = EngineVerifier.firstDifference(engine, reference) {
                    return (counts, fail(testCase, "after prepare on \(threadCount) thread(s): \(difference)", engine, reference, [], []))
                }
                counts.comparingSeconds += Self.seconds(since: comparing)
                for rect in queries {
                    counts.queries += 1
                    if let difference = EngineVerifier.firstDifference(in: rect, engine.elements(in: rect), reference.elements(in: rect)) {
                        return (counts, fail(testCase, "on \(threadCount) thread(s): \(difference)", engine, reference, [], [rect]))
                    }
                }
                // Updates: the same refusals as the reference's description, then the same frames as a
                // fresh reference layout of the final description.
                var expected = testCase.description
                for (index, update) in updates.enumerated() {
                    counts.updates += 1
                    let expectedError = Result { () throws(LayoutError) in try expected.apply(update) }.failure
                    let engineError = Result { () throws(LayoutError) in try engine.apply(update) }.failure
                    if expectedError != engineError {
                        let scenario = LayoutScenario(description: testCase.description, updates: Array(updates[...index]), threads: [threadCount])
                        let failure = checker.check(scenario, threads: threadCount)
                            ?? CheckFailure(message: "updates[\(index)]: refusal differs", layout: expected, candidateElements: [], referenceElements: [])
                        return (counts, Failure(caseName: testCase.name, scenario: scenario, failure: failure))
                    }
                }
                counts.frames += updatedReference.layoutDescription.itemCount
                let comparingUpdated = ContinuousClock.now
                if let difference = EngineVerifier.firstDifference(engine, updatedReference) {
                    return (counts, fail(testCase, "after \(updates.count) updates on \(threadCount) thread(s): \(difference)",
                                         engine, updatedReference, updates, []))
                }
                counts.comparingSeconds += Self.seconds(since: comparingUpdated)
            }
        }
        return (counts, nil)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    private func fail(_ testCase: Case, _ message: String, _ engine: any LayoutEngine, _ reference: ReferenceLayoutEngine,
                      _ updates: [LayoutUpdate], _ queries: [Rect]) -> Failure {
        Failure(caseName: testCase.name,
                scenario: LayoutScenario(description: testCase.description, updates: updates, queries: queries),
                failure: CheckFailure(message: "\(testCase.name): \(message)", layout: reference.layoutDescription,
                                      candidateElements: allElements(of: engine), referenceElements: allElements(of: reference)))
    }
}
