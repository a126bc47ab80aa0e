import MasonryLayout

/// Which engine a command lays out with.
enum EngineKind: String, CaseIterable {
    case reference
    case optimized
}

/// The `--engine` and `--threads` options shared by the commands that lay out a description.
struct EngineOptions {
    static let names: Set<String> = ["--engine", "--threads"]
    static let help = """
          --engine reference|optimized   the engine to lay out with (default: optimized)
          --threads N                    threads for the optimized engine (default: all cores; 1 = none)
        """

    var kind: EngineKind
    var threads: Int

    init(_ arguments: Arguments, command: String) throws(CommandFailure) {
        kind = try arguments.choice("--engine", command: command, default: .optimized)
        threads = try arguments.integer("--threads", command: command, in: 1...4096,
                                        default: OptimizedLayoutEngine.defaultThreadCount)
    }

    func makeEngine(_ description: LayoutDescription) -> any LayoutEngine {
        switch kind {
        case .reference: ReferenceLayoutEngine(description)
        case .optimized: OptimizedLayoutEngine(description, threads: threads)
        }
    }
}
