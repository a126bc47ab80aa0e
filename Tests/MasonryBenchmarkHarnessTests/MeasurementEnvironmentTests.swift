// Tests of the measurement environment: this process's description and its round trip through results.
import Foundation
import MasonryBenchmarkHarness
import Testing

@Suite struct MeasurementEnvironmentTests {
    @Test func thisProcessDescribesItself() {
        let environment = MeasurementEnvironment.current(metric: .time, valgrindVersion: nil)
        #expect(environment.metric == "time")
        #expect(environment.valgrindVersion == "not used")
        #expect(!environment.cpuModel.isEmpty && environment.cpuModel != "unknown")
        #if canImport(Glibc)
        #expect(environment.glibcVersion.hasPrefix("glibc 2."))
        #endif
        #expect(["on", "off"].contains(environment.addressRandomization))
        #expect(environment.environmentBytes > 0)
    }

    @Test func theContextRoundTripsThroughTheResultFile() throws {
        var report = BenchmarkReportTests.report([BenchmarkReportTests.record("prepare/optimized/x", [100, 101])])
        report.context.measurement = MeasurementEnvironment(
            metric: "instructions", cpuModel: "AMD EPYC", glibcVersion: "glibc 2.36", valgrindVersion: "valgrind-3.19.0",
            addressRandomization: "off", deterministicHashing: true, environmentBytes: 8344)
        let data = try report.jsonData()
        let context = (try JSONSerialization.jsonObject(with: data) as! [String: Any])["context"] as! [String: Any]
        #expect(context["metric"] as? String == "instructions" && context["aslr"] as? String == "off")
        #expect(context["swift_deterministic_hashing"] as? Int == 1 && context["environment_bytes"] as? Int == 8344)
        let read = try BenchmarkReport(jsonData: data)
        #expect(read.context == report.context)
        #expect(read.context.metric == .instructions)
    }

    @Test func filesWrittenBeforeTheMetricExistedReadAsTime() throws {
        let old = #"{"context": {"suite": "smoke"}, "benchmarks": [{"name": "prepare/optimized/x", "real_time": 5}]}"#
        #expect(try BenchmarkReport(jsonData: Data(old.utf8)).context.metric == .time)
        let unknown = #"{"context": {"metric": "cycles"}, "benchmarks": [{"name": "prepare/optimized/x", "real_time": 5}]}"#
        #expect(throws: BenchmarkReport.ReadError.self) { try BenchmarkReport(jsonData: Data(unknown.utf8)) }
    }
}
