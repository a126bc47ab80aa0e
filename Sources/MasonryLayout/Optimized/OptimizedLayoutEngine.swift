import Foundation

/// The engine an app ships: the reference engine's frames, bit for bit, from struct-of-arrays
/// storage, SIMD placement kernels, sections laid out on several threads, indexed rect queries
/// and incremental updates.
///
/// Costs: prepare O(items × log2(columns)) for up to 8 columns (O(items) for round robin),
/// spread over threads by section in `belowLongestColumn` mode; a rect query
/// O(log(sections) + columns × log(items) + k log k) for k hits; an item lookup O(1); appending
/// k items O(k + 256); changing item i of section s re-lays out section s from the checkpoint
/// before i and moves later sections by their tops, O(items after i + sections). In
/// `continueColumns` mode a change re-lays out every later section too, which depends on it.
/// Memory: 8 bytes per item for round robin, 14 for shortest column, plus 8 × columns per 256 items.
public struct OptimizedLayoutEngine: LayoutEngine, Sendable {
    public private(set) var layoutDescription: LayoutDescription
    public private(set) var contentSize = Size(width: 0, height: 0)
    /// Threads `prepare` may use (1: the calling thread only).
    public let threads: Int
    private var sections: [SectionLayout] = []
    /// `sectionTops[s]` is section s's top, `sectionTops[count]` the bottom of the last one. All
    /// zero in `continueColumns` mode, whose sections share one coordinate space.
    private var sectionTops: [Double] = [0]

    /// All the machine's active cores.
    public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    public init(_ description: LayoutDescription, threads: Int = OptimizedLayoutEngine.defaultThreadCount) {
        layoutDescription = description
        self.threads = max(1, threads)
        prepare(description)
    }

