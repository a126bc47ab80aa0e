// Tests of benchmark result files: the Google Benchmark JSON round trip and unusable files refused.
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

    /// Function counts ride on the first iteration entry as an array, and read back.
    @Test func functionCountsRoundTrip() throws {
        var record = Self.record("query/optimized/x", [3, 3, 3])
        record.functions = [FunctionCost(name: "SectionQuery.find<A>(in:)", inclusive: 120.5, exclusive: 80),
                            FunctionCost(name: "swift_retain", inclusive: 4, exclusive: 4)]
        let data = try Self.report([record]).jsonData()
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])["benchmarks"] as! [[String: Any]]
        #expect(entries.filter { $0["functions"] != nil }.map { $0["repetition_index"] as? Int } == [0])
        let read = try BenchmarkReport(jsonData: data)
        #expect(read.records[0].functions == record.functions)
        #expect(read.records[0].counters[0]["functions"] == nil)
    }

    /// A file written before function counts (no `functions` key) still reads, without them.
    @Test func aFileWithoutFunctionCountsReads() throws {
        let old = """
            {"context": {"metric": "instructions"}, "benchmarks": [
              {"name": "query/optimized/x", "run_name": "query/optimized/x", "run_type": "iteration",
               "real_time": 3610.0, "cpu_time": 3610.0, "time_unit": "ns", "instructions": 3610.0}]}
            """
        let read = try BenchmarkReport(jsonData: Data(old.utf8))
        #expect(read.records[0].functions == nil)
        #expect(read.records[0].medianCounter("instructions") == 3610)
    }

    @Test func malformedFunctionCountsAreRefused() {
        let text = """
            {"benchmarks": [{"name": "x", "real_time": 1.0, "functions": [{"name": "f", "inclusive": 1.0}]}]}
            """
        #expect { try BenchmarkReport(jsonData: Data(text.utf8)) } throws: { error in
            "\(error)".contains("benchmarks[0].functions[0] needs a name, inclusive and self")
        }
    }
}
