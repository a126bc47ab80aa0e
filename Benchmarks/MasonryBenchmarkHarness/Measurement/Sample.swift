// One measurement of a benchmark's region, per call: wall and CPU nanoseconds, or instructions.
/// One measurement of a benchmark's region, per call of the measured operation: wall and process
/// CPU nanoseconds in time mode; in instruction mode both hold the instructions callgrind counted.
struct Sample {
    var real: Double
    var cpu: Double
}

extension BenchmarkRecord {
    /// Appends one repetition.
    mutating func append(_ sample: Sample, counters: [String: Double]) {
        realTimes.append(sample.real)
        cpuTimes.append(sample.cpu)
        self.counters.append(counters)
    }
}
