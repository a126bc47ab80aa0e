// The `floor` benchmark: the value chain alone on a workload, timed like `prepare`, per item.
import MasonryLayout

/// `floor/<workload>/threads:1`: the value chain alone (`ValueChainFloor`) on the workload's
/// description, timed like `prepare`: after a warm-up, each repetition lays out every item's y
/// into the same buffer, wall and process CPU time, counter `ns_per_item`. For shortest column
/// each repetition also runs the C build of the same chain (`CValueChain`), counter
/// `c_ns_per_item`, the two in turns (which goes first alternates), so that both see the same
/// machine. The summary divides the optimized engine's prepare by the faster of the two
/// (`optimized / floor`): how far from the machine's limit the engine is, measured in the same
/// run; and warns when they differ by more than 10%, a Swift floor that is not the floor.
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
        let withC = CValueChain.covers(description)
        // Warm-up: the buffer's pages are faulted in, both chains' code and data are cached.
        ValueChainFloor.layOut(description, into: localY)
        if withC { CValueChain.layOut(description, into: localY) }
        var realTimes: [Double] = []
        var cpuTimes: [Double] = []
        var counters: [[String: Double]] = []
        for repetition in 0..<repetitions {
            var cTime: Double?
            if withC, repetition % 2 == 1 { cTime = Clock.time { CValueChain.layOut(description, into: localY) }.wall }
            let swift = Clock.time { ValueChainFloor.layOut(description, into: localY) }
            if withC, repetition % 2 == 0 { cTime = Clock.time { CValueChain.layOut(description, into: localY) }.wall }
            realTimes.append(swift.wall)
            cpuTimes.append(swift.cpu)
            var counter = [BenchmarkCounter.nsPerItem.rawValue: swift.wall / items]
            if let cTime { counter[BenchmarkCounter.cNsPerItem.rawValue] = cTime / items }
            counters.append(counter)
        }
        blackHole(localY.last)
        return BenchmarkRecord(name: name, realTimes: realTimes, cpuTimes: cpuTimes, counters: counters, threads: 1)
    }
}
