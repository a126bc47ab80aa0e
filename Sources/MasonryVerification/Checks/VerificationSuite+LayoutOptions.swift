// The layout-option cases of `masonry verify`'s matrix: narrowed, centred columns, a rounded count, a feed from the end, a flow tolerance with stamps, weighted columns.
import MasonryLayout
import MasonryWorkloads

extension VerificationSuite {
    /// Format v3's column options in the matrix: a right-to-left photo feed with spans of
    /// `large` items whose adaptive count is rounded with masonry.js's 1-point tolerance, its
    /// columns narrowed by `maxColumnWidth` and centred (its `setWidth` updates change the count:
    /// `widthChanges`); and a horizontal round-robin layout of 64 sections with headers whose 3
    /// fixed columns are narrowed and centred; and a chat feed from the end (`scrollOrigin:
    /// end`): 64 sections with headers (days) of 2 columns; and a stamped page placed with a
    /// 24-point `flowTolerance`, ties to the highest index: a photo feed with spans of `large`
    /// items in an adaptive count under a banner and a sidebar (its `setWidth` updates change the
    /// count), then 1,000 items in 3 fixed columns under a stamp across the middle one (which
    /// the same updates move under other columns without changing the count); and a right-to-left
    /// photo feed with spans of `large` items in 4 weighted columns (1, 3, 2, 1.5), under a
    /// stamp over the widest, placed with the same tolerance (its `setWidth` updates move and
    /// resize every column); and weighted columns in the sorted-heights kernel: `large` items in
    /// 8 sections with headers of 5 columns weighted 2, 1, 1, 3, 1.5, shortest column, no spans
    /// (sections of one shape, which a fresh prepare keeps in one slab).
    static func layoutOptionCases(large: Int, medium: Int) -> [Case] {
        var random = SplitMix64(seed: 0x4355_5354_4F4D)
        let inset = EdgeInsets(top: 8.5, left: 4, bottom: 6, right: 4.25)
        func section(_ columnCount: ColumnCount, items: Int, maxColumnWidth: Double, headers: Bool, spans: SpanPattern?) -> SectionDescription {
            var section = SectionDescription(
                columnCount: columnCount, inset: inset, columnSpacing: 3.5, itemSpacing: 2.75,
                headerHeight: headers ? 40.5 : 0, footerHeight: headers ? 20 : 0,
                itemHeights: HeightDistribution.photo.heights(count: items, columnWidth: maxColumnWidth, generator: &random),
                itemSpans: spans?.spans(count: items, generator: &random))
            section.maxColumnWidth = maxColumnWidth
            section.columnAlignment = .center
            if case .adaptive = columnCount { section.columnCountTolerance = 1 }
            return section
        }
        let feed = try! LayoutDescription(width: 390, direction: .rightToLeft, sections: [
            section(.adaptive(minColumnWidth: 90), items: large, maxColumnWidth: 88, headers: false, spans: .feed),
        ])
        let horizontal = try! LayoutDescription(
            width: 844, placement: .roundRobin, axis: .horizontal,
            sections: (0..<64).map { index in
                section(.fixed(3), items: SectionSplit.itemCount(ofSection: index, items: medium, sections: 64), maxColumnWidth: 200,
                        headers: true, spans: nil)
            })
        let chat = try! LayoutDescription(
            width: 390, scrollOrigin: .end,
            sections: (0..<64).map { index in
                SectionDescription(columns: 2, inset: inset, columnSpacing: 3.5, itemSpacing: 2.75, headerHeight: 40.5,
                                   itemHeights: HeightDistribution.photo.heights(count: SectionSplit.itemCount(ofSection: index, items: medium, sections: 64),
                                                                                 columnWidth: 190, generator: &random))
            })
        var stampedFeed = SectionDescription(columnCount: .adaptive(minColumnWidth: 90), inset: inset, columnSpacing: 3.5, itemSpacing: 2.75,
                                      itemHeights: HeightDistribution.photo.heights(count: large, columnWidth: 92, generator: &random),
                                      itemSpans: SpanPattern.feed.spans(count: large, generator: &random))
        stampedFeed.stamps = [Rect(x: 0, y: 0, width: 200, height: 250), Rect(x: 300, y: 0, width: 90, height: 600)]
        var grid = SectionDescription(columns: 3, inset: inset, columnSpacing: 3.5, itemSpacing: 2.75, headerHeight: 40.5,
                                      itemHeights: HeightDistribution.photo.heights(count: 1000, columnWidth: 125, generator: &random))
        grid.stamps = [Rect(x: 130, y: 40.5, width: 130, height: 300)]
        let stamped = try! LayoutDescription(width: 390, tieBreak: .highestIndex, flowTolerance: 24, sections: [stampedFeed, grid])
        var weightedFeed = SectionDescription(columns: 4, inset: inset, columnSpacing: 3.5, itemSpacing: 2.75,
                                              itemHeights: HeightDistribution.photo.heights(count: large, columnWidth: 92, generator: &random),
                                              itemSpans: SpanPattern.feed.spans(count: large, generator: &random))
        weightedFeed.columnWeights = [1, 3, 2, 1.5]
        weightedFeed.stamps = [Rect(x: 180, y: 0, width: 60, height: 400)]
        let weighted = try! LayoutDescription(width: 390, columnWidthRounding: .nearest, displayScale: 3, direction: .rightToLeft,
                                              flowTolerance: 24, sections: [weightedFeed])
        let sortedWeighted = try! LayoutDescription(
            width: 390,
            sections: (0..<8).map { index in
                var section = SectionDescription(columns: 5, inset: inset, columnSpacing: 3.5, itemSpacing: 2.75, headerHeight: 40.5,
                                                 itemHeights: HeightDistribution.photo.heights(
                                                     count: SectionSplit.itemCount(ofSection: index, items: large, sections: 8),
                                                     columnWidth: 75, generator: &random))
                section.columnWeights = [2, 1, 1, 3, 1.5]
                return section
            })
        return [
            Case(name: "centred-max-width-tolerance/items:\(large)/sections:1/minColumnWidth:90", description: feed),
            Case(name: "centred-max-width-horizontal-round-robin/items:\(medium)/sections:64/columns:3", description: horizontal),
            Case(name: "chat-feed-from-the-end/items:\(medium)/sections:64/columns:2", description: chat),
            Case(name: "stamped-page-flow-tolerance/items:\(large + 1000)/sections:2/minColumnWidth:90", description: stamped),
            Case(name: "weighted-columns-stamped-flow-tolerance/items:\(large)/sections:1/columns:4", description: weighted),
            Case(name: "weighted-columns-sorted-heights/items:\(large)/sections:8/columns:5", description: sortedWeighted),
        ]
    }

    /// How many layouts `layoutOptionCases` makes.
    static let layoutOptionCaseCount = 6
}
