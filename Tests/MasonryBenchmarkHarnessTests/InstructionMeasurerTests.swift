// Tests of instruction mode's measurer: its counters, and unusable counts outside callgrind.
@testable import MasonryBenchmarkHarness
import Foundation
import MasonrySupport
import MasonryLayout
import Testing

/// Instruction mode's measurer: its counters, and a count that cannot be read (outside callgrind,
/// no profile is written) makes the counts unusable and says why.
@Suite struct InstructionMeasurerTests {
    @Test func countersNameInstructionsAndPerItem() {
        let measurer = InstructionMeasurer(outputFile: "unused")
        let sample = Sample(real: 800, cpu: 800)
        #expect(measurer.counters(sample) == [BenchmarkCounter.instructions.rawValue: 800])
        #expect(measurer.counters(sample, items: 4)
            == [BenchmarkCounter.instructions.rawValue: 800, BenchmarkCounter.instructionsPerItem.rawValue: 200])
    }

    @Test func withoutCallgrindTheCountsAreUnusable() {
        let outputFile = RemovalAtExit.path("no-callgrind")
        let measurer = InstructionMeasurer(outputFile: outputFile)
        var engine = OptimizedLayoutEngine(Workload(placement: .roundRobin, items: 100, sections: 1, columns: 2).makeDescription())
        let pass = measurer.measureLookups("lookup/optimized/x", on: &engine, paths: [ItemIndexPath(section: 0, item: 1)], batch: 1)
        #expect(pass.sample.real.isNaN && pass.counters[BenchmarkCounter.instructions.rawValue]?.isNaN == true)
        #expect(measurer.problem?.contains("callgrind wrote no profile '\(outputFile).1' for lookup/optimized/x") == true)
    }
}
