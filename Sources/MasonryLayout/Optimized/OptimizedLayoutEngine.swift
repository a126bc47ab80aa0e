import Foundation

/// The engine an app ships: the reference engine's frames, bit for bit, from struct-of-arrays
/// storage, SIMD placement kernels, sections laid out on several threads, indexed rect queries
/// and incremental updates.
///
/// Costs: prepare O(items × log2(columns)) for up to 8 columns (O(items) for round robin),
/// spread over threads by section in `belowLongestColumn` mode; a rect query
/// O(log(sections) + columns × log(items) + k log k) for k hits; an item lookup O(1); appending
/// k items O(k + 64); changing item i of section s re-lays out section s from the checkpoint
/// before i and moves later sections by their tops, O(items after i + sections). In
/// `continueColumns` mode a change re-lays out every later section too, which depends on it.
/// Memory: 8 bytes per item for round robin, 10 for shortest column, plus checkpoints (under
/// 2 bytes per item).
///
/// TEMPORARY (format v2, phase 1): a description with item spans, the horizontal axis or
/// `trailingItemSpacing: "exclude"` is laid out by a reference engine held in
/// `formatV2Fallback`, at the reference's costs; see `FormatV2Fallback`.
public struct OptimizedLayoutEngine: LayoutEngine, Sendable {
    public private(set) var layoutDescription: LayoutDescription
    public private(set) var contentSize = Size(width: 0, height: 0)
    /// Threads `prepare` may use (1: the calling thread only).
    public let threads: Int
    private var sections: [SectionLayout] = []
    /// `sectionTops[s]` is section s's top, `sectionTops[count]` the bottom of the last one. All
    /// zero in `continueColumns` mode, whose sections share one coordinate space.
    private var sectionTops: [Double] = [0]
    /// TEMPORARY (format v2, phase 1): the engine that lays out descriptions the kernels do not
    /// support yet; nil when the kernels lay out this one.
    private var formatV2Fallback: FormatV2Fallback?

    /// All the machine's active cores.
    public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    public init(_ description: LayoutDescription, threads: Int = OptimizedLayoutEngine.defaultThreadCount) {
        layoutDescription = description
        self.threads = max(1, threads)
        prepare(description)
    }

