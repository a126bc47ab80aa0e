// The reference engine: the layout rules as plain, readable code, the optimized engine's specification.
/// The layout rules as plain, readable code: the specification the optimized engine is checked against.
///
/// It follows the structure of the source articles' `UICollectionViewLayout`s: `prepare` builds
/// one attributes value per element, a rect query filters all of them, and every update lays
/// the whole description out again. Every layout is computed vertically ("layout
/// coordinates"); a horizontal layout's frames, rects and content size are transposed where
/// they cross the public interface. Prepare costs O(items × columns × span), a rect query
/// O(elements), an item lookup O(1); it keeps one `LayoutElement` (48 bytes) per element.
public struct ReferenceLayoutEngine: LayoutEngine, Sendable {
    public private(set) var layoutDescription: LayoutDescription
    /// The content size in layout coordinates (vertical).
    private var layoutContentSize = Size(width: 0, height: 0)
    /// Every element, in query order (by section, then header, items by index, footer), in
    /// layout coordinates.
    private var allAttributes: [LayoutElement] = []
    /// Where each section's item 0 is in `allAttributes`.
    private var firstItemAttribute: [Int] = []
    /// Each section's top and local bottom (where its footer starts), for pinned headers, and
    /// the deepest column end the local bottom was computed from (for the verifier's deferred
    /// rows, `VerificationHooks.deepestColumnEnd`).
    private var sectionExtents: [(top: Double, localBottom: Double, deepest: Double)] = []
    /// Each laid-out item's start column, by section: the columns `remeasure: keepColumns` keeps.
    private var startColumns: [[Int]] = []

    public init(_ description: LayoutDescription) {
        layoutDescription = description
        prepare(description)
    }

    public var contentSize: Size { layoutDescription.axis.onScreen(layoutContentSize) }

    /// Frames and query rects between layout coordinates and the view's (mirrored from the end
    /// with `scrollOrigin: "end"`, transposed for a horizontal layout).
    private var screenMapping: ScreenMapping {
        ScreenMapping(axis: layoutDescription.axis, origin: layoutDescription.scrollOrigin, contentLength: layoutContentSize.height)
    }

    /// Lays out `description`, replacing the previous layout.
    ///
    /// - Complexity: O(items × columns × span), one `LayoutElement` (48 bytes) per element.
    public mutating func prepare(_ description: LayoutDescription) {
        layOut(description, keeping: [])
    }

