// Tests that result files as Google Benchmark writes them (integer times, repetitions, units) are read.
import Foundation
import MasonryBenchmarkHarness
import Testing

/// `masonry compare` reads what Google Benchmark writes and its `compare.py` reads: integer
/// times, repeated names as repetitions, a context with other fields, other time units.
@Suite struct GoogleBenchmarkFileTests {
    /// The shape of google/benchmark's own `tools/gbench/Inputs/test3_run0.json`: numbers written as
    /// integers, a benchmark repeated under one name, no `run_name`, no `run_type`.
    static let googleBenchmarkOutput = """
        {
          "context": {
            "date": "2026-11-30 17:44:46",
            "num_cpus": 4,
            "mhz_per_cpu": 3000,
            "cpu_scaling_enabled": false,
            "library_build_type": "release"
          },
          "benchmarks": [
            {"name": "BM_Layout", "iterations": 1000, "real_time": 10, "cpu_time": 100, "time_unit": "ns"},
            {"name": "BM_Query", "iterations": 1000, "real_time": 9, "cpu_time": 90, "time_unit": "ns"},
            {"name": "BM_Query", "iterations": 1000, "real_time": 8, "cpu_time": 80, "time_unit": "ns"},
            {"name": "BM_Lookup", "iterations": 500, "real_time": 2, "cpu_time": 2.5, "time_unit": "us",
             "bytes_per_second": 1048576, "items_per_second": 12}
          ]
        }
        """

    @Test func readsIntegersRepetitionsAndUnits() throws {
        let report = try BenchmarkReport(jsonData: Data(Self.googleBenchmarkOutput.utf8))
        #expect(report.records.map(\.name) == ["BM_Layout", "BM_Query", "BM_Lookup"])
        #expect(report.records[0].realTimes == [10])
        #expect(report.records[0].cpuTimes == [100])
        #expect(report.records[1].realTimes == [9, 8])
        #expect(report.records[2].realTimes == [2000])
        #expect(report.records[2].cpuTimes == [2500])
        #expect(report.records[2].counters == [["bytes_per_second": 1_048_576, "items_per_second": 12]])
        #expect(report.context.cpuCount == 4)
    }

    @Test func aFileComparedWithItselfHasNoRegression() throws {
        let report = try BenchmarkReport(jsonData: Data(Self.googleBenchmarkOutput.utf8))
        let comparison = try #require(Comparison(baseline: report, current: report))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.rows.count == 3)
    }
}
