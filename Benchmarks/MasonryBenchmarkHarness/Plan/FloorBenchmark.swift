// The `floor` benchmark: the value chain alone on a workload, timed like `prepare`, per item.
import MasonryLayout

/// `floor/<workload>/threads:1`: the value chain alone (`ValueChainFloor`) on the workload's
/// description, timed like `prepare`: after a warm-up, each repetition lays out every item's y
/// into the same buffer, wall and process CPU time, counter `ns_per_item`. The summary divides
/// the optimized engine's prepare by it (`optimized / floor`): how far from the machine's
/// limit the engine is, measured in the same run.
enum FloorBenchmark {
    /// The floor's name for a workload: the prepare benchmark's `key:value` part, one thread.
    static func name(for workload: Workload) -> BenchmarkName {
        workload.benchmarkName(.floor, engine: nil, threads: 1)
    }

    static func measure(_ name: String, _ description: LayoutDescription, repetitions: Int) -> BenchmarkRecord {
        let items = Double(max(1, description.itemCount))
        let localY = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(1, description.itemCount))
        defer { localY.deallocate() }
        localY.initialize(repeating: 0)
        ValueChainFloor.layOut(description, into: localY)  // warm-up: the buffer's pages are faulted in
        var realTimes: [Double] = []
        var cpuTimes: [Double] = []
        for _ in 0..<repetitions {
            let wall = Clock.wall(), cpu = Clock.cpu()
            ValueChainFloor.layOut(description, into: localY)
            realTimes.append(Clock.wall() - wall)
            cpuTimes.append(Clock.cpu() - cpu)
        }
        blackHole(localY.last)
        return BenchmarkRecord(name: name, realTimes: realTimes, cpuTimes: cpuTimes,
                               counters: realTimes.map { [BenchmarkCounter.nsPerItem.rawValue: $0 / items] }, threads: 1)
    }
}
