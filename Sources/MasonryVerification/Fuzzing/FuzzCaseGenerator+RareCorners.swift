// The fuzz generator's rare corners: many columns past several checkpoints in both placements, queries past column 64, sections in one slab, big spanned sections, a lagging column, spans at the window search's threshold, exactly 64 columns, round robin past the counted checkpoint bracket.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

extension FuzzCaseGenerator {
    /// The cross-products the other forms rarely or never make (`Form.rareCorners`), each a
    /// seventh of that form's cases.
    enum RareCorner: CaseIterable {
        /// A section of 65 to 1024 columns with two or three of the engine's checkpoints
        /// (k·K + r items, K its interval; mostly 65 to 256 columns), shortest column; queries
        /// reaching columns 64 and up.
        case manyColumnsShortestColumn
        /// The same, round robin.
        case manyColumnsRoundRobin
        /// Sections of one shape that a fresh prepare keeps in one slab (shortest column, the
        /// sorted-heights kernel's 2 to 16 columns, no spans), of uneven lengths, with updates
        /// falling in any: two or three (one batch on one thread), or 16 to 64 (a slab a batch
        /// on several threads).
        case slabSections
        /// A section of 1,001 to 5,000 items with spans, in either placement, its updates going
        /// through every kind in turn.
        case spansInBigSection
        /// A section with spans of 6 to 10 checkpoint blocks in which one column runs far ahead
        /// from its first items (`laggingColumnSection`), queried from inside its second-to-last
        /// block past the column's end (`queriesIntoLastBlocks`): the span query then walks
        /// each column back from the last block, the path a test of the wrong checkpoint hides in.
        case spansWithLaggingColumn
        /// A shortest-column section of 20 to 300 items with a flow tolerance and spans whose
        /// window cells are exactly where the span kernel's window search changes method
        /// (`windowSearchThresholdShapes`): the tolerance's second pass reads the window tops
        /// the first pass took.
        case toleranceAtWindowSearchThreshold
        /// A section of exactly 64 columns, the most a query's 64-bit column mask holds (all
        /// ones: `~0`, where fewer columns take `(1 << k) − 1`), of one to three of the engine's
        /// checkpoint blocks, shortest column (three in four) or round robin: a shortest-column
        /// query walks back from the first item starting in its rect for each column's last item
        /// before it, all 64 columns unseen at the start. The other forms draw 64 columns in
        /// about one case of 3,000, and the many-columns corners 65 and up.
        case sixtyFourColumns
        /// A round-robin section of 1 to 8 columns and 67 to 73 of the engine's checkpoint
        /// blocks, queried by strips over 66 blocks or more (`queriesAcrossManyBlocks`): the
        /// engine's round-robin query counts the checkpoints that bracket its rect (up to
        /// `VerificationHooks.countedCheckpointBracket`, 64) and bisects a wider bracket, which
        /// no other form reaches (a random rect is at most a quarter of the content's height,
        /// and no other round-robin section has 256 blocks).
        case roundRobinPastCountedBracket
    }

    /// Draws the corner of a `rareCorners` case.
    static func rareCorner(_ random: inout RandomLayoutGenerator) -> RareCorner {
        RareCorner.allCases[Int(random.generator.next() % UInt64(RareCorner.allCases.count))]
    }

