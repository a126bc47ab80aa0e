// The re-stack floor of an estimated keepColumns session: its p99 frame's suffix re-stacked at the machine's limit.
import MasonryLayout

/// The floor of an estimated `keepColumns` session's frames (`RestackFloor`), timed in the same
/// run after its frames, on its final layout: the last `suffix_items_p99` items (the p99
/// frame's suffix, from its first re-measured item to the end) re-stacked in the columns the
/// engine gave them, with their heights, from the column heights the engine's frames show at
/// the suffix's start. Counters `restack_chain_p99` (the column-height chain alone) and
/// `restack_floor_p99` (each item's extent written as the engine stores it), nanoseconds, each
/// the fastest of `repetitions` runs after a warm-up, the two in turns (a floor is what the
/// machine can do: on a shared machine other processes only add, and the re-stack, bound by
/// memory, moved from 3.4 to 7.3 ms as medians of 9 between runs at load 5); the summary divides
/// the p99 frame by them. The re-stacked y values must be the engine's, bit for bit (else a
/// mismatch): a floor of the same computation, not of an easier one. O(items) untimed to read
/// the layout, O(suffix) per run.
enum RestackFloorBenchmark {
    /// The two floors' fastest runs for the last `suffix` items of `engine`'s one section (vertical,
    /// without spans), and a mismatch when the floor's y values are not the engine's.
    static func measure(suffix: Int, of engine: some LayoutEngine, repetitions: Int) -> (chain: Double, restack: Double, mismatch: String?) {
        let section = engine.layoutDescription.sections[0]
        let count = section.itemHeights.count
        let first = max(0, count - suffix)
        // Each item's column, by its x (the engine's columns: a column is where its items are).
        let xs = (0..<count).map { engine.frame(ofItemAt: ItemIndexPath(section: 0, item: $0))!.minX }
        let columnOfX = Dictionary(Set(xs).sorted().enumerated().map { ($1, UInt16($0)) }, uniquingKeysWith: { $1 })
        let columns = xs.map { columnOfX[$0]! }
        // The heights the suffix starts from: each column's first suffix item's y (columns without
        // one are never read).
        var start = [Double](repeating: 0, count: columnOfX.count)
        var seen = [Bool](repeating: false, count: columnOfX.count)
        for item in first..<count where !seen[Int(columns[item])] {
            seen[Int(columns[item])] = true
            start[Int(columns[item])] = engine.frame(ofItemAt: ItemIndexPath(section: 0, item: item))!.minY
        }
        let extents = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * RestackFloor.extentStride, alignment: 16)
        let heights = UnsafeMutableBufferPointer<Double>.allocate(capacity: start.count)
        defer {
            extents.deallocate()
            heights.deallocate()
        }
        _ = heights.initialize(fromContentsOf: start)
        let items = first..<count
        return columns.withUnsafeBufferPointer { columns in
            section.itemHeights.withUnsafeBufferPointer { itemHeights in
                let chain = {
                    _ = heights.update(fromContentsOf: start)
                    RestackFloor.chain(items, columns: columns.baseAddress!, heights: itemHeights.baseAddress!,
                                       itemSpacing: section.itemSpacing, columnHeights: heights.baseAddress!)
                }
                let restack = {
                    _ = heights.update(fromContentsOf: start)
                    RestackFloor.restack(items, columns: columns.baseAddress!, heights: itemHeights.baseAddress!,
                                         itemSpacing: section.itemSpacing, columnHeights: heights.baseAddress!, extents: extents)
                }
                // Warm-up: the extents' pages faulted in, both loops' code and data cached.
                chain()
                restack()
                let mismatch = items.first { item in
                    RestackFloor.y(ofItem: item, in: extents).bitPattern
                        != engine.frame(ofItemAt: ItemIndexPath(section: 0, item: item))!.minY.bitPattern
                }.map { "the re-stack floor puts item \($0) at y \(RestackFloor.y(ofItem: $0, in: extents)), the engine elsewhere" }
                var chainTimes: [Double] = [], restackTimes: [Double] = []
                for repetition in 0..<max(1, repetitions) {
                    if repetition % 2 == 1 { restackTimes.append(time(restack)) }
                    chainTimes.append(time(chain))
                    if repetition % 2 == 0 { restackTimes.append(time(restack)) }
                }
                blackHole(heights.first)
                return (chainTimes.min()!, restackTimes.min()!, mismatch)
            }
        }
    }

    /// `body`'s wall time, in nanoseconds.
    private static func time(_ body: () -> Void) -> Double {
        let start = Clock.wall()
        body()
        return Clock.wall() - start
    }
}
