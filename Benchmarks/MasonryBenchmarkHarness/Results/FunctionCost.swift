// FunctionCost: one function's instructions in a benchmark's region, inclusive and self, and the top of a table of them.
/// One function's instructions in a benchmark's measured region, per call of the benchmark's
/// operation (the unit of its `instructions` counter): `inclusive` counts everything it ran,
/// its callees too, `exclusive` (callgrind's self count) only its own code. Instruction-mode
/// result files carry the top ones of each benchmark (`BenchmarkRecord.functions`).
package struct FunctionCost: Sendable, Equatable {
    /// The demangled name (`swift demangle --compact`), or callgrind's when it is not Swift's.
    package var name: String
    package var inclusive: Double
    package var exclusive: Double

    package init(name: String, inclusive: Double, exclusive: Double) {
        self.name = name
        self.inclusive = inclusive
        self.exclusive = exclusive
    }

    /// How many functions a result file keeps per benchmark by each count: the union of the
    /// first 40 by inclusive count and the first 40 by self count.
    package static let keptPerCount = 40

    /// The union of the `count` largest by inclusive and the `count` largest by
    /// exclusive instructions, largest inclusive first (ties by name, so that files repeat byte for byte).
    /// O(n log n).
    package static func top(_ functions: [FunctionCost], count: Int = keptPerCount) -> [FunctionCost] {
        let byInclusive = functions.sorted { ($0.inclusive, $1.name) > ($1.inclusive, $0.name) }
        let bySelf = functions.sorted { ($0.exclusive, $1.name) > ($1.exclusive, $0.name) }
        var kept = Set(byInclusive.prefix(count).map(\.name))
        kept.formUnion(bySelf.prefix(count).map(\.name))
        return byInclusive.filter { kept.contains($0.name) }
    }
}
