// `CandidateFinding`: where a `CandidateEngine` and the reference disagree, with a scenario file that reproduces it.

/// A difference between a `CandidateEngine` and the reference: what differed, and a scenario
/// file (ScenarioFiles.md) that shows it again, for `CandidateEngine.replay(_:)` in a test of
/// its own (or `masonry draw` to see it).
public struct CandidateFinding: Sendable, CustomStringConvertible {
    /// One line: the stage, the element, both frames in decimal and in bits.
    public let message: String
    /// The reproducer: a scenario file (JSON text), with its updates and queries.
    public let reproducer: String
    /// The items the reproducer lays out (over every description of it).
    public let items: Int

    init(_ failure: CheckFailure, reproducer chain: ScenarioChain) {
        message = failure.message
        reproducer = chain.jsonText()
        items = chain.totalItems
    }

    public var description: String {
        "\(message)\nreproducer (\(items) items):\n\(reproducer)"
    }
}
