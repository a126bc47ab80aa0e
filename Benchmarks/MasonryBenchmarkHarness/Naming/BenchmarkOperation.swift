// What a benchmark measures, its name's first component, and the summary tables' order, titles, units.
/// What a benchmark measures: the first component of its name (`prepare/optimized/…`). The
/// summary's tables, their order, titles and units come from here, so a new operation is added in
/// this one place (and measured in `BenchmarkRunner`).
package enum BenchmarkOperation: String, CaseIterable, Sendable {
    /// A fresh lay-out of a whole description (per item).
    case prepare
    /// The value-chain floor of a prepare workload (per item; no engine).
    case floor
    /// A rect query: `rect:viewport`, `rect:tall`, `rect:scroll`, `/pinned:true` (per query).
    case query
    /// `frame(ofItemAt:)` on random paths, warm or `paths:cold` (per lookup).
    case lookup
    /// One page of items appended to the middle section, then undone.
    case append
    /// One item's height set in the middle section, then undone.
    case update
    /// The middle section deleted, then inserted again.
    case delete
    /// The width changed so that adaptive column counts change, then changed back.
    case setWidth
    /// A scrolling session over unmeasured items (`ScrollingSession`): per frame, the query,
    /// the measurements and the anchor's restore (`/unmeasured:<mode>/remeasure:<policy>`).
    case session

    /// The operations with a table of their own in the summary, in order (the floor is a column
    /// of prepare's table).
    package static var summarized: [BenchmarkOperation] { allCases.filter { $0 != .floor } }

    /// The unit of the summary's cells for this operation.
    package func summaryUnit(for metric: BenchmarkMetric) -> String {
        switch (metric, self) {
        case (.instructions, .prepare), (.instructions, .floor): "instructions/item"
        case (.instructions, .query): "instructions/query"
        case (.instructions, .lookup): "instructions/lookup"
        case (.instructions, .session): "instructions/frame"
        case (.instructions, _): "instructions"
        case (.time, .prepare), (.time, .floor): "ns/item"
        case (.time, .query): "p50 / p99"
        case (.time, .session): "per frame p50 / p99 / max, frames over 8.33 ms of frames measured"
        case (.time, _): "time"
        }
    }

    /// The counter that instruction mode reports in the summary for this operation.
    package var instructionCounter: BenchmarkCounter {
        self == .prepare || self == .floor ? .instructionsPerItem : .instructions
    }
}