    /// A description of `corner`: the big section first, any others small.
    mutating func rareCornerDescription(_ corner: RareCorner) -> LayoutDescription {
        var shape = RandomLayoutGenerator.Shape()
        shape.extremeLengths = extremeLengths ? 0.3 : 0
        shape.formatV2 = .fuzzing
        shape.emptySections = 0
        shape.columnsAlwaysFit = true  // the column counts each corner names
        var placement: Placement?
        var bigFirst = true
        var thresholdSpan: Int?
        switch corner {
        case .manyColumnsShortestColumn, .manyColumnsRoundRobin:
            // Half of them 65 to 128 columns (interval 2,048), fewer the wider: a shortest-column
            // item costs the reference O(columns), so past 256 columns (intervals of 8,192 and
            // 16,384: 16K to 33K items for two) shortest column is 5% of its corner, round robin
            // (O(1) an item) 25%, two checkpoints only; no spans (the spans corner has them).
            let shortest = corner == .manyColumnsShortestColumn
            let roll = random.generator.unitDouble()
            let wide = roll >= (shortest ? 0.95 : 0.75)
            let columns = wide ? integer((Self.wideColumns + 1)...1024) : roll < 0.5 ? integer(65...128) : integer(129...Self.wideColumns)
            let interval = VerificationHooks.checkpointInterval(columns: columns)
            let remainder = [-1, 0, 1, integer(2...(wide ? 64 : interval - 2))][integer(0...3)]
            let items = (wide ? 2 : integer(2...3)) * interval + remainder
            shape.sections = 1...3
            shape.items = items...items
            shape.columns = .exactly(columns)
            shape.continueColumns = 0.15
            shape.formatV2.spans = 0
            placement = shortest ? .shortestColumn : .roundRobin
        case .slabSections:
            // The engine keeps a batch of several sections in one slab, and the fuzzer's
            // threading threshold (64 items) gives a few sections on several threads a batch
            // each: two or three sections share a slab on one thread, 16 to 64 on any.
            let many = random.generator.unitDouble() < 0.5
            shape.sections = many ? 16...64 : 2...3
            shape.items = many ? 0...120 : 0...300
            shape.formatV2.adaptive = 0  // one count for all
            shape.columns = .exactly(integer(VerificationHooks.sortedHeightsColumnCounts))
            shape.checkpointBoundaries = 0.3
            shape.continueColumns = 0
            shape.formatV2.spans = 0
            placement = .shortestColumn
            bigFirst = false
        case .spansInBigSection:
            shape.sections = 1...3
            shape.items = 1001...5000
            shape.formatV2.spans = 1
        case .spansWithLaggingColumn:
            let columns = integer(2...4)
            let interval = VerificationHooks.checkpointInterval(columns: columns)
            let items = integer(6...10) * interval + [-1, 0, 1, integer(2...(interval - 2))][integer(0...3)]
            shape.sections = 1...2
            shape.items = items...items
            shape.columns = .exactly(columns)
            shape.continueColumns = 0
            shape.formatV2.spans = 0  // `laggingColumnSection` gives the spans
        case .sixtyFourColumns:
            let columns = VerificationHooks.fullColumnMaskWidth
            let interval = VerificationHooks.checkpointInterval(columns: columns)
            let remainder = [-1, 0, 1, integer(2...(interval - 2))][integer(0...3)]
            let items = integer(1...3) * interval + remainder
            shape.sections = 1...3
            shape.items = items...items
            shape.columns = .exactly(columns)
            shape.continueColumns = 0.15
            shape.formatV2.spans = 0
            shape.formatV2.adaptive = 0  // the column count the shape names
            placement = random.generator.unitDouble() < 0.75 ? .shortestColumn : .roundRobin
        case .roundRobinPastCountedBracket:
            let columns = integer(1...8)
            let interval = VerificationHooks.checkpointInterval(columns: columns)
            // Just past the bracket the engine counts: more blocks only cost more time a case.
            let blocks = integer((Self.bracketBlocks + 1)...(Self.bracketBlocks + 6))
            let items = blocks * interval + [-1, 0, 1, integer(2...(interval - 2))][integer(0...3)]
            shape.sections = 1...2
            shape.items = items...items
            shape.columns = .exactly(columns)
            shape.continueColumns = 0.15
            shape.formatV2.spans = 0  // the spans' query is another
            shape.formatV2.adaptive = 0  // the column count the shape names
            placement = .roundRobin
        case .toleranceAtWindowSearchThreshold:
            let shapes = Self.windowSearchThresholdShapes
            let (columns, span) = shapes[integer(0...(shapes.count - 1))]
            shape.sections = 1...2
            shape.items = 20...300
            shape.columns = .exactly(columns)
            shape.continueColumns = 0
            shape.formatV2.spans = 0  // `windowSearchThresholdSection` gives the spans
            shape.formatV2.adaptive = 0  // the column count the shape names
            placement = .shortestColumn
            thresholdSpan = span
        }
        var description = random.description(shape)
        var rules = RandomLayoutGenerator.Rules(of: description)
        var sections = description.sections
        if let placement { rules.placement = placement }
        if corner == .slabSections { for index in sections.indices { sections[index].itemSpans = nil } }
        if corner == .spansWithLaggingColumn, !sections.isEmpty { sections[0] = laggingColumnSection(sections[0]) }
        if let thresholdSpan, !sections.isEmpty {
            sections = sections.map { windowSearchThresholdSection($0, span: thresholdSpan) }
            rules.flowTolerance = windowSearchThresholdTolerance(sections[0])
        }
        if let rebuilt = try? rules.description(width: description.width, sections: sections) { description = rebuilt }
        guard bigFirst else { return description }
        // The big section first, the others small, as `Form.bigSection` has them.
        return (try? description.replacingItemCounts { index, count in index == 0 ? count : min(count, 20) }) ?? description
    }

