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
        .target(name: "MasonryCommandLine", dependencies: ["MasonryLayout"]),
        .executableTarget(name: "masonry", dependencies: ["MasonryCommandLine"]),
        .executableTarget(
            name: "MasonryBenchmarks",
            dependencies: ["MasonryLayout", "MasonryWorkloads"],
            path: "Benchmarks/MasonryBenchmarks"
        ),
        .testTarget(name: "MasonryLayoutTests", dependencies: ["MasonryLayout", "MasonryWorkloads"]),
        .testTarget(name: "MasonryCommandLineTests", dependencies: ["MasonryCommandLine", "MasonryLayout"]),
    ],
    swiftLanguageModes: [.v6]
)
