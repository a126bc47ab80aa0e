// swift-tools-version: 6.0
// An engine of another package checked and timed by Masonry's suite in its own tests: the
// library products MasonryVerification (the differential fuzzer and the verification matrix)
// and MasonryBenchmarkHarness (the benchmarks), from this repository by path. A package of
// yours would depend on Masonry by URL instead.
import PackageDescription

let package = Package(
    name: "SwiftEngineExample",
    dependencies: [.package(name: "Masonry", path: "../..")],
    targets: [
        // The engine: depends on the layout types only, as an app's layout would.
        .target(name: "SimpleWaterfall", dependencies: [.product(name: "MasonryLayout", package: "Masonry")]),
        .testTarget(name: "SimpleWaterfallTests", dependencies: [
            "SimpleWaterfall",
            .product(name: "MasonryVerification", package: "Masonry"),
            .product(name: "MasonryBenchmarkHarness", package: "Masonry"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
