// Tests of the floor benchmark, the summary's floor columns and warnings, and the scrolling rects.
@testable import MasonryBenchmarkHarness
import MasonryLayout
import Testing

/// The floor benchmark (the Swift chain and its C yardstick), the summary's `optimized / floor`
/// and floor columns and its warnings, and the scrolling rects.
@Suite struct FloorBenchmarkTests {
    @Test func theFloorIsTimedLikePrepareUnderThePrepareBenchmarksKey() throws {
        let workload = Workload(placement: .shortestColumn, items: 2000, sections: 3, columns: 4)
        let name = FloorBenchmark.name(for: workload).description
        #expect(name == "floor/placement:shortestColumn/items:2000/sections:3/columns:4/threads:1")
        let record = FloorBenchmark.measure(name, workload.makeDescription(), repetitions: 3)
        #expect(record.name == name)
        #expect(record.realTimes.count == 3 && record.cpuTimes.count == 3)
        #expect(record.counters.allSatisfy { ($0["ns_per_item"] ?? 0) > 0 })
        // Shortest column: the C chain in the same repetitions.
        #expect(record.counters.allSatisfy { ($0["c_ns_per_item"] ?? 0) > 0 })
        // Round robin has no C chain.
        let roundRobin = Workload(placement: .roundRobin, items: 2000, sections: 1, columns: 4)
        let roundRobinRecord = FloorBenchmark.measure(FloorBenchmark.name(for: roundRobin).description, roundRobin.makeDescription(),
                                                      repetitions: 2)
        #expect(roundRobinRecord.counters.allSatisfy { $0["ns_per_item"] != nil && $0["c_ns_per_item"] == nil })
    }

    /// A floor record with the Swift chain at `swift` and the C chain at `c` ns per item.
    static func floorRecord(_ name: String, swift: Double, c: Double?) -> BenchmarkRecord {
        var counters = ["ns_per_item": swift]
        counters["c_ns_per_item"] = c
        return BenchmarkRecord(name: name, realTimes: [swift * 1000], cpuTimes: [swift * 1000], counters: [counters], threads: 1)
    }

    @Test func theSummaryShowsBothFloorsDividesByTheFasterAndWarnsOverTenPercent() {
        let near = "placement:shortestColumn/items:1000/sections:1/columns:4/threads:1"
        let far = "placement:shortestColumn/items:1000/sections:1/columns:2/threads:1"
        let roundRobin = "placement:roundRobin/items:1000/sections:1/columns:4/threads:1"
        let report = BenchmarkReportTests.report([
            BenchmarkReportTests.record("prepare/optimized/\(near)", [3000]),
            BenchmarkReportTests.record("prepare/optimized/\(far)", [3000]),
            BenchmarkReportTests.record("prepare/optimized/\(roundRobin)", [3000]),
            Self.floorRecord("floor/\(near)", swift: 1.5, c: 1.45),
            Self.floorRecord("floor/\(far)", swift: 2, c: 1.5),
            Self.floorRecord("floor/\(roundRobin)", swift: 1, c: nil),
        ])
        let summary = ReportWriters.markdown(report)
        #expect(summary.contains("| optimized speed-up | optimized / floor | floor Swift / C (ns/item) |"))
        // Divided by the faster: 3 / 1.45, 3 / 1.5; round robin by its Swift floor.
        #expect(summary.contains("| \(near) | 3 | – | – | – | 2.07x | 1.5 / 1.45 |"))
        #expect(summary.contains("| \(far) | 3 | – | – | – | 2x | 2 / 1.5 |"))
        #expect(summary.contains("| \(roundRobin) | 3 | – | – | – | 3x | 1 / – |"))
        // A warning for the floor whose chains differ by more than 10%, and for it only.
        #expect(summary.contains("Warning: the floor of `\(far)` differs by more than 10% between its Swift and C chains "
                                 + "(2 vs 1.5 ns/item, the Swift one 1.33x slower)"))
        #expect(summary.components(separatedBy: "Warning: the floor").count == 2)
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
        #expect(summary.contains("| \(key) | 3 | – | – | – | 2x | 1.5 / – |"))
        // No floor for that workload and thread count: dashes.
        #expect(summary.contains("threads:2 | 5 | – | – | – | – | – |"))
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
