// Tests of the floor benchmark, the summary's `optimized / floor` column, and the scrolling rects.
@testable import MasonryBenchmarkHarness
import MasonryLayout
import Testing

/// The floor benchmark, the summary's `optimized / floor` column, and the scrolling rects.
@Suite struct FloorBenchmarkTests {
    @Test func theFloorIsTimedLikePrepareUnderThePrepareBenchmarksKey() throws {
        let workload = Workload(placement: .shortestColumn, items: 2000, sections: 3, columns: 4)
        let name = FloorBenchmark.name(for: workload).description
        #expect(name == "floor/placement:shortestColumn/items:2000/sections:3/columns:4/threads:1")
        let record = FloorBenchmark.measure(name, workload.makeDescription(), repetitions: 3)
        #expect(record.name == name)
        #expect(record.realTimes.count == 3 && record.cpuTimes.count == 3)
        #expect(record.counters.allSatisfy { ($0["ns_per_item"] ?? 0) > 0 })
    }

    @Test func theSummaryDividesTheOptimizedPrepareByTheFloor() {
        let key = "placement:shortestColumn/items:1000/sections:1/columns:4/threads:1"
        let report = BenchmarkReportTests.report([
            BenchmarkReportTests.record("prepare/optimized/\(key)", [3000, 3000, 3000]),
            BenchmarkReportTests.record("prepare/optimized/placement:shortestColumn/items:1000/sections:2/columns:4/threads:2", [5000]),
            BenchmarkReportTests.record("floor/\(key)", [1500, 1500, 1500]),
        ])
        let summary = ReportWriters.markdown(report)
        #expect(summary.contains("| optimized speed-up | optimized / floor |"))
        #expect(summary.contains("| \(key) | 3 | – | – | – | 2x |"))
        // No floor for that workload and thread count: a dash.
        #expect(summary.contains("threads:2 | 5 | – | – | – | – |"))
        // A run without floors keeps the table as it was.
        #expect(!ReportWriters.markdown(BenchmarkReportTests.report([BenchmarkReportTests.record("prepare/optimized/\(key)", [1])]))
            .contains("optimized / floor"))
    }

    @Test func scrollingRectsStepAThirdOfAScreenFromTheTop() {
        let rects = ScrollAndColdLookupBenchmarks.scrollingRects(count: 5, width: 390, height: 844, contentHeight: 10_000)
        let step: Double = 844.0 / 3
        let expected: [Double] = [0, step, 2 * step, 3 * step, 4 * step]
        #expect(rects.map(\.y) == expected)
        #expect(rects.allSatisfy { $0.width == 390 && $0.height == 844 })
        // Back to the top at the end of the content.
        let wrapped = ScrollAndColdLookupBenchmarks.scrollingRects(count: 40, width: 390, height: 844, contentHeight: 2000)
        #expect(wrapped.allSatisfy { $0.y >= 0 && $0.y < 2000 - 844 })
    }
}
