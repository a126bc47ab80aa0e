// Time mode's measurer: wall and CPU time per region, queries timed one by one, lookups in batches.
import MasonryLayout

/// Time mode's measurer: wall and process CPU time read with `Clock` around each region; queries
/// timed one by one (percentiles of real per-query latencies), lookups in batches.
struct WallClockMeasurer: Measurer {
    @inline(__always)
    func measure(_ name: String, calls: Int, _ region: () -> Void) -> Sample {
        let (wall, cpu) = Clock.time(region)
        return Sample(real: wall / Double(calls), cpu: cpu / Double(calls))
    }

    /// `ns_per_item` where the region handles `items` items; none otherwise.
    func counters(_ sample: Sample, items: Int?) -> [String: Double] {
        items.map { [BenchmarkCounter.nsPerItem.rawValue: sample.real / Double(max(1, $0))] } ?? [:]
    }

    /// Each query timed on its own, minus the clock's median cost: a repetition's real time is
    /// the p50, its CPU time the mean per query, its counters the percentiles and `hits`.
    /// Never inlined, as `InstructionMeasurer`'s: the timed loop's code is its own.
    @inline(never)
    func measureQueries<Engine: LayoutEngine>(
        _ name: String, on engine: inout Engine, rects: [Rect], count: Int, repetitions: Int, pinsHeaders: Bool
    ) -> BenchmarkRecord {
        let timerCost = Self.timerCost()
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        for repetition in 1...repetitions {
            var latencies: [Double] = []
            var hits = 0
            let cpu = Clock.cpu()
            for rect in rects[(repetition * count)..<((repetition + 1) * count)] {
                let start = Clock.wall()
                let found = ScrollAndColdLookupBenchmarks.query(engine, rect, pinsHeaders: pinsHeaders)
                latencies.append(max(0, Clock.wall() - start - timerCost))
                hits += found.count
            }
            let statistics = SampleStatistics(latencies)
            let cpuPerQuery = (Clock.cpu() - cpu) / Double(count)
            record.realTimes.append(statistics.median)
            record.cpuTimes.append(cpuPerQuery)
            record.counters.append([BenchmarkCounter.p50.rawValue: statistics.median, BenchmarkCounter.p90.rawValue: statistics.p90,
                                    BenchmarkCounter.p99.rawValue: statistics.p99, BenchmarkCounter.max.rawValue: statistics.maximum,
                                    BenchmarkCounter.hits.rawValue: Double(hits) / Double(count)])
        }
        return record
    }

    /// Lookups take nanoseconds: each sample times a batch and divides; the pass's real time is
    /// the median batch, its CPU time the mean per lookup (the median's cost included).
    @inline(never)
    func measureLookups<Engine: LayoutEngine>(
        _ name: String, on engine: inout Engine, paths: [ItemIndexPath], batch: Int
    ) -> (sample: Sample, counters: [String: Double]) {
        var batches: [Double] = []
        var found = 0.0
        let cpu = Clock.cpu()
        for start in stride(from: 0, to: paths.count, by: batch) {
            let wall = Clock.wall()
            for path in paths[start..<(start + batch)] { found += ScrollAndColdLookupBenchmarks.consume(engine.frame(ofItemAt: path)) }
            batches.append((Clock.wall() - wall) / Double(batch))
        }
        blackHole(found)
        let median = SampleStatistics(batches).median
        return (Sample(real: median, cpu: (Clock.cpu() - cpu) / Double(paths.count)), [:])
    }

    /// Each frame timed on its own, minus the clock's median cost: the real time is the p50, the
    /// CPU time the mean per frame, the counters the percentiles, the maximum, `frames`,
    /// `frames_over_budget` (over 8.33 ms, one frame at 120 Hz), `slowest_frame`, and the
    /// process CPU time's per-frame p50, p99 and maximum: what a busy machine's other processes
    /// do not add (on two shared cores at load 4 to 6, the 1M-item estimated session's wall p99
    /// was 2.2 times its CPU p99, 15.5 against 7.0 ms).
    func measureFrames(_ name: String, count: Int, _ frame: () -> Int) -> BenchmarkRecord {
        let timerCost = Self.timerCost()
        var latencies: [Double] = [], cpuTimes: [Double] = []
        latencies.reserveCapacity(count)
        cpuTimes.reserveCapacity(count)
        var found = 0
        for _ in 0..<count {
            let (wall, cpu) = Clock.time { found += frame() }
            latencies.append(max(0, wall - timerCost))
            cpuTimes.append(cpu)
        }
        blackHole(found)
        let statistics = SampleStatistics(latencies), cpu = SampleStatistics(cpuTimes)
        let cpuPerFrame = cpuTimes.reduce(0, +) / Double(max(1, count))
        let over = latencies.count { $0 > SessionVariant.frameBudget }
        return BenchmarkRecord(
            name: name, realTimes: [statistics.median], cpuTimes: [cpuPerFrame],
            counters: [[BenchmarkCounter.p50.rawValue: statistics.median, BenchmarkCounter.p90.rawValue: statistics.p90,
                        BenchmarkCounter.p99.rawValue: statistics.p99, BenchmarkCounter.max.rawValue: statistics.maximum,
                        BenchmarkCounter.frames.rawValue: Double(count), BenchmarkCounter.framesOverBudget.rawValue: Double(over),
                        BenchmarkCounter.slowestFrame.rawValue: Double(latencies.indices.max { latencies[$0] < latencies[$1] } ?? 0),
                        BenchmarkCounter.cpuP50.rawValue: cpu.median, BenchmarkCounter.cpuP99.rawValue: cpu.p99,
                        BenchmarkCounter.cpuMax.rawValue: cpu.maximum]],
            threads: 1)
    }

    /// Times are always usable.
    var problem: String? { nil }

    /// The median cost of reading the clock twice, subtracted from per-query latencies.
    private static func timerCost() -> Double {
        SampleStatistics((0..<1000).map { _ in
            let start = Clock.wall()
            return Clock.wall() - start
        }).median
    }
}