    /// Lays out `description`, the first `keptStarts[s].count` items of section s at the start
    /// columns given (`remeasure: keepColumns`; no entry: none kept), every other item by the
    /// placement rule.
    private mutating func layOut(_ description: LayoutDescription, keeping keptStarts: [[Int]]) {
        layoutDescription = description
        allAttributes = []
        firstItemAttribute = []
        sectionExtents = []
        startColumns = []
        let width = description.width
        // In `continueColumns` mode every section shares one coordinate space, which is the same
        // as every section starting at top 0.
        var sectionTop = 0.0
        var columnHeights: [Double] = []
        var roundRobinPosition = 0
        var contentHeight = 0.0

        for (sectionIndex, section) in description.sections.enumerated() {
            let columnStart = LayoutArithmetic.columnStart(headerHeight: section.headerHeight, insetTop: section.inset.top)
            switch description.sectionStart {
            case .belowLongestColumn:
                columnHeights = Array(repeating: columnStart, count: section.columns)
                roundRobinPosition = 0
                if section.headerHeight > 0 {
                    allAttributes.append(LayoutElement(
                        kind: .header, section: sectionIndex,
                        frame: Rect(x: 0, y: sectionTop, width: width, height: section.headerHeight)))
                }
            case .continueColumns:
                if columnHeights.isEmpty {
                    columnHeights = Array(repeating: 0, count: section.columns)
                }
                for column in columnHeights.indices {
                    columnHeights[column] = columnHeights[column] + section.inset.top
                }
            }
            // Each column's x and width (equal, or format v3's weighted columns).
            description.withColumnFrames(ofSection: sectionIndex) { columnFrames in
                // Stamps (format v3) raise the columns they meet before the first item.
                if let stamps = section.stamps {
                    for column in columnHeights.indices {
                        columnHeights[column] = LayoutArithmetic.stamped(columnHeights[column], column: column, columns: columnFrames, stamps: stamps)
                    }
                }
                // For `trailingItemSpacing: "exclude"` (`belowLongestColumn` only): where each column
                // ends without trailing spacing, the bottom edge (y + height) of this section's last
                // item in it, or its start.
                var columnEnds = columnHeights

                firstItemAttribute.append(allAttributes.count)
                let columns = section.columns
                let spans = section.itemSpans
                let excludesTrailingSpacing = description.trailingItemSpacing == .exclude
                // Deferred unmeasured items come last and are not laid out (only their rows are reserved).
                let laidOutItems = section.laidOutItemCount(description.unmeasuredItems)
                let kept = keptStarts.indices.contains(sectionIndex) ? keptStarts[sectionIndex] : []
                var starts: [Int] = []
                starts.reserveCapacity(laidOutItems)
                for (itemIndex, itemHeight) in section.itemHeights[..<laidOutItems].enumerated() {
                    let span = spans?[itemIndex].columnCount(in: columns) ?? 1
                    let start: Int
                    if itemIndex < kept.count {
                        // Kept where it was placed; round robin carries on after it.
                        start = kept[itemIndex]
                        roundRobinPosition = (start + span) % columns
                    } else {
                        start = Self.startColumn(ofSpan: span, in: columnHeights, placement: description.placement,
                                                 tieBreak: description.tieBreak, flowTolerance: description.flowTolerance,
                                                 roundRobinPosition: &roundRobinPosition)
                    }
                    starts.append(start)
                    let covered = start..<(start + span)
                    let localY = Self.top(ofColumns: covered, in: columnHeights)
                    allAttributes.append(LayoutElement(
                        kind: .item, section: sectionIndex, item: itemIndex,
                        frame: Rect(x: columnFrames.x(ofSpanFrom: start, columns: span),
                                    y: LayoutArithmetic.absoluteY(localY, sectionTop: sectionTop),
                                    width: columnFrames.width(ofSpanFrom: start, columns: span),
                                    height: itemHeight)))
                    let advance = LayoutArithmetic.advance(itemHeight: itemHeight, itemSpacing: section.itemSpacing)
                    let grown = LayoutArithmetic.grow(localY, by: advance)
                    for column in covered {
                        columnHeights[column] = grown
                    }
                    if excludesTrailingSpacing {
                        let bottom = LayoutArithmetic.itemBottom(localY: localY, itemHeight: itemHeight)
                        for column in covered {
                            columnEnds[column] = bottom
                        }
                    }
                }

                let deepestColumnEnd = switch description.trailingItemSpacing {
                case .include: columnHeights.max()!
                case .exclude: columnEnds.max()!
                }
                let localBottom = LayoutArithmetic.localBottom(
                    deepest: deepestColumnEnd, reservingRowsFor: section.deferredItemCount(description.unmeasuredItems),
                    columns: columns, estimatedItemHeight: section.estimatedItemHeight ?? 0, insetBottom: section.inset.bottom)
                sectionExtents.append((sectionTop, localBottom, deepestColumnEnd))
                startColumns.append(starts)
                switch description.sectionStart {
                case .belowLongestColumn:
                    if section.footerHeight > 0 {
                        allAttributes.append(LayoutElement(
                            kind: .footer, section: sectionIndex,
                            frame: Rect(x: 0, y: LayoutArithmetic.absoluteY(localBottom, sectionTop: sectionTop),
                                        width: width, height: section.footerHeight)))
                    }
                    sectionTop = LayoutArithmetic.nextSectionTop(
                        after: sectionTop, sectionHeight: LayoutArithmetic.sectionHeight(localBottom: localBottom, footerHeight: section.footerHeight))
                    contentHeight = sectionTop
                case .continueColumns:
                    contentHeight = localBottom
                }
            }
        }
        layoutContentSize = Size(width: width, height: contentHeight)
    }

    /// The first of the columns an item covering `span` columns takes, by the placement rule;
    /// round robin moves `roundRobinPosition` past it. The optimized engine's debug invariant
    /// check replays lay-outs with it.
    static func startColumn(ofSpan span: Int, in columnHeights: [Double], placement: Placement, tieBreak: TieBreak,
                            flowTolerance: Double?, roundRobinPosition: inout Int) -> Int {
        switch placement {
        case .shortestColumn:
            guard let flowTolerance else { return shortestStart(ofSpan: span, in: columnHeights, tieBreak: tieBreak) }
            return startWithinTolerance(ofSpan: span, in: columnHeights, tieBreak: tieBreak, flowTolerance: flowTolerance)
        case .roundRobin:
            let start = roundRobinPosition + span <= columnHeights.count ? roundRobinPosition : 0
            roundRobinPosition = (start + span) % columnHeights.count
            return start
        }
    }

