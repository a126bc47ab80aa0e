// Tests of the callgrind instruction counter: profile totals, wrong or missing dumps, unrepeated counts.
@testable import MasonryBenchmarkHarness
import Testing

@Suite struct InstructionCounterTests {
    static let profile = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 6657
        cmd:  ./masonry bench
        part: 1

        desc: Timerange: Basic block 0 - 100001
        desc: Trigger: Client Request: prepare/optimized/x

        positions: line
        events: Ir
        summary: 0

        fn=(0) main
        0 600003

        totals: 600003
        """

    @Test func theTotalsLineIsTheCount() throws {
        #expect(try InstructionCounter.totalInstructions(inProfile: Self.profile, trigger: "prepare/optimized/x").get() == 600_003)
    }

    @Test(arguments: [
        ("prepare/optimized/y", "the dump is for 'Client Request: prepare/optimized/x', expected 'prepare/optimized/y'"),
    ])
    func aDumpOfAnotherRegionIsRefused(trigger: String, message: String) {
        #expect(throws: InstructionCounter.ProfileError.self) {
            try InstructionCounter.totalInstructions(inProfile: Self.profile, trigger: trigger).get()
        }
        if case .failure(let failure) = InstructionCounter.totalInstructions(inProfile: Self.profile, trigger: trigger) {
            #expect(failure.description == message)
        }
    }

    @Test func aProfileWithoutTotalsIsRefused() {
        let truncated = Self.profile.replacingOccurrences(of: "totals: 600003", with: "")
        #expect(throws: InstructionCounter.ProfileError.self) {
            try InstructionCounter.totalInstructions(inProfile: truncated, trigger: "prepare/optimized/x").get()
        }
    }

    @Test func outsideValgrindTheCounterReportsWhyItCannotCount() {
        let counter = InstructionCounter(outputFile: "/nonexistent/callgrind.out")
        var ran = false
        #expect(counter.count("prepare/optimized/x") { ran = true }.isNaN)
        #expect(ran)
        #expect(counter.problem?.contains("callgrind wrote no profile '/nonexistent/callgrind.out.1'") == true)
    }

    @Test func repetitionsThatDoNotRepeatAreReported() {
        let steady = BenchmarkRecord(name: "prepare/optimized/a", realTimes: [100_000, 100_005], cpuTimes: [0, 0],
                                     counters: [["instructions": 100_000], ["instructions": 100_005]], threads: 1)
        let unsteady = BenchmarkRecord(name: "prepare/optimized/b", realTimes: [100_000, 100_020], cpuTimes: [0, 0],
                                       counters: [["instructions": 100_000], ["instructions": 100_020]], threads: 1)
        let report = BenchmarkReportTests.report([steady, unsteady])
        #expect(report.unsteadyInstructionCounts() == [
            "prepare/optimized/b: instruction counts differ by 0.02% between repetitions (100000 to 100020)",
        ])
    }
}