    public mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        formatV2Fallback = nil
        if FormatV2Fallback.isNeeded(for: description) {
            let fallback = FormatV2Fallback(description)
            formatV2Fallback = fallback
            sections = []
            sectionTops = [0]
            contentSize = fallback.engine.contentSize
            return
        }
        switch description.sectionStart {
        case .belowLongestColumn:
            // Reuse the previous layout's sections, and their buffers, in place.
            var layouts = sections
            sections = []
            layouts.removeSubrange(min(layouts.count, description.sections.count)...)
            layouts.append(contentsOf: repeatElement(SectionLayout(), count: description.sections.count - layouts.count))
            // Sections are independent in their own coordinates: lay them out in parallel.
            ParallelBatches.forEach(&layouts, itemCounts: description.sections.map(\.itemHeights.count),
                                    threads: threads) { index, layout in
                Self.reset(&layout, toSection: index, of: description, after: nil)
                layout.layOut(from: 0, section: description.sections[index], tieBreak: description.tieBreak)
            }
            sections = layouts
            sectionTops = [0]
            updateTops(from: 0)
        case .continueColumns:
            sections = []
            layOutContinuing(fromSection: 0, item: 0)
        }
    }

    /// Makes `layout` section `index` of `description` with no items yet, its columns where
    /// `previous` (in `continueColumns` mode) left them.
    private static func reset(_ layout: inout SectionLayout, toSection index: Int, of description: LayoutDescription,
                              after previous: SectionLayout?) {
        let section = description.sections[index]
        let geometry = description.geometry(ofSection: index)
        switch description.sectionStart {
        case .belowLongestColumn:
            let start = LayoutArithmetic.columnStart(headerHeight: section.headerHeight, insetTop: section.inset.top)
            layout.reset(geometry: geometry, placement: description.placement,
                         startHeights: repeatElement(start, count: section.columns), startPosition: 0)
        case .continueColumns:
            let start = (previous?.endHeights ?? Array(repeating: 0, count: section.columns)).map { $0 + section.inset.top }
            layout.reset(geometry: geometry, placement: description.placement, startHeights: start,
                         startPosition: previous?.endPosition ?? 0)
        }
    }

    /// Section `index` of the description, laid out, after `previous` in `continueColumns` mode.
    private func laidOutSection(_ index: Int, after previous: SectionLayout?) -> SectionLayout {
        var layout = SectionLayout()
        Self.reset(&layout, toSection: index, of: layoutDescription, after: previous)
        layout.layOut(from: 0, section: layoutDescription.sections[index], tieBreak: layoutDescription.tieBreak)
        return layout
    }

    /// Section tops from section `first` on: a sequential prefix sum of section heights.
    private mutating func updateTops(from first: Int) {
        sectionTops.removeSubrange((first + 1)...)
        for index in first..<sections.count {
            sectionTops.append(sectionTops[index] + sections.borrowElement(index) { $0.height })
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
            sections.append(laidOutSection(index, after: sections.last))
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
        if formatV2Fallback != nil || update.carriesItemSpans {
            prepare(layoutDescription)  // TEMPORARY (format v2, phase 1): see `FormatV2Fallback`.
            return
        }
        switch update {
        case .appendItems(let section, _, _):
            layOutSection(section, from: sections[section].itemCount)
        case .setItemHeights(let section, let start, _, _):
            layOutSection(section, from: start)
        case .insertItems(let section, let index, _, _):
            layOutSection(section, from: index)
        case .deleteItems(let section, let range):
            layOutSection(section, from: range.lowerBound)
        case .insertSection(_, let index):
            switch layoutDescription.sectionStart {
            case .belowLongestColumn:
                sections.insert(laidOutSection(index, after: nil), at: index)
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
            // An adaptive section whose column count changed is laid out again (all of them, for now).
            if sections.indices.contains(where: { sections[$0].columnCount != layoutDescription.sections[$0].columns }) {
                prepare(layoutDescription)
                return
            }
            // Otherwise heights do not depend on the width: only x and the column width change.
            for index in sections.indices {
                sections[index].geometry = layoutDescription.geometry(ofSection: index)
            }
            contentSize.width = layoutDescription.width
        }
    }

    // MARK: Lookups

    public func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        // The fallback holds the layout when `sections` is empty: off the lookup's path.
        guard sections.indices.contains(indexPath.section) else { return formatV2Fallback?.engine.frame(ofItemAt: indexPath) }
        let top = sectionTops[indexPath.section]
        return sections.withUnsafeBufferPointer { buffer -> Rect? in
            // Fields through the pointer, restating `SectionLayout.column(ofItem:)`: calling the method
            // here copies the whole struct (measured: 110 ns per lookup instead of 15 ns).
            let layout = buffer.baseAddress! + indexPath.section
            guard (0..<layout.pointee.itemCount).contains(indexPath.item) else { return nil }
            let column = layout.pointee.placement == .shortestColumn
                ? Int(layout.pointee.itemColumns[indexPath.item])
                : (layout.pointee.startPosition + indexPath.item) % layout.pointee.columnCount
            let height = layoutDescription.sections.borrowElement(indexPath.section) { $0.itemHeights[indexPath.item] }
            return Rect(x: layout.pointee.geometry.x(ofColumn: column),
                        y: LayoutArithmetic.absoluteY(layout.pointee.localY[indexPath.item], sectionTop: top),
                        width: layout.pointee.geometry.columnWidth, height: height)
        }
    }

    public func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        guard sections.indices.contains(section) else {
            return formatV2Fallback?.engine.frame(ofSupplementary: kind, inSection: section)
        }
        let (headerHeight, footerHeight) = layoutDescription.sections.borrowElement(section) { ($0.headerHeight, $0.footerHeight) }
        switch kind {
        case .header where headerHeight > 0:
            return Rect(x: 0, y: sectionTops[section], width: layoutDescription.width, height: headerHeight)
        case .footer where footerHeight > 0:
            let localBottom = sections.borrowElement(section) { $0.localBottom }
            return Rect(x: 0, y: LayoutArithmetic.absoluteY(localBottom, sectionTop: sectionTops[section]),
                        width: layoutDescription.width, height: footerHeight)
        default:
            return nil
        }
    }

    // MARK: Rect queries

    public func elements(in rect: Rect) -> [LayoutElement] {
        elements(in: rect, edges: .closed, pinningHeaders: false)
    }

    /// Open edges filter the closed answer with the exact open test (an open hit is a closed
    /// hit): the same O(log n + k) cost.
    public func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        if let formatV2Fallback { return formatV2Fallback.engine.elements(in: rect, edges: edges, pinningHeaders: pinningHeaders) }
        var result: [LayoutElement] = []
        result.reserveCapacity(64)
        var lastBefore: [UInt32] = []
        var section = firstSection(reaching: rect.minY)
        while section < sections.count, lowestPoint(ofSection: section) <= rect.maxY {
            appendElements(ofSection: section, in: rect, pinningHeaders: pinningHeaders, to: &result, lastBefore: &lastBefore)
            section += 1
        }
        if pinningHeaders, layoutDescription.sectionStart == .belowLongestColumn {  // continueColumns has no headers
            appendPinnedHeaders(from: section, in: rect, to: &result)
        }
        if edges == .open {
            result.removeAll { !$0.frame.intersects(rect, edges: .open) }
        }
        return result
    }

    /// The headers of sections from `first` on, which start below `rect` but whose pinned header
    /// reaches into it: `(sectionTop + localBottom) - headerHeight` rounds at most 2^-52 of the
    /// content height above the section's top (the local bottom holds the header), so only
    /// sections starting within 2^-50 of it below the rect can have one. Usually none.
    private func appendPinnedHeaders(from first: Int, in rect: Rect, to result: inout [LayoutElement]) {
        let reach = rect.maxY + (contentSize.height * 0x1p-50 + Double.leastNormalMagnitude)
        var section = first
        while section < sections.count, sectionTops[section] <= reach {
            if let header = header(ofSection: section, pinnedTo: rect), header.intersects(rect) {
                result.append(LayoutElement(kind: .header, section: section, frame: header))
            }
            section += 1
        }
    }

    /// A section's header frame, pinned for `rect` when given (README.md, "Queries").
    private func header(ofSection section: Int, pinnedTo rect: Rect?) -> Rect? {
        guard var header = frame(ofSupplementary: .header, inSection: section) else { return nil }
        if let rect {
            header.y = LayoutArithmetic.pinnedHeaderY(rectMinY: rect.minY, sectionTop: sectionTops[section],
                                                      localBottom: sections.borrowElement(section) { $0.localBottom },
                                                      headerHeight: header.height)
        }
        return header
    }

    /// No element of a section lies above this (exact): its top, or its shortest column's start.
    private func lowestPoint(ofSection section: Int) -> Double {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn: sectionTops[section]
        case .continueColumns: sections.borrowElement(section) { $0.startHeights.min()! }
        }
    }

    /// No element of a section reaches below this, up to `roundingSlack`.
    private func highestPoint(ofSection section: Int) -> Double {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn: sectionTops[section + 1]
        case .continueColumns: sections.borrowElement(section) { $0.endHeights.max()! }
        }
    }

    /// The first section that may hold an element whose bottom reaches `minY` (binary search:
    /// section bottoms never decrease).
    private func firstSection(reaching minY: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if highestPoint(ofSection: middle) * SectionLayout.roundingSlack < minY {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private func appendElements(ofSection section: Int, in rect: Rect, pinningHeaders: Bool, to result: inout [LayoutElement],
                                lastBefore: inout [UInt32]) {
        if let header = header(ofSection: section, pinnedTo: pinningHeaders ? rect : nil), header.intersects(rect) {
            result.append(LayoutElement(kind: .header, section: section, frame: header))
        }
        let top = sectionTops[section]
        sections.borrowElement(section) { layout in
            layoutDescription.sections.borrowElement(section) { description in
                description.itemHeights.withUnsafeBufferPointer { heights in
                    layout.appendItems(in: rect, section: section, top: top, heights: heights, to: &result, lastBefore: &lastBefore)
                }
            }
        }
        if let footer = frame(ofSupplementary: .footer, inSection: section), footer.intersects(rect) {
            result.append(LayoutElement(kind: .footer, section: section, frame: footer))
        }
    }

    /// Bytes the engine keeps beyond the description's heights (array capacities).
    public var retainedBytes: Int {
        sections.reduce(sections.capacity * MemoryLayout<SectionLayout>.stride) { $0 + $1.retainedBytes }
            + sectionTops.capacity * 8 + (formatV2Fallback?.engine.retainedBytes ?? 0)
    }
}
