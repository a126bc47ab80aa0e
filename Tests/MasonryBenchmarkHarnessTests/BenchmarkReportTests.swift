import Foundation
import MasonryBenchmarkHarness
import Testing

@Suite struct BenchmarkReportTests {
    static func record(_ name: String, _ times: [Double]) -> BenchmarkRecord {
        BenchmarkRecord(name: name, realTimes: times, cpuTimes: times, counters: times.map { ["ns_per_item": $0 / 1000] }, threads: 1)
    }

    static func report(_ records: [BenchmarkRecord]) -> BenchmarkReport {
        BenchmarkReport(context: BenchmarkContext(
            date: "2026-11-30T00:00:00Z", hostName: "host", cpuCount: 2, swiftVersion: "6.3", gitCommit: "abc",
            jemallocVersion: "5.3.0", jemallocOptions: "dirty_decay_ms:-1", suite: "smoke", peakResidentBytes: 1 << 20),
            records: records)
    }

    @Test func googleBenchmarkJSONRoundTrips() throws {
        let original = Self.report([
            Self.record("prepare/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1", [100, 110, 105, 95, 102]),
            Self.record("query/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1/rect:viewport", [1, 2, 3, 4, 5]),
        ])
        let data = try original.jsonData()
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let entries = object["benchmarks"] as! [[String: Any]]
        // 5 iterations and 6 aggregates per benchmark.
        #expect(entries.count == 22)
        #expect(entries.filter { $0["run_type"] as? String == "iteration" }.count == 10)
        #expect(Set(entries.compactMap { $0["aggregate_name"] as? String }) == ["mean", "median", "stddev", "min", "p90", "p99"])
        #expect(entries.first?["time_unit"] as? String == "ns")
        let context = object["context"] as! [String: Any]
        for key in ["date", "host_name", "num_cpus", "swift_version", "git_commit", "jemalloc_version", "jemalloc_options"] {
            #expect(context[key] != nil, "context.\(key)")
        }
        let read = try BenchmarkReport(jsonData: data)
        #expect(read.records.map(\.name) == original.records.map(\.name))
        #expect(read.records[0].realTimes == original.records[0].realTimes)
        #expect(read.records[0].counters[0]["ns_per_item"] == 0.1)
    }

    @Test(arguments: ["", "{", "[]", "{\"benchmarks\": 3}", "{\"benchmarks\": []}", "{\"benchmarks\": [{\"name\": \"x\"}]}"])
    func unusableFilesAreRefused(text: String) {
        #expect(throws: BenchmarkReport.ReadError.self) { try BenchmarkReport(jsonData: Data(text.utf8)) }
    }
}

/// The regression gate: a planted 2x slowdown is flagged, a re-run of the same measurements is not.
@Suite struct ComparisonTests {
    let baseline = BenchmarkReportTests.report([
        BenchmarkReportTests.record("prepare/a", [100, 102, 98, 101, 99]),
        BenchmarkReportTests.record("prepare/b", [50, 51, 49, 50, 52]),
    ])

    @Test func aPlantedSlowdownIsARegression() throws {
        let current = BenchmarkReportTests.report([
            BenchmarkReportTests.record("prepare/a", [200, 204, 196, 202, 198]),
            BenchmarkReportTests.record("prepare/b", [50, 52, 49, 51, 50]),
        ])
        let comparison = try #require(Comparison(baseline: baseline, current: current, thresholdPercent: 10, alpha: 0.05))
        #expect(comparison.regressions.map(\.name) == ["prepare/a"])
        #expect(comparison.table().contains("| prepare/a | 100 ns | 200 ns | +100% | 0.008 | regression |"))
    }

    @Test func theSameMeasurementsAreNoRegression() throws {
        let comparison = try #require(Comparison(baseline: baseline, current: baseline, thresholdPercent: 10, alpha: 0.05))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.rows.allSatisfy { $0.verdict == .same })
    }

    @Test func aSmallOrNoisyChangeIsNoRegression() throws {
        // 5% slower, consistently: under the threshold.
        let slower = BenchmarkReportTests.report([BenchmarkReportTests.record("prepare/a", [105, 107, 103, 106, 104])])
        #expect(try #require(Comparison(baseline: baseline, current: slower, thresholdPercent: 10, alpha: 0.05)).regressions.isEmpty)
        // A median 30% slower from overlapping, noisy samples: not significant.
        let noisy = BenchmarkReportTests.report([BenchmarkReportTests.record("prepare/a", [60, 130, 140, 90, 135])])
        #expect(try #require(Comparison(baseline: baseline, current: noisy, thresholdPercent: 10, alpha: 0.05)).regressions.isEmpty)
    }

    @Test func runsWithNothingInCommonCannotBeCompared() {
        let other = BenchmarkReportTests.report([BenchmarkReportTests.record("prepare/c", [1, 2])])
        #expect(Comparison(baseline: baseline, current: other, thresholdPercent: 10, alpha: 0.05) == nil)
    }
}
