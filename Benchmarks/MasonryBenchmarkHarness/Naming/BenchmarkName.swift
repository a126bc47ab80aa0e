// A benchmark's name, `<operation>/<engine>/<key>:<value>/…`: built and read in one place.
/// A benchmark's name, `<operation>/<engine>/<key>:<value>/…` (MasonryLayout.docc/Benchmarks.md, "Result files"), or
/// `floor/<key>:<value>/…`, which has no engine: built and read in one place instead of by
/// string concatenation and splitting.
package struct BenchmarkName: Hashable, Sendable, CustomStringConvertible {
    package var operation: BenchmarkOperation
    /// Nil for the floor, which runs no engine.
    package var engine: BenchmarkEngine?
    /// The workload's `key:value` components, in order (`placement:shortestColumn`, `items:1000`, …).
    package var parameters: [String]

    package init(_ operation: BenchmarkOperation, engine: BenchmarkEngine?, parameters: [String]) {
        self.operation = operation
        self.engine = engine
        self.parameters = parameters
    }

    /// `operation/engine/` followed by `workload` (`key:value` components joined by `/`).
    package init(_ operation: BenchmarkOperation, engine: BenchmarkEngine?, workload: String) {
        self.init(operation, engine: engine, parameters: workload.split(separator: "/").map(String.init))
    }

    /// Reads a name; nil when its operation or engine is not one of Masonry's (a file made by
    /// another Google Benchmark program). O(length).
    package init?(_ text: String) {
        var components = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let operation = BenchmarkOperation(rawValue: components.removeFirst()) else { return nil }
        var engine: BenchmarkEngine?
        if operation != .floor {
            guard let first = components.first, let named = BenchmarkEngine(rawValue: first) else { return nil }
            engine = named
            components.removeFirst()
        }
        self.init(operation, engine: engine, parameters: components)
    }

    package var description: String {
        ([operation.rawValue] + (engine.map { [$0.rawValue] } ?? []) + parameters).joined(separator: "/")
    }

    /// The workload part: every `key:value` component.
    package var workload: String { parameters.joined(separator: "/") }

    /// The value of `key:value`, or nil.
    package func parameter(_ key: String) -> String? {
        parameters.first { $0.hasPrefix("\(key):") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The same engine and workload measuring `operation`, with `extras` (`key:value`) after the
    /// workload: one engine's benchmarks of one workload, named from one base.
    package func measuring(_ operation: BenchmarkOperation, _ extras: String...) -> BenchmarkName {
        BenchmarkName(operation, engine: engine, parameters: parameters + extras)
    }

    /// The name with `key:value` added at the end.
    package func appending(_ key: String, _ value: String) -> BenchmarkName {
        BenchmarkName(operation, engine: engine, parameters: parameters + ["\(key):\(value)"])
    }
}

extension Workload {
    /// The benchmark of `operation` on this workload: `<operation>/<engine>/<workload>/threads:<threads>`.
    package func benchmarkName(_ operation: BenchmarkOperation, engine: BenchmarkEngine?, threads: Int) -> BenchmarkName {
        BenchmarkName(operation, engine: engine, workload: nameParameters).appending("threads", String(threads))
    }
}
