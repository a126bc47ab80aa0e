// The command that starts a fuzz worker (`masonry fuzz --worker`).
/// The command that starts a fuzz worker (`masonry fuzz --worker`, which serves `FuzzWorker`).
public struct WorkerCommand: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Added to the fuzzer's own environment.
    public var environment: [String: String]

    public init(executable: String, arguments: [String], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }
}
