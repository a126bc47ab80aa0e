// `VerificationReport`: what `CandidateEngine.verify` compared, skipped and found.
import MasonrySupport

/// What a run of the verification matrix on a `CandidateEngine` compared, what it skipped for
/// the features the engine lacks, and the first mismatch.
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// The engine's name.
    public let engine: String
    /// The matrix's size.
    public let size: VerificationSize
    /// The part of the matrix run.
    public let shard: Shard
    /// Layouts compared (each layout of the matrix, and each time it was prepared again).
    public let layouts: Int
    /// Frames compared.
    public let frames: Int
    /// Rect queries compared (each answer, and the scroll anchor of its rect).
    public let queries: Int
    /// Updates applied and compared after, per thread count.
    public let updates: Int
    /// The matrix's layouts not checked, by name, with the features of theirs the engine lacks.
    public let skippedLayouts: [String: [EngineFeature]]
    /// Updates not applied because they use a feature the engine lacks.
    public let skippedUpdates: Int
    /// Seconds the run took.
    public let seconds: Double
    /// The first mismatch: nil when the engine gave the reference's frames, bit for bit.
    public let failure: CandidateFinding?

    init(engine: String, size: VerificationSize, shard: Shard, counts: VerificationSuite.Counts, seconds: Double,
         failure: VerificationSuite.Failure?) {
        self.engine = engine
        self.size = size
        self.shard = shard
        layouts = counts.layouts
        frames = counts.frames
        queries = counts.queries
        updates = counts.updates
        skippedLayouts = counts.skippedCases
        skippedUpdates = counts.skippedUpdates
        self.seconds = seconds
        self.failure = failure.map { CandidateFinding($0.failure, reproducer: $0.chain) }
    }

    public var description: String {
        let part = shard == .whole ? "" : " (shard \(shard))"
        var lines = ["verify \(size.rawValue)\(part) \(engine): \(layouts) layouts, \(frames) frames, \(queries) queries, "
                     + "\(updates) updates in \(SummaryNumber.seconds(seconds)) s"]
        if let skippedSummary = VerificationSuite.Counts.skippedSummary(cases: skippedLayouts, updates: skippedUpdates) { lines.append("skipped for features the engine lacks: \(skippedSummary)") }
        lines.append(failure.map { "MISMATCH: \($0)" } ?? "no mismatch: the engine gave the reference's frames, bit for bit")
        return lines.joined(separator: "\n")
    }
}
