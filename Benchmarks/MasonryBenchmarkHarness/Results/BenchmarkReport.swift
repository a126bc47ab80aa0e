// A run's results as Google Benchmark JSON: its records, its context, and reading and writing them.
import Foundation

/// One benchmark's measurements: a value per repetition (in nanoseconds) and its counters.
package struct BenchmarkRecord: Sendable, Equatable {
    /// `<operation>/<engine>/<key>:<value>/...`, for example
    /// `prepare/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/threads:1`.
    package var name: String
    /// Wall time per repetition, nanoseconds: the whole operation for `prepare` and updates, the
    /// median per-query or per-lookup latency for `query` and `lookup`.
    package var realTimes: [Double]
    /// Process CPU time per repetition, nanoseconds (all threads).
    package var cpuTimes: [Double]
    /// Counters per repetition (`ns_per_item`, `bytes_per_item`, `mallocs`, `hits`, `p50_ns`…).
    package var counters: [[String: Double]]
    package var threads: Int
    /// Instruction mode: the functions the region ran, the top ones by inclusive and by self
    /// count (`FunctionCost.top`), per call; nil in time mode and in files written before.
    package var functions: [FunctionCost]?

    package init(name: String, realTimes: [Double], cpuTimes: [Double], counters: [[String: Double]], threads: Int,
                functions: [FunctionCost]? = nil) {
        self.name = name
        self.realTimes = realTimes
        self.cpuTimes = cpuTimes
        self.counters = counters
        self.threads = threads
        self.functions = functions
    }

    /// The benchmark's name read as Masonry's, or nil for another program's benchmark.
    package var benchmarkName: BenchmarkName? { BenchmarkName(name) }
    /// The engine, the second component of its name.
    package var engine: String { Self.engine(inName: name) }

    /// The engine component of a benchmark name.
    package static func engine(inName name: String) -> String {
        name.split(separator: "/").dropFirst().first.map(String.init) ?? ""
    }

    /// The median over repetitions of a counter.
    package func medianCounter(_ key: String) -> Double? {
        let values = counters.compactMap { $0[key] }
        return values.isEmpty ? nil : SampleStatistics(values).median
    }

    /// The median over repetitions of one of Masonry's counters.
    package func medianCounter(_ counter: BenchmarkCounter) -> Double? { medianCounter(counter.rawValue) }
}

/// Where and how a run was made.
package struct BenchmarkContext: Sendable, Equatable {
    package var date: String
    package var hostName: String
    package var cpuCount: Int
    package var swiftVersion: String
    package var gitCommit: String
    package var jemallocVersion: String
    package var jemallocOptions: String
    package var suite: String
    package var peakResidentBytes: Int
    /// The metric, and what moves instruction counts (CPU model, glibc and valgrind versions…).
    package var measurement: MeasurementEnvironment

    package init(date: String, hostName: String, cpuCount: Int, swiftVersion: String, gitCommit: String,
                jemallocVersion: String, jemallocOptions: String, suite: String, peakResidentBytes: Int,
                measurement: MeasurementEnvironment = .unknown) {
        self.date = date
        self.hostName = hostName
        self.cpuCount = cpuCount
        self.swiftVersion = swiftVersion
        self.gitCommit = gitCommit
        self.jemallocVersion = jemallocVersion
        self.jemallocOptions = jemallocOptions
        self.suite = suite
        self.peakResidentBytes = peakResidentBytes
        self.measurement = measurement
    }

    /// The run's metric (`time` for files written before instruction mode existed).
    package var metric: BenchmarkMetric { BenchmarkMetric(rawValue: measurement.metric) ?? .time }
}

