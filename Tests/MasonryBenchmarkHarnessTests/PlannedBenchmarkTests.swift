// Tests of a planned benchmark: it runs when it has no skip reason; the query rects' names and heights.
@testable import MasonryBenchmarkHarness
import Testing

/// A planned benchmark runs exactly when it has no skip reason; the query rects' names and heights.
@Suite struct PlannedBenchmarkTests {
    static let name = Workload(placement: .roundRobin, items: 1000, sections: 1, columns: 4).benchmarkName(.lookup, engine: .peer, threads: 1)

    @Test func aBenchmarkRunsWithoutASkipReason() {
        #expect(PlannedBenchmark(name: Self.name, skipReason: nil, body: .lookup).runs)
        #expect(!PlannedBenchmark(name: Self.name, skipReason: "why", body: .lookup).runs)
    }

    @Test func theQueryRectsAreAScreenThreeScreensAndAScrollingScreen() {
        #expect(PlannedBenchmark.QueryRect.allCases.map(\.rawValue) == ["viewport", "tall", "scroll"])
        #expect(PlannedBenchmark.QueryRect.allCases.map(\.screens) == [1, 3, 1])
    }
}
