// The errors of a bad command line: the protocol a tool's failure type adopts, and a plain one.

/// A tool's failure type, made from a usage problem: `ParsedArguments` throws it, so a tool keeps
/// its own typed errors (and exit statuses) while sharing the parser.
public protocol UsageFailure: Error {
    /// The failure for `problem` (one line, naming the option) in `command` (`masonry bench`).
    static func usage(_ command: String, _ problem: String) -> Self
}

/// A usage problem as it is: the command and what was wrong, for tools without a failure type of
/// their own.
public struct UsageError: UsageFailure, Equatable, Sendable {
    /// The command that was given the bad line (`MasonryMutationTool list`).
    public var command: String
    /// What was wrong, naming the option or argument.
    public var problem: String

    public init(command: String, problem: String) {
        self.command = command
        self.problem = problem
    }

    public static func usage(_ command: String, _ problem: String) -> UsageError {
        UsageError(command: command, problem: problem)
    }

    /// `COMMAND: PROBLEM (see 'COMMAND --help')`.
    public var message: String { "\(command): \(problem) (see '\(command) --help')" }
}

/// A value its reader refuses: the problem after the option's name (`must be an integer in
/// 1...10, got 'x'`), and the word a "did you mean" suggestion may correct.
public struct InvalidOptionValue: Error, Sendable {
    /// The whole problem, starting with the option's name.
    public var problem: String
    /// The misspelt word, and the words it may have meant, for the signature's suggestion.
    public var misspelt: (word: String, candidates: [String])?

    public init(_ problem: String, misspelt: (word: String, candidates: [String])? = nil) {
        self.problem = problem
        self.misspelt = misspelt
    }
}
