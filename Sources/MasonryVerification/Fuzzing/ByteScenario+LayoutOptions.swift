// Format v3's layout options from the bytes after a scenario's format v3 part: column options, scrollOrigin, flowTolerance, stamps, columnWeights.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

extension ByteScenario {
    /// The bytes after the format v3 part choose column options, a byte per section: zeros (or no
    /// bytes) add none, so a corpus of earlier inputs keeps its meaning. Otherwise the byte's low
    /// bits narrow the columns to a fraction of their width (or to an extreme), its next bit
    /// centres them, and in an adaptive section its high bits give a tolerance (masonry.js's 1
    /// point, none, or any excess). Then a byte whose low bit is set makes items flow from the
    /// end of the scroll axis, and in shortest-column placement the next byte's low bits give a
    /// flow tolerance (none, 0, half a point, 1, 10, 100 points, the largest length). Then a
    /// byte per section: non-zero gives it a stamp over one of its columns (the byte picks
    /// which), from its top, as tall as the byte's high bits say (0, 1, 40 points, 1e12). Then
    /// a byte per section without a `maxColumnWidth` or center alignment: non-zero fixes its
    /// count and weights its columns, column c `1 + ((byte >> (2 * (c % 4))) & 3)` (CSS's
    /// `1fr 3fr`), with a byte whose top bit is set making column 0's weight 1e-9 (no room
    /// after floor rounding). A choice the description refuses falls back to none.
    mutating func layoutOptions(of description: LayoutDescription) -> LayoutDescription {
        var sections = description.sections
        for index in sections.indices {
            let byte = next()
            guard byte != 0 else { continue }
            let width = description.columnWidth(ofSection: index)
            let bounds: [Double?] = [nil, width * 0.5, width * 0.9, width, width * 1.5, 1e-300, LayoutLimits.maximumLength, nil]
            sections[index].maxColumnWidth = bounds[byte & 7].map { min(max($0, 1e-300), LayoutLimits.maximumLength) }
            sections[index].columnAlignment = byte & 8 != 0 ? .center : .leading
            if case .adaptive = sections[index].columnCount, description.sectionStart == .belowLongestColumn {
                sections[index].columnCountTolerance = [nil, 1, 0, 1e15][(byte >> 4) & 3]
            }
        }
        var rules = RandomLayoutGenerator.Rules(of: description)
        if next() & 1 == 1 { rules.scrollOrigin = .end }
        if description.placement == .shortestColumn {
            rules.flowTolerance = [nil, 0, 0.5, 1, 10, 100, LayoutLimits.maximumLength, nil][next() & 7]
        }
        guard let options = try? rules.description(width: description.width, sections: sections) else { return description }
        for index in sections.indices {
            let byte = next()
            guard byte != 0 else { continue }
            let columns = VerificationHooks.columnExtents(ofSection: index, in: options)
            let column = columns[byte % columns.count]
            sections[index].stamps = [Rect(x: column.x, y: 0, width: column.width, height: [0, 1, 40, 1e12][(byte >> 6) & 3])]
        }
        let stamped = (try? rules.description(width: description.width, sections: sections)) ?? options
        sections = stamped.sections
        for index in sections.indices where sections[index].maxColumnWidth == nil && sections[index].columnAlignment == .leading {
            let byte = next()
            guard byte != 0 else { continue }
            sections[index].columnCount = .fixed(sections[index].columns)
            sections[index].columnCountTolerance = nil
            var weights = (0..<sections[index].columns).map { Double(1 + ((byte >> (2 * ($0 % 4))) & 3)) }
            if byte & 0x80 != 0 { weights[0] = 1e-9 }
            sections[index].columnWeights = weights
        }
        return (try? rules.description(width: description.width, sections: sections)) ?? stamped
    }
}
