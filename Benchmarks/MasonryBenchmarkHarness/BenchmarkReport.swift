import Foundation

/// One benchmark's measurements: a value per repetition (in nanoseconds) and its counters.
public struct BenchmarkRecord: Sendable, Equatable {
    /// `<operation>/<engine>/<key>:<value>/...`, for example
    /// `prepare/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/threads:1`.
    public var name: String
    /// Wall time per repetition, nanoseconds: the whole operation for `prepare` and updates, the
    /// median per-query or per-lookup latency for `query` and `lookup`.
    public var realTimes: [Double]
    /// Process CPU time per repetition, nanoseconds (all threads).
    public var cpuTimes: [Double]
    /// Counters per repetition (`ns_per_item`, `bytes_per_item`, `mallocs`, `hits`, `p50_ns`…).
    public var counters: [[String: Double]]
    public var threads: Int

    public init(name: String, realTimes: [Double], cpuTimes: [Double], counters: [[String: Double]], threads: Int) {
        self.name = name
        self.realTimes = realTimes
        self.cpuTimes = cpuTimes
        self.counters = counters
        self.threads = threads
    }

    /// The benchmark's operation, the first component of its name.
    public var operation: String { String(name.prefix { $0 != "/" }) }
    /// The engine, the second component of its name.
    public var engine: String { name.split(separator: "/").dropFirst().first.map(String.init) ?? "" }

    /// The median over repetitions of a counter.
    public func medianCounter(_ key: String) -> Double? {
        let values = counters.compactMap { $0[key] }
        return values.isEmpty ? nil : SampleStatistics(values).median
    }
}

/// Where and how a run was made.
public struct BenchmarkContext: Sendable, Equatable {
    public var date: String
    public var hostName: String
    public var cpuCount: Int
    public var swiftVersion: String
    public var gitCommit: String
    public var jemallocVersion: String
    public var jemallocOptions: String
    public var suite: String
    public var peakResidentBytes: Int

    public init(date: String, hostName: String, cpuCount: Int, swiftVersion: String, gitCommit: String,
                jemallocVersion: String, jemallocOptions: String, suite: String, peakResidentBytes: Int) {
        self.date = date
        self.hostName = hostName
        self.cpuCount = cpuCount
        self.swiftVersion = swiftVersion
        self.gitCommit = gitCommit
        self.jemallocVersion = jemallocVersion
        self.jemallocOptions = jemallocOptions
        self.suite = suite
        self.peakResidentBytes = peakResidentBytes
    }
}

/// A run's results, read and written as Google Benchmark JSON: the format its `compare.py` and
/// many dashboards read (README.md, "Result files").
public struct BenchmarkReport: Sendable, Equatable {
    public var context: BenchmarkContext
    public var records: [BenchmarkRecord]

    public init(context: BenchmarkContext, records: [BenchmarkRecord]) {
        self.context = context
        self.records = records
    }

    /// The aggregates written after each benchmark's repetitions, in this order.
    public static let aggregateNames = ["mean", "median", "stddev", "min", "p90", "p99"]

    // MARK: Writing

