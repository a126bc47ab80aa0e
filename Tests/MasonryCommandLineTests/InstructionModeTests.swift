// End-to-end tests of `masonry bench --metric instructions` under callgrind: counts repeat exactly.
import Foundation
import MasonryBenchmarkHarness
import Testing

/// `masonry bench --metric instructions`, end to end: the built tool re-runs itself under
/// callgrind (valgrind is installed by Scripts/lib/requirements.sh), and counts repeat exactly.
@Suite struct InstructionModeTests {
    /// The `masonry` executable of this build (`swift build --build-tests` builds it beside the tests).
    static let tool = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/masonry").path

    static func bench(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["bench"] + arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, error)
    }

    @Test func countsRepeatExactlyFromRunToRun() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tool), "build the tool first: swift build --build-tests")
        let directory = temporaryPath("instructions")
        var reports: [BenchmarkReport] = []
        for run in 0..<2 {
            let out = directory.appendingPathComponent("run\(run).json").path
            let result = try Self.bench(["--metric", "instructions", "--suite", "smoke", "--engines", "optimized",
                                         "--filter", "prepare/optimized/placement:roundRobin/items:1000/", "--out", out])
            #expect(result.status == 0, "\(result.error)")
            reports.append(try BenchmarkReport(jsonData: Data(contentsOf: URL(fileURLWithPath: out))))
        }
        let record = try #require(reports[0].records.first)
        #expect(record.name == "prepare/optimized/placement:roundRobin/items:1000/sections:1/columns:4/threads:1")
        let instructions = try #require(record.medianCounter("instructions"))
        #expect(instructions > 1000)
        #expect(record.medianCounter("instructions_per_item") == instructions / 1000)
        #expect(record.realTimes == [instructions])
        #expect(reports[1].records.first?.medianCounter("instructions") == instructions)
        // The region's functions, per item of the prepare, demangled, the same from run to run.
        let functions = try #require(record.functions)
        #expect(functions.count >= 2 && functions.count <= 2 * FunctionCost.keptPerCount)
        #expect(functions.contains { $0.name.hasPrefix("MasonryLayout.") }, "\(functions.map(\.name))")
        #expect(!functions.contains { $0.name.hasPrefix("$s") })
        #expect(functions.allSatisfy { $0.exclusive <= instructions && $0.exclusive <= $0.inclusive })
        #expect(reports[1].records.first?.functions == functions)
        let context = reports[0].context
        #expect(context.metric == .instructions)
        #expect(context.measurement.valgrindVersion.hasPrefix("valgrind-"))
        #expect(context.measurement.deterministicHashing)
        #expect(["on", "off"].contains(context.measurement.addressRandomization))
        #expect(context.measurement.environmentBytes == reports[1].context.measurement.environmentBytes)
        #expect(context.gitCommit != "unknown")
    }
}