    public mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        sections = []
        switch description.sectionStart {
        case .belowLongestColumn:
            var layouts = description.sections.indices.map { makeSection($0, after: nil) }
            // Sections are independent in their own coordinates: lay them out in parallel.
            ParallelBatches.forEach(&layouts, itemCounts: description.sections.map(\.itemHeights.count),
                                    threads: threads) { index, layout in
                layout.layOut(from: 0, section: description.sections[index], tieBreak: description.tieBreak)
            }
            sections = layouts
            sectionTops = [0]
            updateTops(from: 0)
        case .continueColumns:
            layOutContinuing(fromSection: 0, item: 0)
        }
    }

    /// An empty section whose columns start where `previous` (in `continueColumns` mode) left them.
    private func makeSection(_ index: Int, after previous: SectionLayout?) -> SectionLayout {
        let section = layoutDescription.sections[index]
        let start: [Double]
        let position: Int
        switch layoutDescription.sectionStart {
        case .belowLongestColumn:
            start = Array(repeating: LayoutArithmetic.columnStart(headerHeight: section.headerHeight, insetTop: section.inset.top),
                          count: section.columns)
            position = 0
        case .continueColumns:
            start = (previous?.endHeights ?? Array(repeating: 0, count: section.columns)).map { $0 + section.inset.top }
            position = previous?.endPosition ?? 0
        }
        return SectionLayout(geometry: layoutDescription.geometry(ofSection: index),
                             placement: layoutDescription.placement, startHeights: start, startPosition: position)
    }

    /// Section tops from section `first` on: a sequential prefix sum of section heights.
    private mutating func updateTops(from first: Int) {
        sectionTops.removeSubrange((first + 1)...)
        for index in first..<sections.count {
            sectionTops.append(sectionTops[index] + sections[index].height)
        }
        contentSize = Size(width: layoutDescription.width, height: sectionTops[sections.count])
    }

    /// Re-lays out section `first` from `item`, then every later section (they continue its columns).
    private mutating func layOutContinuing(fromSection first: Int, item: Int) {
        let description = layoutDescription
        sections.removeSubrange(min(first + (item > 0 ? 1 : 0), sections.count)...)
        if item > 0 {
            sections[first].layOut(from: item, section: description.sections[first], tieBreak: description.tieBreak)
        }
        for index in sections.count..<description.sections.count {
            var layout = makeSection(index, after: sections.last)
            layout.layOut(from: 0, section: description.sections[index], tieBreak: description.tieBreak)
            sections.append(layout)
        }
        sectionTops = Array(repeating: 0, count: sections.count + 1)
        contentSize = Size(width: description.width, height: sections.last?.localBottom ?? 0)
    }

    /// Re-lays out section `index` from `item` and everything that depends on it.
    private mutating func layOutSection(_ index: Int, from item: Int) {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn:
            sections[index].layOut(from: item, section: layoutDescription.sections[index], tieBreak: layoutDescription.tieBreak)
            updateTops(from: index)
        case .continueColumns:
            layOutContinuing(fromSection: index, item: item)
        }
    }

    // MARK: Updates

    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try layoutDescription.apply(update)
        switch update {
        case .appendItems(let section, _):
            layOutSection(section, from: sections[section].itemCount)
        case .setItemHeights(let section, let start, _):
            layOutSection(section, from: start)
        case .insertItems(let section, let index, _):
            layOutSection(section, from: index)
        case .deleteItems(let section, let range):
            layOutSection(section, from: range.lowerBound)
        case .insertSection(_, let index):
            switch layoutDescription.sectionStart {
            case .belowLongestColumn:
                var layout = makeSection(index, after: nil)
                layout.layOut(from: 0, section: layoutDescription.sections[index], tieBreak: layoutDescription.tieBreak)
                sections.insert(layout, at: index)
                updateTops(from: index)
            case .continueColumns:
                layOutContinuing(fromSection: index, item: 0)
            }
        case .deleteSection(let index):
            sections.remove(at: index)
            switch layoutDescription.sectionStart {
            case .belowLongestColumn: updateTops(from: min(index, sections.count))
            case .continueColumns: layOutContinuing(fromSection: index, item: 0)
            }
        case .setWidth:
            // Heights do not depend on the width: only x and the column width change.
            for index in sections.indices {
                sections[index].geometry = layoutDescription.geometry(ofSection: index)
            }
            contentSize.width = layoutDescription.width
        }
    }

    // MARK: Lookups

    public func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let layout = sections[indexPath.section]
        guard (0..<layout.itemCount).contains(indexPath.item) else { return nil }
        return itemFrame(indexPath.item, in: layout, section: indexPath.section)
    }

    @inline(__always)
    private func itemFrame(_ item: Int, in layout: SectionLayout, section: Int) -> Rect {
        Rect(x: layout.geometry.x(ofColumn: layout.column(ofItem: item)),
             y: LayoutArithmetic.absoluteY(layout.localY[item], sectionTop: sectionTops[section]),
             width: layout.geometry.columnWidth,
             height: layoutDescription.sections[section].itemHeights[item])
    }

    public func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        let description = layoutDescription.sections[section]
        switch kind {
        case .header where description.headerHeight > 0:
            return Rect(x: 0, y: sectionTops[section], width: layoutDescription.width, height: description.headerHeight)
        case .footer where description.footerHeight > 0:
            return Rect(x: 0, y: LayoutArithmetic.absoluteY(sections[section].localBottom, sectionTop: sectionTops[section]),
                        width: layoutDescription.width, height: description.footerHeight)
        default:
            return nil
        }
    }

    // MARK: Rect queries

    /// A bound on rounding: an element's computed bottom never exceeds the bottom of its section
    /// (or of its column's next item) by more than a few ulps, so a search key scaled by this
    /// factor never skips an element that touches the rect. The exact test decides the rest.
    private static let roundingSlack = 1 + 0x1p-48

    public func elements(in rect: Rect) -> [LayoutElement] {
        var result: [LayoutElement] = []
        var hits: [Int] = []
        var section = firstSection(reaching: rect.minY)
        while section < sections.count, lowestPoint(ofSection: section) <= rect.maxY {
            appendElements(ofSection: section, in: rect, to: &result, scratch: &hits)
            section += 1
        }
        return result
    }

    /// No element of a section lies above this (exact): its top, or its shortest column's start.
    private func lowestPoint(ofSection section: Int) -> Double {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn: sectionTops[section]
        case .continueColumns: sections[section].startHeights.min()!
        }
    }

    /// No element of a section reaches below this, up to `roundingSlack`.
    private func highestPoint(ofSection section: Int) -> Double {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn: sectionTops[section + 1]
        case .continueColumns: sections[section].endHeights.max()!
        }
    }

    /// The first section that may hold an element whose bottom reaches `minY` (binary search:
    /// section bottoms never decrease).
    private func firstSection(reaching minY: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if highestPoint(ofSection: middle) * Self.roundingSlack < minY {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private func appendElements(ofSection section: Int, in rect: Rect, to result: inout [LayoutElement], scratch hits: inout [Int]) {
        if let header = frame(ofSupplementary: .header, inSection: section), header.intersects(rect) {
            result.append(LayoutElement(kind: .header, section: section, frame: header))
        }
        let layout = sections[section]
        let top = sectionTops[section]
        let geometry = layout.geometry
        let heights = layoutDescription.sections[section].itemHeights
        hits.removeAll(keepingCapacity: true)
        var columnsHit = 0
        for column in 0..<layout.columnCount {
            let x = geometry.x(ofColumn: column)
            // Every item of a column has the same x and width: test that once.
            guard x <= rect.maxX, rect.minX <= x + geometry.columnWidth else { continue }
            let count = layout.columnLength(column)
            var rank = firstRank(inColumn: column, of: layout, top: top, count: count, reaching: rect.minY)
            let before = hits.count
            while rank < count {
                let item = layout.item(inColumn: column, rank: rank)
                let frame = Rect(x: x, y: LayoutArithmetic.absoluteY(layout.localY[item], sectionTop: top),
                                 width: geometry.columnWidth, height: heights[item])
                // A column's items come in y order: none after this one starts above the rect's bottom.
                if frame.minY > rect.maxY { break }
                if frame.intersects(rect) { hits.append(item) }
                rank += 1
            }
            if hits.count > before { columnsHit += 1 }
        }
        if columnsHit > 1 { hits.sort() }
        for item in hits {
            result.append(LayoutElement(kind: .item, section: section, item: item, frame: itemFrame(item, in: layout, section: section)))
        }
        if let footer = frame(ofSupplementary: .footer, inSection: section), footer.intersects(rect) {
            result.append(LayoutElement(kind: .footer, section: section, frame: footer))
        }
    }

    /// The first rank in `column` whose item may reach `minY`: binary search on where the next
    /// item of the column starts (which bounds this item's bottom, up to `roundingSlack`).
    private func firstRank(inColumn column: Int, of layout: SectionLayout, top: Double, count: Int, reaching minY: Double) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let next = middle + 1 < count
                ? layout.localY[layout.item(inColumn: column, rank: middle + 1)]
                : layout.endHeights[column]
            if LayoutArithmetic.absoluteY(next, sectionTop: top) * Self.roundingSlack < minY {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Bytes the engine keeps beyond the description's heights (array capacities).
    public var retainedBytes: Int {
        sections.reduce(sections.capacity * MemoryLayout<SectionLayout>.stride) { $0 + $1.retainedBytes }
            + sectionTops.capacity * 8
    }
}
