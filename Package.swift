// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Masonry",
    products: [
        // The engines: standard library and Foundation only, so an app can embed it.
        .library(name: "MasonryLayout", targets: ["MasonryLayout"]),
        .executable(name: "masonry", targets: ["masonry"]),
    ],
    targets: [
        .target(name: "MasonryLayout"),
        // Seeded workload, description, update and rect generators for tests, benchmarks and fuzzing.
        .target(name: "MasonryWorkloads", dependencies: ["MasonryLayout"]),
        // Frame-for-frame comparison, invariants, the differential fuzzer and its shrinker.
        .target(name: "MasonryVerification", dependencies: ["MasonryLayout", "MasonryWorkloads"]),
        // Workloads, measurement, result files and the regression gate.
        .target(
            name: "MasonryBenchmarkHarness",
            dependencies: ["MasonryLayout", "MasonryWorkloads", "MasonryVerification"],
            path: "Benchmarks/MasonryBenchmarkHarness"
        ),
        .target(name: "MasonryCommandLine", dependencies: ["MasonryLayout", "MasonryBenchmarkHarness", "MasonryVerification"]),
        // jemalloc (Debian: libjemalloc-dev), linked into the `masonry` tool only: every allocation
        // of the tool, harness included, goes through it, for allocation statistics and chosen decay
        // settings. Test bundles must not link it: under ThreadSanitizer, whose allocator intercepts
        // `free`, a jemalloc pointer crashes the process.
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .executableTarget(name: "masonry", dependencies: ["MasonryCommandLine", "MasonryBenchmarkHarness", "CJemalloc"]),
        // libFuzzer's entry point, built by Scripts/fuzz with `swift build --sanitize=fuzzer`.
        .executableTarget(name: "MasonryFuzzTarget", dependencies: ["MasonryLayout", "MasonryVerification"]),
        // Mutation operators over the optimized engine's sources, and the catalogue tool Scripts/mutate runs.
        .target(name: "MasonryMutation"),
        .executableTarget(name: "MasonryMutationTool", dependencies: ["MasonryMutation"]),
        .testTarget(name: "MasonryLayoutTests", dependencies: ["MasonryLayout", "MasonryWorkloads", "MasonryVerification"]),
        .testTarget(name: "MasonryVerificationTests", dependencies: ["MasonryVerification", "MasonryLayout", "MasonryWorkloads"]),
        .testTarget(name: "MasonryBenchmarkHarnessTests", dependencies: ["MasonryBenchmarkHarness", "MasonryVerification", "MasonryLayout", "MasonryWorkloads"]),
        .testTarget(name: "MasonryMutationTests", dependencies: ["MasonryMutation"]),
        .testTarget(name: "MasonryCommandLineTests", dependencies: ["MasonryCommandLine", "MasonryLayout", "MasonryWorkloads", "MasonryVerification"]),
    ],
    swiftLanguageModes: [.v6]
)
