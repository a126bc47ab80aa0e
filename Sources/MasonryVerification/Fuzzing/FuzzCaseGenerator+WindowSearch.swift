// The fuzz generator's window-search corner: a flow tolerance with spans whose window cells are exactly where the span kernel's search changes method.
@_spi(Verification) import MasonryLayout

extension FuzzCaseGenerator {
    /// Whether an item spanning `span` of `columns` columns, neither one nor all, has window
    /// cells (columns − span + 1) × span exactly the most the span kernel's window search scans
    /// directly (`VerificationHooks.directWindowSearchCells`): where the tolerance's second pass
    /// must read the window tops the way the first pass took them. O(1).
    static func isAtWindowSearchThreshold(span: Int, columns: Int) -> Bool {
        span > 1 && span < columns && (columns - span + 1) * span == VerificationHooks.directWindowSearchCells
    }

    /// The (columns, span) pairs at the threshold (`isAtWindowSearchThreshold`; for 64 cells:
    /// 33 and 2, 19 and 4, 15 and 8, 19 and 16, 33 and 32).
    static let windowSearchThresholdShapes: [(columns: Int, span: Int)] = {
        let cells = VerificationHooks.directWindowSearchCells
        return (2..<cells).compactMap { span in
            let columns = cells / span + span - 1
            return isAtWindowSearchThreshold(span: span, columns: columns) ? (columns, span) : nil
        }
    }()

    /// `section` with spans: four in ten items spanning `span` columns, one in ten a random
    /// width (or all of them), the others one column. O(items).
    mutating func windowSearchThresholdSection(_ section: SectionDescription, span: Int) -> SectionDescription {
        var spanned = section
        spanned.itemSpans = section.itemHeights.indices.map { _ in
            let roll = random.generator.unitDouble()
            return roll < 0.4 ? .columns(span) : roll < 0.45 ? .full : roll < 0.5 ? .columns(integer(2...section.columns)) : .single
        }
        return spanned
    }

    /// A flow tolerance for the corner: 0, half a point, one point, 10, 100, or one of
    /// `section`'s item heights (column tops differ by such amounts, so some windows fall just
    /// within it and some just outside).
    mutating func windowSearchThresholdTolerance(_ section: SectionDescription) -> Double {
        let heights = section.itemHeights
        let choices = [0, 0.5, 1, 10, 100] + (heights.isEmpty ? [] : [heights[integer(0...(heights.count - 1))]])
        return choices[integer(0...(choices.count - 1))]
    }
}
