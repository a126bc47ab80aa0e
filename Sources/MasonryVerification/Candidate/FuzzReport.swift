// `FuzzReport`: what `CandidateEngine.fuzz` ran, skipped and found.
import MasonrySupport

/// What a differential fuzzing run of a `CandidateEngine` did: cases run and checked, cases
/// skipped for the features the engine lacks, and the first failure, shrunk.
public struct FuzzReport: Sendable, CustomStringConvertible {
    /// The engine's name.
    public let engine: String
    /// Cases run; when one failed, the cases up to and including it.
    public let cases: Int
    /// Cases skipped because they use a feature the engine lacks, by feature (a case may count
    /// under several).
    public let skippedByFeature: [EngineFeature: Int]
    /// Of `cases`, those skipped.
    public let skippedCases: Int
    /// Seconds spent running cases, shrinking not included.
    public let seconds: Double
    /// The first failing case, shrunk: nil when every case checked agreed with the reference.
    public let failure: CandidateFinding?
    /// The failing case's own seed, which names it (as `masonry fuzz` findings do).
    public let failingCaseSeed: UInt64?
    /// The failing case's items before shrinking.
    public let failingCaseItems: Int?

    init(engine: String, _ outcome: Fuzzer.Outcome) {
        self.engine = engine
        cases = outcome.cases
        skippedByFeature = outcome.skippedByFeature
        skippedCases = outcome.skippedCases
        seconds = outcome.seconds
        failure = outcome.failure.map { CandidateFinding($0.failure, reproducer: $0.shrunk) }
        failingCaseSeed = outcome.failure?.caseSeed
        failingCaseItems = outcome.failure?.original.totalItems
    }

    public var description: String {
        let skippedSummary = Fuzzer.Outcome.skippedFeaturesSummary(skippedByFeature)
        var lines = ["fuzz \(engine): \(cases) cases in \(SummaryNumber.seconds(seconds)) s, \(cases - skippedCases) checked, "
                     + "\(skippedCases) skipped\(skippedSummary.isEmpty ? "" : " for features it lacks (\(skippedSummary))")"]
        if let failure, let failingCaseSeed, let failingCaseItems {
            lines.append("FAILED: case seed \(failingCaseSeed) (\(failingCaseItems) items), shrunk to \(failure.items) items: \(failure)")
        } else {
            lines.append("no failure: every case checked gave the reference's frames, bit for bit")
        }
        return lines.joined(separator: "\n")
    }
}
