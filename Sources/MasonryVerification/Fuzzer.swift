import Foundation
import MasonryLayout
import MasonryWorkloads

/// The differential fuzzer: random scenarios (descriptions over every field and edge value,
/// update sequences, touching and zero-size queries) checked against the reference, and random
/// and mutated bytes fed to the description parser. A failure is shrunk to a small reproducer.
/// The same seed gives the same sequence of cases.
public struct Fuzzer: Sendable {
    /// The seed, the budget (time or cases), the thread counts and the engine under test.
    public struct Configuration: Sendable {
        public var seed: UInt64 = 1
        /// Stop after this long (seconds)…
        public var seconds: Double? = 60
        /// …or after this many cases, whichever comes first.
        public var maximumCases: Int?
        /// Thread counts, taken in turn from case to case.
        public var threads: [Int] = [1, 2, 8]
        public var checker = ScenarioChecker()

        public init() {}
    }

    /// A failing case: the original, its shrunk reproducer and what failed.
    public struct Failure: Sendable {
        /// The case's own seed: `RandomLayoutGenerator(seed:)` of it rebuilds the case.
        public var caseSeed: UInt64
        public var original: LayoutScenario
        public var shrunk: LayoutScenario
        public var threads: Int
        /// The shrunk scenario's failure.
        public var failure: CheckFailure
    }

    /// What a run did: cases, parser inputs, time, and the failure if one was found.
    public struct Outcome: Sendable {
        public var cases: Int
        public var parserInputs: Int
        public var seconds: Double
        public var failure: Failure?

        public var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }
    }

    public let configuration: Configuration

    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs until the time or case budget is spent or a case fails. `progress` receives the
    /// cases so far and the seconds elapsed, about once a second.
    public func run(progress: (Int, Double) -> Void = { _, _ in }) -> Outcome {
        let start = Date()
        var lastReport = 0.0
        var cases = 0
        var parserInputs = 0
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if let seconds = configuration.seconds, elapsed >= seconds { break }
            if let maximum = configuration.maximumCases, cases >= maximum { break }
            if elapsed - lastReport >= 1 {
                progress(cases, elapsed)
                lastReport = elapsed
            }
            let caseSeed = configuration.seed &* 0x9E37_79B9 &+ UInt64(cases)
            let threads = configuration.threads[cases % configuration.threads.count]
            let scenario = Self.scenario(seed: caseSeed)
            cases += 1
            parserInputs += Self.fuzzParser(with: scenario.description, seed: caseSeed)
            if configuration.checker.check(scenario, threads: threads) != nil {
                let shrinker = ScenarioShrinker(checker: configuration.checker, threads: threads)
                var shrunk = shrinker.shrink(scenario)
                shrunk.threads = [threads]
                let failure = configuration.checker.check(shrunk, threads: threads)!
                return Outcome(cases: cases, parserInputs: parserInputs, seconds: Date().timeIntervalSince(start),
                               failure: Failure(caseSeed: caseSeed, original: scenario, shrunk: shrunk, threads: threads, failure: failure))
            }
        }
        return Outcome(cases: cases, parserInputs: parserInputs, seconds: Date().timeIntervalSince(start), failure: nil)
    }

    /// The case for `seed`: a random description (usually small, now and then thousands of
    /// sections), up to eight updates (mostly valid for the description as it is then), and
    /// queries over the content, touching elements' edges, and of zero size.
    public static func scenario(seed: UInt64) -> LayoutScenario {
        var generator = RandomLayoutGenerator(seed: seed)
        let shape = seed % 50
        let description = shape == 0
            ? generator.description(maximumSections: 2000, maximumItems: 6)
            : generator.description(maximumSections: 1 + Int(seed % 6), maximumItems: shape < 5 ? 600 : 40)
        var current = description
        var updates: [LayoutUpdate] = []
        for _ in 0..<Int(seed % 9) {
            let update = generator.update(for: current)
            updates.append(update)
            try? current.apply(update)
        }
        let reference = ReferenceLayoutEngine(description)
        let frames = allElements(of: reference).map(\.frame)
        let queries = (0..<8).map { _ in generator.rect(in: reference.contentSize, touching: frames) }
        return LayoutScenario(description: description, updates: updates, queries: queries)
    }

    /// Feeds mutated versions of `description`'s JSON and random bytes to the parser: each must
    /// give a description or a `LayoutError`, never a crash or a hang. Returns the inputs tried.
    static func fuzzParser(with description: LayoutDescription, seed: UInt64) -> Int {
        var random = SplitMix64(seed: seed ^ 0x5041_5253_4552)
        let original = Array(description.jsonText().utf8.prefix(4096))
        let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "-", "1e400", "NaN", "-0", "\\u", "null", "1.5",
                                 "\"columns\":", "\"sections\":", String(repeating: "[", count: 80)].map { Array($0.utf8) }
        var inputs = 0
        for attempt in 0..<4 {
            var bytes = original
            if attempt == 3 {
                bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                for _ in 0...Int(random.next() % 4) {
                    let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                    case 1 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int(random.next() % 8) + 1))
                    case 2: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
                    default: bytes = Array(bytes.prefix(position))  // truncate
                    }
                }
            }
            let started = Date()
            _ = try? LayoutDescription(json: bytes)
            precondition(Date().timeIntervalSince(started) < 5, "the parser took over 5 s on \(bytes.count) bytes")
            inputs += 1
        }
        return inputs
    }
}
