// A session benchmark's frame loop: query, measure what the frame needs measured, restore the anchor.
import MasonryLayout

/// A feed scrolling from the top over items of unknown height (`session/…`), one `frame()` at a
/// time, as a collection view with self-sizing cells asks for them. A frame:
///
/// 1. queries the viewport (390 x 844, its top `viewportTop`) plus one screen below
///    (`elements(in:)`), and takes the viewport's anchor (`scrollAnchor(in:)`);
/// 2. measures (`setItemHeights` with their true heights, one update per contiguous run of item
///    indices):
///    - estimated: every unmeasured item the query returned;
///    - deferred, where queries return measured items only: the next `columns` unmeasured items
///      in order, again and again while the shortest column's measured content ends above the
///      queried rect's bottom (as masonic renders until its shortest column passes the overscan):
///      the frame measures what the rect needs laid out, and no more;
/// 3. restores the anchor taken before measuring (`contentOffset(restoring:viewportLength:)`;
///    kept where the viewport showed no item, as at the top of a deferred feed).
///
/// The next frame's viewport starts a third of a screen below the restored offset, no further
/// than the content's end. The measured cost of a frame is all three steps. One section.
struct ScrollingSession<Engine: LayoutEngine> {
    static var viewport: Size { Size(width: 390, height: 844) }

    private(set) var engine: Engine
    /// Every item's true height, which the frame that needs it measures.
    let trueHeights: [Double]
    let columns: Int
    let unmeasured: UnmeasuredItems
    /// The top of the viewport the next frame shows.
    private(set) var viewportTop = 0.0
    /// Where measuring left the previous frame's anchor (its restored content offset).
    private(set) var restoredOffset = 0.0
    /// Estimated mode: which items are measured, as a feed's cell-size cache knows it (reading
    /// the engine's description instead would share its arrays, and the next update would copy
    /// them: 9 MB at 1M items).
    private var isMeasured: [Bool]
    /// Deferred mode: how many items are measured (they come first).
    private(set) var measuredPrefix = 0
    /// Deferred mode: the bottom of each column's last measured item, by the column's x.
    private var columnBottoms: [(x: Double, bottom: Double)] = []
    /// The runs measured, in order: what a reference replays to check a history-dependent
    /// (`keepColumns`) layout. One `Range` (16 bytes) per update.
    private(set) var measuredRuns: [Range<Int>] = []
    /// The updates applied (one per contiguous run), and the items they measured.
    private(set) var updates = 0
    private(set) var measuredItems = 0
    /// Per frame: the items from each update's first item to the section's end, summed: what
    /// the frame's reflows re-place in estimated mode (the target's yardstick, Benchmarks.md).
    private(set) var suffixItemsPerFrame: [Int] = []
    private var suffixItems = 0

    /// A session on `engine`, whose one section's items are all unmeasured, with their true heights.
    init(_ engine: Engine, trueHeights: [Double]) {
        let description = engine.layoutDescription
        precondition(description.sections.count == 1, "a scrolling session has one section")
        self.engine = engine
        self.trueHeights = trueHeights
        columns = description.sections[0].columns
        unmeasured = description.unmeasuredItems
        isMeasured = Array(repeating: false, count: trueHeights.count)
    }

    /// One frame; returns the elements the query found (for the caller to consume).
    mutating func frame() -> Int {
        let size = Self.viewport
        let viewport = Rect(x: 0, y: viewportTop, width: size.width, height: size.height)
        let rect = Rect(x: 0, y: viewportTop, width: size.width, height: 2 * size.height)
        let found = engine.elements(in: rect)
        let anchor = engine.scrollAnchor(in: viewport)
        switch unmeasured {
        case .estimated: measureUnmeasured(in: found)
        case .deferred: measureInOrder(until: rect.maxY)
        }
        if let anchor, let restored = engine.contentOffset(restoring: anchor, viewportLength: size.height) {
            restoredOffset = restored
        } else {
            restoredOffset = viewportTop
        }
        viewportTop = min(restoredOffset + size.height / 3, max(0, engine.contentSize.height - size.height))
        suffixItemsPerFrame.append(suffixItems)
        suffixItems = 0
        return found.count
    }

    /// Estimated mode: the unmeasured items among `found`, one update per contiguous run, the
    /// frame's updates applied as one batch (`apply(contentsOf:)`), as a collection view
    /// invalidates once for the cells it sized in a pass.
    private mutating func measureUnmeasured(in found: [LayoutElement]) {
        var items = found.compactMap { element in element.kind == .item && !isMeasured[element.item] ? element.item : nil }
        items.sort()
        var runs: [Range<Int>] = []
        var start = 0
        while start < items.count {
            var end = start + 1
            while end < items.count, items[end] == items[end - 1] + 1 { end += 1 }
            runs.append(items[start]..<(items[end - 1] + 1))
            start = end
        }
        guard !runs.isEmpty else { return }
        try! engine.apply(contentsOf: runs.map { Self.update(measuring: $0, trueHeights: trueHeights) })
        for run in runs { record(run) }
        suffixItems += trueHeights.count - runs[0].lowerBound  // the batch lays out from its first run once
    }

    /// Deferred mode: runs of `columns` items in order while the shortest column ends above `bottom`.
    private mutating func measureInOrder(until bottom: Double) {
        while measuredPrefix < trueHeights.count, shortestColumnBottom < bottom {
            let run = measuredPrefix..<min(trueHeights.count, measuredPrefix + columns)
            measure(run)
            measuredPrefix = run.upperBound
            for item in run {
                // Measured items stay where they are in deferred mode: later ones only add below.
                let frame = engine.frame(ofItemAt: ItemIndexPath(section: 0, item: item))!
                if let column = columnBottoms.firstIndex(where: { $0.x == frame.minX }) {
                    columnBottoms[column].bottom = max(columnBottoms[column].bottom, frame.maxY)
                } else {
                    columnBottoms.append((frame.minX, frame.maxY))
                }
            }
        }
    }

    /// The shortest column's measured bottom; -infinity while a column has no measured item.
    private var shortestColumnBottom: Double {
        columnBottoms.count < columns ? -.infinity : columnBottoms.lazy.map(\.bottom).min()!
    }

    /// The update that measures `run` with its `trueHeights`.
    static func update(measuring run: Range<Int>, trueHeights: [Double]) -> LayoutUpdate {
        .setItemHeights(section: 0, startingAt: run.lowerBound, heights: Array(trueHeights[run]))
    }

    /// One update measuring `run` with its true heights.
    private mutating func measure(_ run: Range<Int>) {
        try! engine.apply(Self.update(measuring: run, trueHeights: trueHeights))
        record(run)
        suffixItems += trueHeights.count - run.lowerBound
    }

    /// Counts `run` as measured (its update applied).
    private mutating func record(_ run: Range<Int>) {
        measuredRuns.append(run)
        for item in run { isMeasured[item] = true }
        updates += 1
        measuredItems += run.count
    }

    /// The session's counters after its frames: `updates_per_frame` (mean) and, in estimated
    /// mode, `suffix_items_p99` (the 99th percentile of `suffixItemsPerFrame`; deferred updates
    /// re-place nothing but their own run).
    var counters: [String: Double] {
        var counters = [BenchmarkCounter.updatesPerFrame.rawValue: Double(updates) / Double(max(1, suffixItemsPerFrame.count))]
        if unmeasured == .estimated {
            counters[BenchmarkCounter.suffixItemsP99.rawValue] = SampleStatistics(suffixItemsPerFrame.map(Double.init)).p99
        }
        return counters
    }
}
