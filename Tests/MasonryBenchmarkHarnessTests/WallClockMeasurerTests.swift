// Tests of time mode's measurer: per-call times, per-query latency percentiles, batched lookups, session frames.
@testable import MasonryBenchmarkHarness
import MasonryLayout
import Testing

/// Time mode's measurer: per-call wall and CPU time, per-query latency percentiles, batched lookups.
@Suite struct WallClockMeasurerTests {
    static let description = Workload(placement: .shortestColumn, items: 2000, sections: 2, columns: 4).makeDescription()

    @Test func aRegionIsTimedPerCall() {
        let measurer = WallClockMeasurer()
        var sum = 0.0
        let sample = measurer.measure("region", calls: 10) { for value in 0..<100_000 { sum += Double(value) } }
        blackHole(sum)
        #expect(sample.real > 0 && sample.cpu > 0)
        #expect(measurer.counters(sample, items: 4) == [BenchmarkCounter.nsPerItem.rawValue: sample.real / 4])
        #expect(measurer.counters(sample).isEmpty)
        #expect(measurer.problem == nil)
    }

    @Test(arguments: [false, true])
    func queriesReportPercentilesAndHitsPerRepetition(pinsHeaders: Bool) {
        var engine = OptimizedLayoutEngine(Self.description)
        let rects = (0..<12).map { Rect(x: 0, y: Double($0) * 50, width: 390, height: 844) }
        let record = WallClockMeasurer().measureQueries("query", on: &engine, rects: rects, count: 4, repetitions: 2, pinsHeaders: pinsHeaders)
        #expect(record.realTimes.count == 2 && record.cpuTimes.count == 2)
        let hits = Double(rects[4..<8].map { ScrollAndColdLookupBenchmarks.query(engine, $0, pinsHeaders: pinsHeaders).count }.reduce(0, +)) / 4
        #expect(record.counters.first?[BenchmarkCounter.hits.rawValue] == hits)
        #expect(record.counters.allSatisfy { $0.keys.contains(BenchmarkCounter.p99.rawValue) })
    }

    /// A session's frames: each called once, in order; one repetition with the per-frame counters.
    @Test func aSessionsFramesAreOneRepetitionWithPerFrameCounters() {
        var calls: [Int] = []
        let record = WallClockMeasurer().measureFrames("session", count: 50) {
            calls.append(calls.count)
            return 3
        }
        #expect(calls == Array(0..<50))
        #expect(record.realTimes.count == 1 && record.cpuTimes.count == 1 && record.counters.count == 1)
        let counters = record.counters[0]
        #expect(counters[BenchmarkCounter.frames.rawValue] == 50)
        #expect(record.realTimes[0] == counters[BenchmarkCounter.p50.rawValue])
        for (low, high) in [(BenchmarkCounter.p50, BenchmarkCounter.p99), (.p99, .max), (.cpuP50, .cpuP99), (.cpuP99, .cpuMax)] {
            #expect(counters[low.rawValue]! <= counters[high.rawValue]!)
        }
        #expect((0..<50).contains(Int(counters[BenchmarkCounter.slowestFrame.rawValue]!)))
        #expect((0...50).contains(Int(counters[BenchmarkCounter.framesOverBudget.rawValue]!)))
    }

    @Test func aLookupPassIsTheMedianBatch() {
        var engine = OptimizedLayoutEngine(Self.description)
        let paths = (0..<40).map { ItemIndexPath(section: $0 % 2, item: $0) }
        let pass = WallClockMeasurer().measureLookups("lookup", on: &engine, paths: paths, batch: 10)
        #expect(pass.sample.real > 0 && pass.sample.cpu > 0)
        #expect(pass.counters.isEmpty)
    }
}
