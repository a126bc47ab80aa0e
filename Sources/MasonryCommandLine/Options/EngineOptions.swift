// The `--engine` and `--threads` options of the commands that lay out, and the engine they make.
import MasonryLayout
import MasonrySupport

/// Which engine a command lays out with.
enum EngineKind: String, CaseIterable {
    case reference
    case optimized
}

/// The `--engine` and `--threads` options shared by the commands that lay out a description.
struct EngineOptions {
    static let engine = Option("--engine", value: "reference|optimized", .choice, default: EngineKind.optimized,
                               "the engine to lay out with")
    static let threads = Option("--threads", value: "N", .integer(in: 1...4096), default: OptimizedLayoutEngine.defaultThreadCount,
                                shown: "all cores; 1 = none", "threads for the optimized engine")
    static let options: [any DeclaredOption] = [engine, threads]

    var kind: EngineKind
    var threads: Int

    init(_ arguments: Arguments) throws(CommandFailure) {
        kind = try arguments.value(Self.engine)
        threads = try arguments.value(Self.threads)
    }

    func makeEngine(_ description: LayoutDescription) -> any LayoutEngine {
        switch kind {
        case .reference: ReferenceLayoutEngine(description)
        case .optimized: OptimizedLayoutEngine(description, threads: threads)
        }
    }
}
