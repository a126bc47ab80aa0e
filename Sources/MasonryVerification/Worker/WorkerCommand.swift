// The command that starts a fuzz worker (`masonry fuzz --worker`).
/// The command that starts a fuzz worker (`masonry fuzz --worker`, which serves `FuzzWorker`).
package struct WorkerCommand: Sendable {
    package var executable: String
    package var arguments: [String]
    /// Added to the fuzzer's own environment.
    package var environment: [String: String]

    package init(executable: String, arguments: [String], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }
}