    /// The first column of an item covering `span` columns in `shortestColumn` placement: the
    /// start whose covered columns' highest bottom is lowest, ties to the first or the last such
    /// start. For `span` 1, the shortest column.
    static func shortestStart(ofSpan span: Int, in columnHeights: [Double], tieBreak: TieBreak) -> Int {
        var best = 0
        var bestTop = top(ofColumns: 0..<span, in: columnHeights)
        for start in 1..<(columnHeights.count - span + 1) {
            let candidate = top(ofColumns: start..<(start + span), in: columnHeights)
            switch tieBreak {
            case .lowestIndex where candidate < bestTop, .highestIndex where candidate <= bestTop:
                best = start
                bestTop = candidate
            default:
                break
            }
        }
        return best
    }

    /// The first column of an item covering `span` columns in `shortestColumn` placement with a
    /// `flowTolerance` (format v3): of the starts whose top is at most the lowest top plus the
    /// tolerance (`LayoutArithmetic.flowThreshold`), the first, or with `highestIndex` the last.
    /// With tolerance 0 the candidates are the lowest tops: `shortestStart`'s answer.
    static func startWithinTolerance(ofSpan span: Int, in columnHeights: [Double], tieBreak: TieBreak, flowTolerance: Double) -> Int {
        let starts = 0..<(columnHeights.count - span + 1)
        var minimum = top(ofColumns: 0..<span, in: columnHeights)
        for start in starts.dropFirst() {
            minimum = min(minimum, top(ofColumns: start..<(start + span), in: columnHeights))
        }
        let threshold = LayoutArithmetic.flowThreshold(minimum: minimum, flowTolerance: flowTolerance)
        let withinTolerance = { (start: Int) in top(ofColumns: start..<(start + span), in: columnHeights) <= threshold }
        return switch tieBreak {
        case .lowestIndex: starts.first(where: withinTolerance)!
        case .highestIndex: starts.last(where: withinTolerance)!
        }
    }

    /// Where an item covering `columns` starts: the highest of their heights (no rounding: any
    /// order gives the same value).
    static func top(ofColumns columns: Range<Int>, in columnHeights: [Double]) -> Double {
        var top = columnHeights[columns.lowerBound]
        for column in (columns.lowerBound + 1)..<columns.upperBound where columnHeights[column] > top {
            top = columnHeights[column]
        }
        return top
    }

    /// Every element whose frame intersects `rect` (closed intervals).
    ///
    /// - Complexity: O(elements): every element is tested, as the source articles' layouts do.
    public func elements(in rect: Rect) -> [LayoutElement] {
        elements(in: rect, edges: .closed, pinningHeaders: false)
    }

