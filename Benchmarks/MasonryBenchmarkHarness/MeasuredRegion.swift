/// One measurement of a benchmark's region, per call of the measured operation: wall and process
/// CPU nanoseconds in time mode; in instruction mode both hold the instructions callgrind counted.
struct Sample {
    var real: Double
    var cpu: Double
}

extension BenchmarkRunner {
    /// Measures one run of `region`, which makes `calls` calls of the benchmark's operation: its
    /// wall and CPU time, or under callgrind its instructions, divided by `calls`. Everything
    /// outside the closure (setup, inputs, warm-up, verification) is neither timed nor counted.
    @inline(__always)
    func measure(_ name: String, calls: Int = 1, _ region: () -> Void) -> Sample {
        if let instructionCounter {
            let instructions = instructionCounter.count(name, region) / Double(calls)
            return Sample(real: instructions, cpu: instructions)
        }
        let wall = Clock.wall(), cpu = Clock.cpu()
        region()
        return Sample(real: (Clock.wall() - wall) / Double(calls), cpu: (Clock.cpu() - cpu) / Double(calls))
    }

    /// Whether the measured regions are counted by callgrind (instruction mode) instead of timed.
    var countsInstructions: Bool { instructionCounter != nil }

    /// A sample's per-repetition counters: `ns_per_item` in time mode; `instructions` and, where
    /// the region handles `items` items, `instructions_per_item` in instruction mode.
    func counters(_ sample: Sample, items: Int? = nil) -> [String: Double] {
        let perItem = items.map { sample.real / Double(max(1, $0)) }
        if countsInstructions {
            return perItem.map { [BenchmarkCounter.instructions.rawValue: sample.real, BenchmarkCounter.instructionsPerItem.rawValue: $0] }
                ?? [BenchmarkCounter.instructions.rawValue: sample.real]
        }
        return perItem.map { [BenchmarkCounter.nsPerItem.rawValue: $0] } ?? [:]
    }
}

extension BenchmarkRecord {
    /// Appends one repetition.
    mutating func append(_ sample: Sample, counters: [String: Double]) {
        realTimes.append(sample.real)
        cpuTimes.append(sample.cpu)
        self.counters.append(counters)
    }
}
