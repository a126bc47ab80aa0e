// `CandidateError`: why a `CandidateEngine` entry point could not run what it was given.

/// Why `CandidateEngine.replay(_:)` could not check a reproducer: it is not a scenario file (the
/// message names the field), or it uses a feature the engine declared it lacks; or why
/// `CandidateEngine.benchmark` could not run (its filter is not a regular expression).
public struct CandidateError: Error, Sendable, CustomStringConvertible {
    /// What could not run, and why.
    public let description: String

    package init(description: String) {
        self.description = description
    }
}