    /// - Complexity: O(elements), pinned headers included.
    public func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        if layoutDescription.scrollOrigin == .end { return elementsFromTheEnd(in: rect, edges: edges, pinningHeaders: pinningHeaders) }
        let axis = layoutDescription.axis
        let layoutRect = axis.onScreen(rect)  // transposition is its own inverse
        var hits: [LayoutElement] = []
        for var element in allAttributes {
            if pinningHeaders, element.kind == .header {
                let extent = sectionExtents[element.section]
                element.frame.y = LayoutArithmetic.pinnedHeaderY(
                    rectMinY: layoutRect.minY, sectionTop: extent.top, localBottom: extent.localBottom,
                    headerHeight: element.frame.height)
            }
            if element.frame.intersects(layoutRect, edges: edges) {
                element.frame = axis.onScreen(element.frame)
                hits.append(element)
            }
        }
        return hits
    }

    /// `elements(in:edges:pinningHeaders:)` from the end: the rect mirrored into layout
    /// coordinates, the frames as laid out tested against it, the hits mirrored (and transposed)
    /// back. A function of its own: the same loop with a `ScreenMapping` for both origins cost
    /// the one from the start 6 instructions more an element (instruction mode, 100K items:
    /// 1.78 → 2.41 million a query), in each of the four arrangements tried.
    @inline(never)
    private func elementsFromTheEnd(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        let mapping = screenMapping
        let layoutRect = mapping.inLayout(rect)
        var hits: [LayoutElement] = []
        for var element in allAttributes {
            if pinningHeaders, element.kind == .header {
                let extent = sectionExtents[element.section]
                element.frame.y = LayoutArithmetic.pinnedHeaderY(
                    rectMinY: layoutRect.minY, sectionTop: extent.top, localBottom: extent.localBottom,
                    headerHeight: element.frame.height)
            }
            if element.frame.intersects(layoutRect, edges: edges) {
                element.frame = mapping.onScreen(element.frame)
                hits.append(element)
            }
        }
        return hits
    }

    /// The frame of an item, or nil when it does not exist.
    ///
    /// - Complexity: O(1): an index into the elements.
    public func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        guard firstItemAttribute.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
        // The section's items end where the next section's elements (or all elements) begin.
        let index = firstItemAttribute[indexPath.section] + indexPath.item
        guard index < allAttributes.count, allAttributes[index].kind == .item,
              allAttributes[index].section == indexPath.section else { return nil }
        return screenMapping.onScreen(allAttributes[index].frame)
    }

    /// Section `section`'s deepest column end: its longest column, or with `trailingItemSpacing:
    /// "exclude"` its deepest item bottom, what `LayoutArithmetic.localBottom` added the reserved
    /// rows and `inset.bottom` to. O(1).
    func deepestColumnEnd(ofSection section: Int) -> Double {
        sectionExtents[section].deepest
    }

    /// Whether item `indexPath` meets `rect` with open edges as a rect query tests it: its frame
    /// as laid out against the rect in layout coordinates (mirrored from the end), which its
    /// frame on screen against `rect` need not repeat when the mirror rounds. For the verifier,
    /// which reads scroll anchors off an answer it holds (`VerificationHooks`). O(1).
    func meetsWithOpenEdges(item indexPath: ItemIndexPath, rect: Rect) -> Bool {
        guard firstItemAttribute.indices.contains(indexPath.section), indexPath.item >= 0 else { return false }
        let index = firstItemAttribute[indexPath.section] + indexPath.item
        guard index < allAttributes.count, allAttributes[index].kind == .item, allAttributes[index].section == indexPath.section else { return false }
        return allAttributes[index].frame.intersects(screenMapping.inLayout(rect), edges: .open)
    }

    public func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        guard kind != .item, firstItemAttribute.indices.contains(section) else { return nil }
        let candidate = kind == .header
            ? firstItemAttribute[section] - 1
            : firstItemAttribute[section] + layoutDescription.sections[section].laidOutItemCount(layoutDescription.unmeasuredItems)
        guard allAttributes.indices.contains(candidate),
              allAttributes[candidate].kind == kind, allAttributes[candidate].section == section else { return nil }
        return screenMapping.onScreen(allAttributes[candidate].frame)
    }

    /// - Complexity: O(1): the section's top and the stamp.
    public func frame(ofStamp stamp: Int, inSection section: Int) -> Rect? {
        guard sectionExtents.indices.contains(section), let stamps = layoutDescription.sections[section].stamps,
              stamps.indices.contains(stamp) else { return nil }
        return screenMapping.onScreen(LayoutArithmetic.stampFrame(stamps[stamp], sectionTop: sectionExtents[section].top))
    }

    /// Applies the update to the description, then lays everything out again: the specification
    /// of what an update means, not a fast path. With `remeasure: keepColumns`, the items the
    /// update does not place anew keep their start columns (`keptStartColumns(through:in:)`).
    ///
    /// - Complexity: the cost of `prepare(_:)`, whatever the update.
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        var description = layoutDescription
        try description.apply(update)
        guard description.remeasure == .keepColumns else {
            prepare(description)
            return
        }
        layOut(description, keeping: keptStartColumns(through: update, in: description))
    }

    /// With `keepColumns`, the start columns each section keeps through `update` (`updated` is
    /// the description after it): a re-measure keeps every placed item's (items measured for the
    /// first time in deferred mode are placed); an append keeps every existing item's; an insert
    /// or a delete keeps the items before it, and places the rest from there by the rule; a
    /// width change that changes a section's column count keeps none of its own.
    private func keptStartColumns(through update: LayoutUpdate, in updated: LayoutDescription) -> [[Int]] {
        var kept = startColumns
        switch update {
        case .appendItems, .appendMeasurements, .setItemHeights, .setMeasurements:
            break
        case .insertItems(let section, let index, _, _), .insertMeasurements(let section, let index, _, _):
            kept[section].removeSubrange(min(index, kept[section].count)...)
        case .deleteItems(let section, let range):
            kept[section].removeSubrange(min(range.lowerBound, kept[section].count)...)
        case .insertSection(_, let index):
            kept.insert([], at: index)
        case .deleteSection(let index):
            kept.remove(at: index)
        case .setWidth:
            for section in kept.indices where updated.sections[section].columns != layoutDescription.sections[section].columns {
                kept[section] = []
            }
        }
        return kept
    }
}