    /// Queries of `reference` reaching columns 64 and up of its sections of more than 64
    /// columns (`WideColumns`), without covering every column across: a rect touching an item
    /// there, and a strip over a few columns, the last of them 64 or later, around one.
    mutating func queriesPastColumn64(of reference: ReferenceLayoutEngine) -> [LayoutQuery] {
        let horizontal = reference.layoutDescription.axis == .horizontal
        var queries: [LayoutQuery] = []
        for section in reference.layoutDescription.sections.indices {
            guard let columns = WideColumns(section: section, of: reference), !columns.pastColumn64.isEmpty else { continue }
            let item = columns.pastColumn64[integer(0...(columns.pastColumn64.count - 1))]
            let last = integer(64...(columns.intervals.count - 1)), first = last - integer(0...8)
            let left = min(columns.intervals[first].left, columns.intervals[last].left)
            let right = max(columns.intervals[first].right, columns.intervals[last].right)
            let above = item.height * random.generator.unitDouble()
            let strip = Rect(x: left, y: item.y - above, width: right - left, height: above + item.height * 2 * random.generator.unitDouble())
            let touching = Rect(x: item.x, y: item.maxY, width: item.width * random.generator.unitDouble(), height: 0)
            for rect in [strip, touching] { queries.append(query(horizontal ? rect.transposed : rect)) }
        }
        return queries
    }

    /// The checkpoint blocks whose first items a query of this corner meets, at least: one more
    /// than the widest bracket the engine counts, so that the bracket, which may start a block
    /// after the rect's first, is still bisected.
    static var bracketBlocks: Int { VerificationHooks.countedCheckpointBracket + 2 }

    /// Queries of `reference`'s round-robin sections (no spans) of more than `bracketBlocks`
    /// checkpoint blocks, each over more than that many blocks: a strip from inside an item of
    /// one block to the end of an item of a later block and of that block's first row, across
    /// every column, and one over the first item's column and the next. O(columns) per section
    /// after the reference's layout.
    mutating func queriesAcrossManyBlocks(of reference: ReferenceLayoutEngine) -> [LayoutQuery] {
        let description = reference.layoutDescription
        guard description.placement == .roundRobin else { return [] }
        let horizontal = description.axis == .horizontal
        let width = horizontal ? reference.contentSize.height : reference.contentSize.width
        var queries: [LayoutQuery] = []
        for (index, section) in description.sections.enumerated() where section.itemSpans == nil {
            let interval = VerificationHooks.checkpointInterval(columns: section.columns)
            let count = section.itemHeights.count
            let blocks = (count + interval - 1) / interval
            guard blocks > Self.bracketBlocks else { continue }
            let frame = { (item: Int) in reference.verticalFrame(ofItem: item, inSection: index) }
            // One block more than `bracketBlocks`: the rect's first item may start after its
            // block's first.
            let firstBlock = integer(0...(blocks - Self.bracketBlocks - 1))
            let lastBlock = integer((firstBlock + Self.bracketBlocks)...(blocks - 1))
            guard let top = frame(firstBlock * interval + integer(0...(interval - 1))),
                  let bottom = frame(min(count - 1, lastBlock * interval + integer(0...(interval - 1)))) else { continue }
            // Down to the last block's first row at least, whose columns may have drifted below
            // the item drawn there.
            let firstRow = (lastBlock * interval)..<min(count, lastBlock * interval + section.columns)
            let end = firstRow.compactMap(frame).map(\.maxY).reduce(bottom.maxY, max)
            let y = top.y + top.height * random.generator.unitDouble()
            let height = max(0, end - y)
            let across = Rect(x: 0, y: y, width: max(width, 1), height: height)
            let columns = Rect(x: top.x, y: y, width: top.width * (1 + random.generator.unitDouble()), height: height)
            for rect in [across, columns] { queries.append(query(horizontal ? rect.transposed : rect)) }
        }
        return queries
    }
}
