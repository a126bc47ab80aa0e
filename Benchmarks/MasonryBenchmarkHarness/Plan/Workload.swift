// The workloads (layout shapes generated from a fixed seed) and the suites that choose among them.
import MasonryLayout
import MasonryWorkloads

/// One layout shape to measure: how many items in how many sections and columns, placed how,
/// with heights drawn from which distribution. Its description is generated from a fixed seed,
/// so a workload means the same layout in every run.
package struct Workload: Hashable, Sendable {
    package var placement: Placement
    package var items: Int
    package var sections: Int
    package var columns: Int
    package var heights: HeightDistribution
    /// Format v2: how items span columns (nil: every item one column).
    package var spans: SpanPattern?
    /// Format v2: the sections' column count is adaptive, `minColumnWidth` this, instead of
    /// fixed (`columns` is then the count it resolves to at the workload's width).
    package var minColumnWidth: Double?
    /// Format v3: the sections' `maxColumnWidth` (nil: none).
    package var maxColumnWidth: Double?
    /// Format v3: the sections' `columnAlignment` (nil: leading, format v2's).
    package var columnAlignment: ColumnAlignment?
    /// Format v3: the adaptive sections' `columnCountTolerance` (nil: none).
    package var columnCountTolerance: Double?
    /// Format v3: which end of the scroll axis items flow from (nil: the start).
    package var scrollOrigin: ScrollOrigin?
    /// Format v3: the description's `flowTolerance` (nil: none).
    package var flowTolerance: Double?
    /// Format v3: whether each section has the stamps of a page (`pageStamps`).
    package var stamped = false
    /// Format v3: the sections' `columnWeights` (nil: equal columns), one per column.
    package var columnWeights: [Double]?

    package init(placement: Placement, items: Int, sections: Int, columns: Int, heights: HeightDistribution = .uniform,
                spans: SpanPattern? = nil, minColumnWidth: Double? = nil, maxColumnWidth: Double? = nil,
                columnAlignment: ColumnAlignment? = nil, columnCountTolerance: Double? = nil, scrollOrigin: ScrollOrigin? = nil,
                flowTolerance: Double? = nil, stamped: Bool = false, columnWeights: [Double]? = nil) {
        self.placement = placement
        self.items = items
        self.sections = sections
        self.columns = columns
        self.heights = heights
        self.spans = spans
        self.minColumnWidth = minColumnWidth
        self.maxColumnWidth = maxColumnWidth
        self.columnAlignment = columnAlignment
        self.columnCountTolerance = columnCountTolerance
        self.scrollOrigin = scrollOrigin
        self.flowTolerance = flowTolerance
        self.stamped = stamped
        self.columnWeights = columnWeights
    }

    /// The weights of a weighted workload's 4 columns: a wide pair between two narrow ones
    /// (`/columnWeights:1-2-2-1` in the name).
    static let pageWeights: [Double] = [1, 2, 2, 1]

    /// The stamps of a stamped workload's sections: a banner over the left half, 200 points
    /// tall, and a sidebar over the right quarter, 600 (the app's own views, which items flow
    /// around). Two stamps: `/stamps:2` in the name.
    static let pageStamps = [Rect(x: 0, y: 0, width: 195, height: 200), Rect(x: 292.5, y: 0, width: 97.5, height: 600)]

    /// Whether the workload has format v3's column options.
    var hasColumnOptions: Bool { maxColumnWidth != nil || columnAlignment != nil || columnCountTolerance != nil }

    /// The `key:value` part of a benchmark name (the height distribution only when not uniform,
    /// the span pattern, minimum column width and column options only when given, so the common
    /// names stay short).
    package var nameParameters: String {
        "placement:\(placement.rawValue)/items:\(items)/sections:\(sections)/columns:\(columns)"
            + (heights == .uniform ? "" : "/heights:\(heights.rawValue)")
            + (spans.map { "/spans:\($0.name)" } ?? "")
            + (minColumnWidth.map { "/minColumnWidth:\(Format.number($0, digits: 2))" } ?? "")
            + (maxColumnWidth.map { "/maxColumnWidth:\(Format.number($0, digits: 2))" } ?? "")
            + (columnAlignment.map { "/columnAlignment:\($0.rawValue)" } ?? "")
            + (columnCountTolerance.map { "/columnCountTolerance:\(Format.number($0, digits: 2))" } ?? "")
            + (scrollOrigin.map { "/scrollOrigin:\($0.rawValue)" } ?? "")
            + (flowTolerance.map { "/flowTolerance:\(Format.number($0, digits: 2))" } ?? "")
            + (stamped ? "/stamps:\(Self.pageStamps.count)" : "")
            + (columnWeights.map { "/columnWeights:" + $0.map { Format.number($0, digits: 2) }.joined(separator: "-") } ?? "")
    }

    /// Whether the description's sections have headers (44 points each): exactly when there are
    /// several sections. The pinned-header query is measured where they do.
    var hasHeaders: Bool { sections > 1 }

    /// The view width a `setWidth` benchmark changes an adaptive workload from: 600 points, where
    /// `minColumnWidth` 90 gives 6 columns (4 at the workload's 390).
    package static let widenedWidth = 600.0

    /// The description: a 390-point-wide view, 8-point insets, 4-point spacing, items spread
    /// evenly over the sections, a 44-point header on each of several sections; spans and an
    /// adaptive column count when the workload has them.
    package func makeDescription(seed: UInt64 = 0x4D41_534F_4E52_5921) -> LayoutDescription {
        var generator = SplitMix64(seed: seed ^ UInt64(items) ^ (UInt64(sections) << 32) ^ (UInt64(columns) << 48))
        let columnWidth = (390.0 - 16 - 4 * Double(columns - 1)) / Double(columns)
        let sectionList = (0..<sections).map { index in
            let count = SectionSplit.itemCount(ofSection: index, items: items, sections: sections)
            let itemHeights = heights.heights(count: count, columnWidth: columnWidth, generator: &generator)
            var section = SectionDescription(
                columnCount: minColumnWidth.map { .adaptive(minColumnWidth: $0) } ?? .fixed(columns),
                inset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                columnSpacing: 4, itemSpacing: 4, headerHeight: hasHeaders ? 44 : 0,
                itemHeights: itemHeights, itemSpans: spans?.spans(count: count, generator: &generator))
            section.maxColumnWidth = maxColumnWidth
            section.columnAlignment = columnAlignment ?? .leading
            section.columnCountTolerance = columnCountTolerance
            if stamped { section.stamps = Self.pageStamps }
            section.columnWeights = columnWeights
            return section
        }
        return try! LayoutDescription(width: 390, placement: placement, scrollOrigin: scrollOrigin ?? .start, flowTolerance: flowTolerance,
                                      sections: sectionList)
    }
}

