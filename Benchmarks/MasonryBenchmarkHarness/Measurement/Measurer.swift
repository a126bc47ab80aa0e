// The `Measurer` protocol: how a run measures its regions, by wall and CPU time or by instructions.
import MasonryLayout

/// How a run measures its benchmarks' regions: wall and CPU time (`WallClockMeasurer`) or the
/// instructions callgrind counts (`InstructionMeasurer`). The runner chooses one per run, outside
/// every measured region, and every benchmark body measures through it without asking which it
/// is. The runner's code is generic over it, not an existential, so that each measured region is
/// specialized with the measurer's code inlined around it: no indirect call inside a region.
protocol Measurer {
    /// Measures one run of `region`, which makes `calls` calls of the benchmark's operation: per
    /// call. Everything outside the closure (setup, inputs, warm-up, verification) is neither
    /// timed nor counted.
    func measure(_ name: String, calls: Int, _ region: () -> Void) -> Sample

    /// A sample's per-repetition counters; `items`: how many items the region handles, if it is a number of them.
    func counters(_ sample: Sample, items: Int?) -> [String: Double]

    /// The repetitions of a query benchmark: `rects` holds `count` rects for the warm-up, then
    /// `count` for each repetition; `engine.elements(in:)`, or with `pinsHeaders` the
    /// pinned-header query. The record's counters include `hits` (elements per query).
    func measureQueries<Engine: LayoutEngine>(
        _ name: String, on engine: inout Engine, rects: [Rect], count: Int, repetitions: Int, pinsHeaders: Bool
    ) -> BenchmarkRecord

    /// One pass of a lookup benchmark, a repetition or the warm-up: `frame(ofItemAt:)` on every
    /// path of `paths`, `batch` lookups to a timed sample; the pass's sample and counters.
    func measureLookups<Engine: LayoutEngine>(
        _ name: String, on engine: inout Engine, paths: [ItemIndexPath], batch: Int
    ) -> (sample: Sample, counters: [String: Double])

    /// A session benchmark's `count` frames, `frame()` each (`ScrollingSession`), run once: the
    /// frames are the samples. The record has one repetition; its counters include `frames`.
    func measureFrames(_ name: String, count: Int, _ frame: () -> Int) -> BenchmarkRecord

    /// Why the measurements are unusable, when they are (instruction counts that could not be read).
    var problem: String? { get }

    /// Per benchmark name, the functions its region ran and their counts, where the measurer sees
    /// them (instruction mode); called once, after the last region.
    func functionCosts() -> [String: [FunctionCost]]
}

extension Measurer {
    /// One run of `region`, one call of the operation.
    @inline(__always)
    func measure(_ name: String, _ region: () -> Void) -> Sample {
        measure(name, calls: 1, region)
    }

    /// A sample's counters, of a region that handles no particular number of items.
    func counters(_ sample: Sample) -> [String: Double] {
        counters(sample, items: nil)
    }

    /// None: wall time sees no functions.
    func functionCosts() -> [String: [FunctionCost]] { [:] }
}
