// Instruction mode's measurer: callgrind counts per call, counters `instructions` and per item.
import MasonryLayout

/// Instruction mode's measurer: each region counted by callgrind (`InstructionCounter`), one
/// region per repetition for queries and lookups too, without per-call clock reads, each count
/// divided by the calls in it. Counters `instructions` and, per item, `instructions_per_item`.
struct InstructionMeasurer: Measurer {
    let counter: InstructionCounter

    init(outputFile: String) {
        counter = InstructionCounter(outputFile: outputFile)
    }

    @inline(__always)
    func measure(_ name: String, calls: Int, _ region: () -> Void) -> Sample {
        let instructions = counter.count(name, calls: calls, region) / Double(calls)
        return Sample(real: instructions, cpu: instructions)
    }

    /// `instructions`, and `instructions_per_item` where the region handles `items` items.
    func counters(_ sample: Sample, items: Int?) -> [String: Double] {
        guard let items else { return [BenchmarkCounter.instructions.rawValue: sample.real] }
        return [BenchmarkCounter.instructions.rawValue: sample.real,
                BenchmarkCounter.instructionsPerItem.rawValue: sample.real / Double(max(1, items))]
    }

    /// One region per repetition, the same queries each time (the first repetition's, so that
    /// counts repeat exactly).
    ///
    /// Never inlined (nor `measureLookups`): the counted loop is compiled on its own, so that its
    /// code depends on the engine's and this function's only, not on what else the benchmark
    /// runner's specialization holds. Inlined there, runner edits that did not touch the loop
    /// moved the counts: the peer's viewport and scroll queries +24.8% and +42.2% (2e7c5c7 to
    /// 7a5d9ef), the optimized lookup 27 to 28 instructions (75aa8d5 to 3f5d64c).
    @inline(never)
    func measureQueries<Engine: LayoutEngine>(
        _ name: String, on engine: inout Engine, rects: [Rect], count: Int, repetitions: Int, pinsHeaders: Bool
    ) -> BenchmarkRecord {
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        for _ in 1...repetitions {
            var hits = 0
            let counted = rects[count..<(2 * count)]
            // The choice outside the counted loop: inside it, it cost the plain query 14
            // instructions (3,621 -> 3,635 per viewport query at 100K items).
            let sample = pinsHeaders
                ? measure(name, calls: count) { for rect in counted { hits += engine.elements(in: rect, edges: .closed, pinningHeaders: true).count } }
                : measure(name, calls: count) { for rect in counted { hits += engine.elements(in: rect).count } }
            record.append(sample, counters: counters(sample).merging([BenchmarkCounter.hits.rawValue: Double(hits) / Double(count)]) { $1 })
        }
        return record
    }

    /// One region for the whole pass.
    @inline(never)
    func measureLookups<Engine: LayoutEngine>(
        _ name: String, on engine: inout Engine, paths: [ItemIndexPath], batch: Int
    ) -> (sample: Sample, counters: [String: Double]) {
        var found = 0.0
        // The loop here, not in a closure: a lookup takes tens of instructions, and as a closure
        // the optimizer left out of line it cost the optimized engine's 65 (and 301 reading the
        // engine through the closure's `inout` capture) where the inlined loop costs 28.
        counter.begin()
        for path in paths { found += ScrollAndColdLookupBenchmarks.consume(engine.frame(ofItemAt: path)) }
        let instructions = counter.end(name, calls: paths.count) / Double(paths.count)
        let sample = Sample(real: instructions, cpu: instructions)
        blackHole(found)
        return (sample, counters(sample))
    }

    /// The frames counted as one region, per frame (callgrind cannot afford a dump per frame).
    func measureFrames(_ name: String, count: Int, _ frame: () -> Int) -> BenchmarkRecord {
        var found = 0
        let sample = measure(name, calls: count) { for _ in 0..<count { found += frame() } }
        blackHole(found)
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        record.append(sample, counters: counters(sample).merging([BenchmarkCounter.frames.rawValue: Double(count)]) { $1 })
        return record
    }

    /// Per benchmark, the top functions of its first region, per call, names demangled: one
    /// `swift demangle` run (`InstructionCounter.demangledFunctions`).
    func functionCosts() -> [String: [FunctionCost]] {
        counter.demangledFunctions()
    }

    /// The first profile that could not be read, when one could not: the counts are then NaN.
    var problem: String? { counter.problem }
}