/// Which workloads, engines and thread counts a run measures.
public enum BenchmarkSuite: String, CaseIterable, Sendable {
    /// Under 30 seconds: for CI.
    case smoke
    /// Under 5 minutes on two cores: the default, and the committed baseline.
    case standard
    /// Up to 10 million items, every column count and distribution.
    case full

    /// The workloads of `prepare`, in a stable order.
    package var prepareWorkloads: [Workload] {
        switch self {
        case .smoke:
            return [1_000, 100_000].flatMap { items in
                Placement.allCases.map { Workload(placement: $0, items: items, sections: 1, columns: 4) }
            } + [Workload(placement: .shortestColumn, items: 100_000, sections: 64, columns: 4),
                 Workload(placement: .shortestColumn, items: 10_000, sections: 1, columns: 4, heights: .photo, spans: .feed)]
        case .standard:
            let scaling = [1_000, 10_000, 100_000, 1_000_000].flatMap { items in
                Placement.allCases.map { Workload(placement: $0, items: items, sections: 1, columns: 4) }
            }
            let columns = [2, 8, 16, 64].map { Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: $0) }
            let sections = [64, 4096].map { Workload(placement: .shortestColumn, items: 1_000_000, sections: $0, columns: 4) }
            let distributions = [HeightDistribution.photo, .equal, .heavyTailed, .zeros, .estimated].map {
                Workload(placement: .shortestColumn, items: 100_000, sections: 1, columns: 4, heights: $0)
            }
            return scaling + columns + sections + distributions + Self.formatV2Workloads + Self.columnOptionWorkloads
        case .full:
            let sizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
            return sizes.flatMap { items in
                Placement.allCases.flatMap { placement in
                    [2, 4, 8].flatMap { columns in
                        [1, 64, 4096].compactMap { sections in
                            sections > items ? nil : Workload(placement: placement, items: items, sections: sections, columns: columns)
                        }
                    }
                }
            } + [16, 64].map { Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: $0) }
              + HeightDistribution.allCases.filter { $0 != .uniform }.map {
                Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: $0)
            } + Self.formatV2Workloads + Self.columnOptionWorkloads
        }
    }

    /// Format v3's column options at 1M items, prepared beside format v2's adaptive workload
    /// (the same heights, count and item width): columns narrowed from 90.5 to 80 points and
    /// centred, the count rounded with masonry.js's 1-point tolerance; and the same feed with a
    /// 24-point `flowTolerance` (CSS grid-lanes'), whose items go through the spans kernel; and
    /// the same feed under a page's two stamps (`pageStamps`); and 4 fixed columns of unequal
    /// widths (`pageWeights`), the same heights.
    static let columnOptionWorkloads = [
        Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo, minColumnWidth: 90,
                 maxColumnWidth: 80, columnAlignment: .center, columnCountTolerance: 1),
        Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo, minColumnWidth: 90,
                 flowTolerance: 24),
        Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo, minColumnWidth: 90,
                 stamped: true),
        Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo, columnWeights: Workload.pageWeights),
    ]

    /// Format v2's workloads at 1M items: the photo feed with spans (every 20th item full width,
    /// 10% spanning 2 of 4 columns), and an adaptive column count (`minColumnWidth` 90: 4
    /// columns at 390 points, 6 at `Workload.widenedWidth`), whose `setWidth` is measured beside
    /// its prepare.
    static let formatV2Workloads = [
        Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo, spans: .feed),
        Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, heights: .photo, minColumnWidth: 90),
    ]

    /// The workloads whose queries, lookups and updates are measured.
    package var interactionWorkloads: [Workload] {
        switch self {
        case .smoke:
            return [Workload(placement: .shortestColumn, items: 100_000, sections: 1, columns: 4)]
        case .standard, .full:
            return [
                Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4),
                Workload(placement: .roundRobin, items: 1_000_000, sections: 1, columns: 4),
                Workload(placement: .shortestColumn, items: 1_000_000, sections: 4096, columns: 4),
            ] + Self.formatV2Workloads + [Self.fromTheEnd, Self.weighted]
        }
    }

    /// Format v3's bottom-to-top feed: the first interaction workload (1M items, 4 columns, the
    /// same heights) from the end, its queries, lookups and updates measured beside the same
    /// layout's from the start: every frame mirrored on the way out.
    static let fromTheEnd = Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, scrollOrigin: .end)

    /// Format v3's unequal columns: the first interaction workload (1M items, 4 columns, the same
    /// heights) with `pageWeights`, its queries and lookups measured beside the equal columns':
    /// each x and width read from the section's table.
    static let weighted = Workload(placement: .shortestColumn, items: 1_000_000, sections: 1, columns: 4, columnWeights: Workload.pageWeights)

    /// The workloads of the scrolling sessions (`session/…`): photo heights in one section of 4
    /// columns, 1M items (10K in `smoke`), every item unmeasured at the start.
    package var sessionWorkloads: [Workload] {
        [Workload(placement: .shortestColumn, items: self == .smoke ? 10_000 : 1_000_000, sections: 1, columns: 4, heights: .photo)]
    }

    /// The frames of a session on the optimized engine: 10,000 (about a tenth of the 1M-item
    /// feed); 1,000 in `smoke`, which scroll most of its 10K-item feed.
    package var sessionFrames: Int { self == .smoke ? 1_000 : 10_000 }

    /// The frames of a session on the reference and peer engines, which lay out every item again
    /// on every update (tens of milliseconds a frame at 1M items: 10,000 frames would take hours).
    package var slowEngineSessionFrames: Int { min(sessionFrames, 20) }

    /// The largest workload the reference and peer engines run, in every suite (they hold one
    /// 48-byte element, or one object, per item and take 50-200 ns per item).
    package var largestSlowEngineWorkload: Int { 1_000_000 }
}
