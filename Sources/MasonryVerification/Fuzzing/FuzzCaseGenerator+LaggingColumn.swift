// The fuzz generator's lagging-column corner: a spanned section with one column far ahead, queried from its second-to-last block past a column's end.
@_spi(Verification) import MasonryLayout

extension FuzzCaseGenerator {
    /// `section` with one of its first three items as tall as all its items together (so its
    /// column stays ahead of the others to the section's end), every item spanning one column
    /// but the last, which spans them all (so the engine lays the section out and queries it
    /// with its span kernel). O(items).
    mutating func laggingColumnSection(_ section: SectionDescription) -> SectionDescription {
        var lagging = section
        let count = section.itemHeights.count
        guard count > 1 else { return section }
        let total = section.itemHeights.reduce(0, +)
        lagging.itemHeights[integer(0...min(2, count - 1))] = min(max(total, 1), LayoutLimits.maximumLength)
        var spans = [ItemSpan](repeating: .single, count: count)
        spans[count - 1] = .full
        lagging.itemSpans = spans
        return lagging
    }

    /// Queries of `reference`'s spanned sections of six checkpoint blocks or more: a rect over
    /// one column of an item of the second-to-last block, from inside that item to past the
    /// column's last item before the last block, so that the items of that block it meets start
    /// above it. With a column far ahead (`laggingColumnSection`) the engine's span query runs
    /// long and walks the column back from the last block (`SectionQuery.appendSpannedItems`).
    mutating func queriesIntoLastBlocks(of reference: ReferenceLayoutEngine) -> [LayoutQuery] {
        let description = reference.layoutDescription
        let horizontal = description.axis == .horizontal
        var queries: [LayoutQuery] = []
        for (index, section) in description.sections.enumerated() where section.itemSpans != nil {
            let interval = VerificationHooks.checkpointInterval(columns: section.columns)
            let count = section.itemHeights.count
            let blocks = (count + interval - 1) / interval
            guard blocks >= 6 else { continue }
            let frame = { (item: Int) in reference.verticalFrame(ofItem: item, inSection: index) }
            let secondToLast = ((blocks - 2) * interval)..<((blocks - 1) * interval)
            guard let item = frame(integer(secondToLast.lowerBound...(secondToLast.upperBound - 1))) else { continue }
            // The column's end before the last block: its last item there.
            let columnEnd = secondToLast.compactMap(frame).filter { $0.x == item.x && $0.width == item.width }.map(\.maxY).max() ?? item.maxY
            let top = item.y + item.height * random.generator.unitDouble()
            let bottom = columnEnd + section.itemSpacing + item.height * random.generator.unitDouble()
            let rect = Rect(x: item.x, y: top, width: item.width * (0.5 + 0.5 * random.generator.unitDouble()), height: bottom - top)
            queries.append(query(horizontal ? rect.transposed : rect))
        }
        return queries
    }
}
