import MasonryLayout

/// Which engine a command lays out with.
enum EngineKind: String, CaseIterable {
    case reference
    case optimized
}

/// The `--engine` and `--threads` options shared by the commands that lay out a description.
struct EngineOptions {
    static let engine = CommandOption("--engine", value: "reference|optimized", "the engine to lay out with (default: optimized)")
    static let threads = CommandOption("--threads", value: "N", "threads for the optimized engine (default: all cores; 1 = none)")
    static let options = [engine, threads]

    var kind: EngineKind
    var threads: Int

    init(_ arguments: Arguments) throws(CommandFailure) {
        kind = try arguments.choice(Self.engine, default: .optimized)
        threads = try arguments.integer(Self.threads, in: 1...4096, default: OptimizedLayoutEngine.defaultThreadCount)
    }

    func makeEngine(_ description: LayoutDescription) -> any LayoutEngine {
        switch kind {
        case .reference: ReferenceLayoutEngine(description)
        case .optimized: OptimizedLayoutEngine(description, threads: threads)
        }
    }
}
