// FunctionAttribution: which functions' instruction counts moved between two runs of one benchmark.
import MasonrySupport

/// One function's counts in both runs of a benchmark, per call (nil where that run's file did not
/// keep it: it was below both of the file's top-40 cuts, or not run).
package struct FunctionChange: Sendable, Equatable {
    package var name: String
    package var base: FunctionCost?
    package var head: FunctionCost?

    /// HEAD's inclusive count minus BASE's (a missing side counts 0).
    package var inclusiveChange: Double { (head?.inclusive ?? 0) - (base?.inclusive ?? 0) }
    /// HEAD's self count minus BASE's (a missing side counts 0).
    package var exclusiveChange: Double { (head?.exclusive ?? 0) - (base?.exclusive ?? 0) }
}

/// The functions behind a benchmark's change: those whose inclusive or self instruction counts
/// changed most between BASE and HEAD, from the result files' function tables
/// (`BenchmarkRecord.functions`), for the comparisons' verdicts (`Comparison`, `ABComparison`).
package struct FunctionAttribution: Sendable {
    /// The benchmark.
    package var benchmark: String
    /// The largest changes, largest first (`rank`).
    package var changes: [FunctionChange]

    /// How many functions a comparison shows per benchmark.
    package static let shown = 10

    /// The `count` functions whose counts changed most: by the size of the self change first,
    /// where instructions were added or removed, then by that of the inclusive change, so that the
    /// callers, whose inclusive counts only repeat their callees' changes (the region's closure
    /// carries them all), follow the functions whose own code changed instead of hiding them.
    /// Unchanged functions are left out. O(n log n).
    package static func rank(base: [FunctionCost], head: [FunctionCost], count: Int = shown) -> [FunctionChange] {
        let baseByName = Dictionary(base.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let headByName = Dictionary(head.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(baseByName.keys).union(headByName.keys)
        let changes = names.map { FunctionChange(name: $0, base: baseByName[$0], head: headByName[$0]) }
            .filter { $0.inclusiveChange != 0 || $0.exclusiveChange != 0 }
        func key(_ change: FunctionChange) -> (Double, Double) {
            (abs(change.exclusiveChange), abs(change.inclusiveChange))
        }
        return Array(changes.sorted { key($0) != key($1) ? key($0) > key($1) : $0.name < $1.name }.prefix(count))
    }

    /// The attribution of `benchmark` from its records in both runs, when both carry functions
    /// (empty when no function's count changed). O(n log n).
    package init?(_ benchmark: String, base: BenchmarkRecord?, head: BenchmarkRecord?) {
        guard let baseFunctions = base?.functions, let headFunctions = head?.functions else { return nil }
        self.benchmark = benchmark
        changes = Self.rank(base: baseFunctions, head: headFunctions)
    }

    /// Whether a comparison shows `benchmark`'s functions: when its verdict moved it, or when
    /// `profile` (`--profile`) matches its name.
    static func wanted(_ benchmark: String, changed: Bool, profile: Regex<AnyRegexOutput>?) -> Bool {
        changed || profile.map { (try? $0.firstMatch(in: benchmark)) != nil } == true
    }

    /// The table: function, BASE, HEAD and change of the inclusive count, then of the self count
    /// (instructions per call; `–` where a file did not keep the function). O(changes).
    package var textTable: TextTable {
        var table = TextTable(header: ["function", "BASE incl", "HEAD incl", "change", "BASE self", "HEAD self", "self change"],
                              alignments: [.left, .right, .right, .right, .right, .right, .right])
        func count(_ value: Double?) -> String { value.map { Format.number($0, digits: 1) } ?? "–" }
        func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + Format.number(value, digits: 1) }
        for change in changes {
            table.append([change.name, count(change.base?.inclusive), count(change.head?.inclusive), signed(change.inclusiveChange),
                          count(change.base?.exclusive), count(change.head?.exclusive), signed(change.exclusiveChange)])
        }
        return table
    }

    /// A heading naming the benchmark, then the table, or a line saying nothing changed. O(changes).
    package var summary: ReportSummary {
        guard !changes.isEmpty else {
            return ReportSummary([.heading("Functions of \(benchmark)"), .paragraph("No function's count changed.")])
        }
        return ReportSummary([.heading("Functions of \(benchmark): the \(changes.count) largest changes, instructions per call"),
                              .table(textTable)])
    }

    /// The JSON form of `changes`, for `--out` documents. O(changes).
    package var jsonObject: [[String: Any]] {
        changes.map { change in
            var object: [String: Any] = ["name": change.name, "inclusive_change": change.inclusiveChange,
                                         "self_change": change.exclusiveChange]
            if let base = change.base { object["base_inclusive"] = base.inclusive; object["base_self"] = base.exclusive }
            if let head = change.head { object["head_inclusive"] = head.inclusive; object["head_self"] = head.exclusive }
            return object
        }
    }
}
