// The query benchmarks' query, the scrolling rects of `rect:scroll`, and cold lookups.
import MasonryLayout
import MasonryWorkloads

/// The query a query benchmark makes, the rects of `query/…/rect:scroll`, the cold variant of
/// `lookup`, and what lookups do with a frame.
enum ScrollAndColdLookupBenchmarks {
    /// The query of a query benchmark: `elements(in:)`, as before pinned headers existed, or with
    /// `pinsHeaders` the pinned-header query.
    @inline(__always)
    static func query<Engine: LayoutEngine>(_ engine: Engine, _ rect: Rect, pinsHeaders: Bool) -> [LayoutElement] {
        pinsHeaders ? engine.elements(in: rect, edges: .closed, pinningHeaders: true) : engine.elements(in: rect)
    }

    /// Viewports as a scrolling collection view asks for them: `count` consecutive rects
    /// `height` tall, each a third of a screen below the previous one, from the top of the
    /// content down (back to the top at the end).
    static func scrollingRects(count: Int, width: Double, height: Double, contentHeight: Double) -> [Rect] {
        let step = height / 3
        let span = max(step, contentHeight - height)
        return (0..<count).map { index in
            Rect(x: 0, y: (Double(index) * step).truncatingRemainder(dividingBy: span), width: width, height: height)
        }
    }

    /// What a lookup benchmark does with a frame: all four fields, so that no engine's inlined
    /// lookup can skip computing x, width or height (summing only y let the optimized engine's
    /// inlined lookup drop that work while the others did it).
    @inline(__always)
    static func consume(_ frame: Rect?) -> Double {
        guard let frame else { return 0 }
        return ((frame.x + frame.y) + frame.width) + frame.height
    }

    /// `lookup/…/paths:cold`: like the warm lookup benchmark, but every repetition draws
    /// `count` fresh random index paths, so each lookup finds its item's data out of cache, as
    /// the first layout pass over a large collection does. Samples are batches of `batch`
    /// lookups, divided by `batch`.
    static func measureColdLookups<Engine: LayoutEngine>(
        _ engine: Engine, name: String, count: Int, batch: Int, repetitions: Int, random: inout SplitMix64
    ) -> BenchmarkRecord {
        let sections = engine.layoutDescription.sections
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        for _ in 0..<repetitions {
            let paths = (0..<count).map { _ in
                let section = Int(random.next() % UInt64(sections.count))
                return ItemIndexPath(section: section, item: Int(random.next() % UInt64(max(1, sections[section].itemHeights.count))))
            }
            var batches: [Double] = []
            var found = 0.0
            let cpu = Clock.cpu()
            for start in stride(from: 0, to: paths.count, by: batch) {
                let wall = Clock.wall()
                for path in paths[start..<min(start + batch, paths.count)] { found += consume(engine.frame(ofItemAt: path)) }
                batches.append((Clock.wall() - wall) / Double(batch))
            }
            blackHole(found)
            record.realTimes.append(SampleStatistics(batches).median)
            record.cpuTimes.append((Clock.cpu() - cpu) / Double(paths.count))
            record.counters.append([:])
        }
        return record
    }
}