    /// The Google Benchmark JSON document.
    public func jsonData() throws -> Data {
        var benchmarks: [[String: Any]] = []
        for (family, record) in records.enumerated() {
            for repetition in record.realTimes.indices {
                var entry: [String: Any] = [
                    "name": record.name, "run_name": record.name, "run_type": "iteration",
                    "family_index": family, "per_family_instance_index": 0,
                    "repetitions": record.realTimes.count, "repetition_index": repetition,
                    "threads": record.threads, "iterations": 1,
                    "real_time": record.realTimes[repetition], "cpu_time": record.cpuTimes[repetition], "time_unit": "ns",
                ]
                for (key, value) in record.counters[repetition] { entry[key] = value }
                benchmarks.append(entry)
            }
            let real = SampleStatistics(record.realTimes)
            let cpu = SampleStatistics(record.cpuTimes)
            for aggregate in Self.aggregateNames {
                let pick = { (statistics: SampleStatistics) -> Double in
                    switch aggregate {
                    case "mean": statistics.mean
                    case "median": statistics.median
                    case "stddev": statistics.standardDeviation
                    case "min": statistics.minimum
                    case "p90": statistics.p90
                    default: statistics.p99
                    }
                }
                var entry: [String: Any] = [
                    "name": "\(record.name)_\(aggregate)", "run_name": record.name, "run_type": "aggregate",
                    "family_index": family, "per_family_instance_index": 0,
                    "repetitions": record.realTimes.count, "threads": record.threads,
                    "aggregate_name": aggregate, "aggregate_unit": "time", "iterations": record.realTimes.count,
                    "real_time": pick(real), "cpu_time": pick(cpu), "time_unit": "ns",
                ]
                let counterKeys = Set(record.counters.flatMap(\.keys))
                for key in counterKeys.sorted() {
                    let values = record.counters.compactMap { $0[key] }
                    if !values.isEmpty { entry[key] = pick(SampleStatistics(values)) }
                }
                benchmarks.append(entry)
            }
        }
        let document: [String: Any] = [
            "context": [
                "date": context.date, "host_name": context.hostName, "executable": "masonry bench",
                "num_cpus": context.cpuCount, "library_build_type": "release",
                "swift_version": context.swiftVersion, "git_commit": context.gitCommit,
                "jemalloc_version": context.jemallocVersion, "jemalloc_options": context.jemallocOptions,
                "suite": context.suite, "peak_resident_bytes": context.peakResidentBytes,
            ] as [String: Any],
            "benchmarks": benchmarks,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }

    // MARK: Reading

    /// Why a result file cannot be used.
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads a Google Benchmark JSON document: the iteration entries give each benchmark's
    /// repetitions; a file with aggregates only gives one value per benchmark (its median).
    public init(jsonData data: Data) throws(ReadError) {
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ReadError(description: "not JSON (\(error.localizedDescription))")
        }
        guard let root = document as? [String: Any] else { throw ReadError(description: "the top level is not an object") }
        guard let entries = root["benchmarks"] as? [[String: Any]] else {
            throw ReadError(description: "no \"benchmarks\" array")
        }
        let contextObject = root["context"] as? [String: Any] ?? [:]
        context = BenchmarkContext(
            date: contextObject["date"] as? String ?? "", hostName: contextObject["host_name"] as? String ?? "",
            cpuCount: contextObject["num_cpus"] as? Int ?? 0, swiftVersion: contextObject["swift_version"] as? String ?? "",
            gitCommit: contextObject["git_commit"] as? String ?? "", jemallocVersion: contextObject["jemalloc_version"] as? String ?? "",
            jemallocOptions: contextObject["jemalloc_options"] as? String ?? "", suite: contextObject["suite"] as? String ?? "",
            peakResidentBytes: contextObject["peak_resident_bytes"] as? Int ?? 0)
        var order: [String] = []
        var byName: [String: BenchmarkRecord] = [:]
        var medians: [String: (Double, Double, Int)] = [:]
        for (index, entry) in entries.enumerated() {
            guard let realTime = entry["real_time"] as? Double, let name = entry["run_name"] as? String ?? entry["name"] as? String else {
                throw ReadError(description: "benchmarks[\(index)] has no name or real_time")
            }
            let scale = Self.nanoseconds(per: entry["time_unit"] as? String ?? "ns")
            let cpuTime = (entry["cpu_time"] as? Double ?? realTime) * scale
            let threads = entry["threads"] as? Int ?? 1
            if (entry["run_type"] as? String ?? "iteration") == "aggregate" {
                if entry["aggregate_name"] as? String == "median" { medians[name] = (realTime * scale, cpuTime, threads) }
                continue
            }
            var counters: [String: Double] = [:]
            for (key, value) in entry where !Self.reservedKeys.contains(key) {
                if let number = value as? Double { counters[key] = number }
            }
            if byName[name] == nil {
                order.append(name)
                byName[name] = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: threads)
            }
            byName[name]!.realTimes.append(realTime * scale)
            byName[name]!.cpuTimes.append(cpuTime)
            byName[name]!.counters.append(counters)
        }
        for (name, median) in medians.sorted(by: { $0.key < $1.key }) where byName[name] == nil {
            order.append(name)
            byName[name] = BenchmarkRecord(name: name, realTimes: [median.0], cpuTimes: [median.1], counters: [[:]], threads: median.2)
        }
        records = order.map { byName[$0]! }
        guard !records.isEmpty else { throw ReadError(description: "no benchmarks") }
    }

    private static let reservedKeys: Set<String> = [
        "name", "run_name", "run_type", "family_index", "per_family_instance_index", "repetitions",
        "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
        "aggregate_name", "aggregate_unit", "label", "error_occurred", "error_message",
    ]

    private static func nanoseconds(per unit: String) -> Double {
        switch unit {
        case "us": 1e3
        case "ms": 1e6
        case "s": 1e9
        default: 1
        }
    }
}
