// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Masonry",
    products: [
        // The engines: standard library and Foundation only, so an app can embed it.
        .library(name: "MasonryLayout", targets: ["MasonryLayout"]),
        // Masonry's checks and benchmarks for an engine of another package, in its own tests
        // (`CandidateEngine`: fuzz, verify, benchmark; Examples/SwiftEngine). Their public API is
        // those entry points; the rest is `package`, for the tool and the tests.
        .library(name: "MasonryVerification", targets: ["MasonryVerification"]),
        .library(name: "MasonryBenchmarkHarness", targets: ["MasonryBenchmarkHarness"]),
        .executable(name: "masonry", targets: ["masonry"]),
    ],
    targets: [
        .target(name: "MasonryLayout"),
        // The tool's shared plumbing (console, tables, SVG text, processes, options): not a product,
        // and never a dependency of the engine library.
        .target(name: "MasonrySupport"),
        // Seeded workload, description, update and rect generators for tests, benchmarks and fuzzing.
        .target(name: "MasonryWorkloads", dependencies: ["MasonryLayout"]),
        // Frame-for-frame comparison, invariants, the differential fuzzer and its shrinker.
        .target(name: "MasonryVerification", dependencies: ["MasonryLayout", "MasonryWorkloads", "MasonrySupport"]),
        // Callgrind's client requests (Debian: valgrind) as C functions, for the harness's
        // instruction-count mode; no-ops outside valgrind.
        .target(name: "CCallgrind"),
        // The floor benchmark's shortest-column value chain in C, timed beside the Swift floor as
        // its yardstick; the harness's, never the engine library's. Header only (static inline),
        // compiled into the harness by Swift's clang importer: why, in its header.
        .systemLibrary(name: "CValueChainFloor"),
        // Workloads, measurement, result files and the regression gate.
        .target(
            name: "MasonryBenchmarkHarness",
            dependencies: ["MasonryLayout", "MasonryWorkloads", "MasonryVerification", "MasonrySupport", "CCallgrind", "CValueChainFloor"],
            path: "Benchmarks/MasonryBenchmarkHarness"
        ),
        .target(name: "MasonryCommandLine", dependencies: ["MasonryLayout", "MasonryBenchmarkHarness", "MasonryVerification", "MasonryWorkloads", "MasonrySupport"]),
        // The tool. `masonry bench` runs under jemalloc, preloaded at run time rather than linked
        // (Sources/MasonryCommandLine/Processes/JemallocPreload.swift): no build needs a system package, and
        // test bundles, whose ThreadSanitizer allocator a jemalloc pointer would crash, never see it.
        .executableTarget(name: "masonry", dependencies: ["MasonryCommandLine", "MasonrySupport"]),
        // libFuzzer's entry point, built by Scripts/fuzz with `swift build --sanitize=fuzzer`.
        .executableTarget(name: "MasonryFuzzTarget", dependencies: ["MasonryLayout", "MasonryVerification"]),
        // Mutation operators over the optimized engine's sources, and the catalogue tool Scripts/mutate runs.
        .target(name: "MasonryMutation"),
        .executableTarget(name: "MasonryMutationTool", dependencies: ["MasonryMutation", "MasonrySupport"]),
        .testTarget(name: "MasonryLayoutTests", dependencies: ["MasonryLayout", "MasonryWorkloads", "MasonryVerification"]),
        .testTarget(name: "MasonryVerificationTests", dependencies: ["MasonryVerification", "MasonryLayout", "MasonryWorkloads", "MasonrySupport"]),
        .testTarget(name: "MasonryBenchmarkHarnessTests", dependencies: ["MasonryBenchmarkHarness", "MasonryVerification", "MasonryLayout", "MasonryWorkloads", "MasonrySupport"]),
        .testTarget(name: "MasonryMutationTests", dependencies: ["MasonryMutation"]),
        .testTarget(name: "MasonrySupportTests", dependencies: ["MasonrySupport"]),
        .testTarget(name: "MasonryCommandLineTests", dependencies: ["MasonryCommandLine", "MasonryLayout", "MasonryWorkloads", "MasonryVerification", "MasonrySupport"]),
    ],
    swiftLanguageModes: [.v6]
)