/// A run's results, read and written as Google Benchmark JSON: the format its `compare.py` and
/// many dashboards read (MasonryLayout.docc/Benchmarks.md, "Result files").
package struct BenchmarkReport: Sendable, Equatable {
    package var context: BenchmarkContext
    package var records: [BenchmarkRecord]

    package init(context: BenchmarkContext, records: [BenchmarkRecord]) {
        self.context = context
        self.records = records
    }

    /// The aggregates written after each benchmark's repetitions, in this order.
    package static let aggregateNames = ["mean", "median", "stddev", "min", "p90", "p99"]

    // MARK: Writing

    /// The Google Benchmark JSON document.
    package func jsonData() throws -> Data {
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
                // Once per benchmark (counts repeat exactly), an array: Google Benchmark's readers
                // and older masonry ones read numbers only and pass over it.
                if repetition == 0, let functions = record.functions {
                    entry[Self.functionsKey] = functions.map { ["name": $0.name, "inclusive": $0.inclusive, "self": $0.exclusive] as [String: Any] }
                }
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
                "metric": context.measurement.metric, "cpu_model": context.measurement.cpuModel,
                "glibc_version": context.measurement.glibcVersion, "valgrind_version": context.measurement.valgrindVersion,
                "aslr": context.measurement.addressRandomization,
                "swift_deterministic_hashing": context.measurement.deterministicHashing ? 1 : 0,
                "environment_bytes": context.measurement.environmentBytes,
            ] as [String: Any],
            "benchmarks": benchmarks,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }

    // MARK: Reading

    /// Why a result file cannot be used.
    package struct ReadError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads a Google Benchmark JSON document: the iteration entries give each benchmark's
    /// repetitions; a file with aggregates only gives one value per benchmark (its median).
    package init(jsonData data: Data) throws(ReadError) {
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw ReadError(description: "the file is empty")
        }
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ReadError(description: "not JSON: \(Self.syntaxProblem(in: data, error))")
        }
        guard let root = document as? [String: Any] else { throw ReadError(description: "not a benchmark result file: " + "the top level is not an object") }
        guard let entries = root["benchmarks"] as? [[String: Any]] else {
            throw ReadError(description: "not a benchmark result file: " + "no \"benchmarks\" array")
        }
        let contextObject = root["context"] as? [String: Any] ?? [:]
        context = BenchmarkContext(
            date: contextObject["date"] as? String ?? "", hostName: contextObject["host_name"] as? String ?? "",
            cpuCount: contextObject["num_cpus"] as? Int ?? 0, swiftVersion: contextObject["swift_version"] as? String ?? "",
            gitCommit: contextObject["git_commit"] as? String ?? "", jemallocVersion: contextObject["jemalloc_version"] as? String ?? "",
            jemallocOptions: contextObject["jemalloc_options"] as? String ?? "", suite: contextObject["suite"] as? String ?? "",
            peakResidentBytes: contextObject["peak_resident_bytes"] as? Int ?? 0,
            measurement: MeasurementEnvironment(
                metric: contextObject["metric"] as? String ?? BenchmarkMetric.time.rawValue,
                cpuModel: contextObject["cpu_model"] as? String ?? "", glibcVersion: contextObject["glibc_version"] as? String ?? "",
                valgrindVersion: contextObject["valgrind_version"] as? String ?? "",
                addressRandomization: contextObject["aslr"] as? String ?? "",
                deterministicHashing: contextObject["swift_deterministic_hashing"] as? Int == 1,
                environmentBytes: contextObject["environment_bytes"] as? Int ?? 0))
        if let metric = contextObject["metric"] as? String, BenchmarkMetric(rawValue: metric) == nil {
            throw ReadError(description: "context.metric: must be time or instructions, got '\(metric)'")
        }
        var order: [String] = []
        var byName: [String: BenchmarkRecord] = [:]
        var medians: [String: (Double, Double, Int)] = [:]
        for (index, entry) in entries.enumerated() {
            guard let realTime = entry["real_time"] as? Double, let name = entry["run_name"] as? String ?? entry["name"] as? String else {
                throw ReadError(description: "not a benchmark result file: " + "benchmarks[\(index)] has no name or real_time")
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
            if let functions = entry[Self.functionsKey] as? [[String: Any]] {
                byName[name]!.functions = try Self.functionCosts(functions, entry: index)
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
        guard !records.isEmpty else { throw ReadError(description: "not a benchmark result file: " + "no benchmarks") }
    }

    /// Where and why `data` is not JSON, from Foundation's error ("Invalid value around character
    /// 0."): the line and column, and the text there.
    static func syntaxProblem(in data: Data, _ error: any Error) -> String {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        let bytes = [UInt8](data)
        func position(_ offset: Int) -> String {
            let before = bytes[..<min(offset, bytes.count)]
            let line = before.count { $0 == 0x0A } + 1
            let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return "line \(line), column \(column)"
        }
        if detail.hasPrefix("Unexpected end of file") {
            return "the text ends inside a value (\(position(bytes.count)))"
        }
        if let match = detail.firstMatch(of: /(.*) around character (\d+)\.?/), let offset = Int(match.2), offset <= bytes.count {
            let excerpt = String(decoding: bytes[offset...].prefix { $0 != 0x0A }.prefix(20), as: UTF8.self)
            let what = match.1.prefix(1).lowercased() + match.1.dropFirst()
            return "\(what) at \(position(offset)) ('\(excerpt)')"
        }
        return detail
    }

    /// The iteration entry's key for `BenchmarkRecord.functions`: `[{"name", "inclusive", "self"}]`.
    static let functionsKey = "functions"

    /// A `functions` array read back. O(functions).
    private static func functionCosts(_ objects: [[String: Any]], entry: Int) throws(ReadError) -> [FunctionCost] {
        var costs: [FunctionCost] = []
        for (index, object) in objects.enumerated() {
            guard let name = object["name"] as? String, let inclusive = object["inclusive"] as? Double,
                  let exclusive = object["self"] as? Double else {
                throw ReadError(description: "benchmarks[\(entry)].functions[\(index)] needs a name, inclusive and self")
            }
            costs.append(FunctionCost(name: name, inclusive: inclusive, exclusive: exclusive))
        }
        return costs
    }

    private static let reservedKeys: Set<String> = [
        "functions",
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
