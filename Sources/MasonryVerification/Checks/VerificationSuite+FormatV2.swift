// The format v2 cases of `masonry verify`'s matrix: spans, right to left, adaptive counts, horizontal.
import MasonryLayout
import MasonryWorkloads

extension VerificationSuite {
    /// Format v2's layouts in the matrix: the spans feed (every 20th item full width, 10%
    /// spanning 2 of 4 columns) at the large size, round robin right to left with spans and
    /// trailing spacing excluded, an adaptive column count with floor rounding at display scale 3
    /// (its `setWidth` updates change the count: `widthChanges`), and a horizontal
    /// `continueColumns` layout with spans.
    static func formatV2Cases(large: Int, medium: Int) -> [Case] {
        var random = SplitMix64(seed: 0x5632_5355_4954_45)
        let inset = EdgeInsets(top: 8.5, left: 4, bottom: 6, right: 4.25)
        func sections(_ count: Int, items: Int, columns: Int, headers: Bool, spans: SpanPattern?,
                      columnCount: ColumnCount? = nil) -> [SectionDescription] {
            let columnWidth = 390.0 / Double(columns)
            return (0..<count).map { section in
                let itemCount = SectionSplit.itemCount(ofSection: section, items: items, sections: count)
                return SectionDescription(
                    columnCount: columnCount ?? .fixed(columns), inset: inset, columnSpacing: 3.5, itemSpacing: 2.75,
                    headerHeight: headers ? 40.5 : 0, footerHeight: headers ? 20 : 0,
                    itemHeights: HeightDistribution.photo.heights(count: itemCount, columnWidth: columnWidth, generator: &random),
                    itemSpans: spans?.spans(count: itemCount, generator: &random))
            }
        }
        let feed = try! LayoutDescription(width: 390, sections: sections(1, items: large, columns: 4, headers: false, spans: .feed))
        let roundRobin = try! LayoutDescription(
            width: 390.5, placement: .roundRobin, trailingItemSpacing: .exclude, direction: .rightToLeft,
            sections: sections(64, items: medium, columns: 3, headers: true, spans: SpanPattern(name: "dense", fullEvery: 7, twoColumnShare: 0.2)))
        let adaptive = try! LayoutDescription(
            width: 390, tieBreak: .highestIndex, columnWidthRounding: .floor, displayScale: 3,
            sections: sections(16, items: large, columns: 4, headers: true, spans: .feed,
                               columnCount: .adaptive(minColumnWidth: 90, maxColumns: 8)))
        let horizontal = try! LayoutDescription(
            width: 844, sectionStart: .continueColumns, columnWidthRounding: .nearest, displayScale: 2, axis: .horizontal,
            sections: sections(64, items: medium, columns: 4, headers: false, spans: .feed))
        return [
            Case(name: "spans-feed/items:\(large)/sections:1/columns:4", description: feed),
            Case(name: "spans-round-robin-right-to-left/items:\(medium)/sections:64/columns:3", description: roundRobin),
            Case(name: "adaptive-set-width/items:\(large)/sections:16/minColumnWidth:90", description: adaptive),
            Case(name: "horizontal-continue-columns/items:\(medium)/sections:64/columns:4", description: horizontal),
        ]
    }

    /// How many layouts `formatV2Cases` makes, for progress totals without building them
    /// (`VerificationSuiteTests` checks the two agree).
    static let formatV2CaseCount = 4

    /// The widths an adaptive case's `setWidth` updates take in turn (updates 2, 6 and 10 of
    /// 12): 1.6 and 0.55 times the width change a 4-column count at 390 points to 6 and 2.
    static let widthChanges = [1.6, 0.55, 1]
}
