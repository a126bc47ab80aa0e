// The fuzz case features of the generator's rare corners: many columns past checkpoints, queries past column 64, sections in one slab updated, big spanned sections, a lagging column walked, spans at the window search's threshold, exactly 64 columns queried, a round-robin bracket bisected.
@_spi(Verification) import MasonryLayout

extension FuzzCaseFeature {
    /// The rare-corner features (issue 24), detected by `rareCornerIsPresent(in:threads:)`.
    static let rareCorners: Set<FuzzCaseFeature> = [
        .manyColumnsCheckpoints, .manyColumnsCheckpointsRoundRobin, .queryPastColumn64, .slabSectionsUpdated,
        .spansInBigSection, .spansInBigSectionUpdated, .spansLastBlocksWalked, .toleranceSpanAtWindowSearchThreshold,
        .sixtyFourColumnsQueried, .roundRobinBracketBisected,
    ]

    /// Whether case `chain`, run on `threads` threads, has this rare-corner feature. O(sections)
    /// for the counts; the pairs take the engine's batch plan; queries past column 64 lay the
    /// first description of each scenario out with the reference (O(items) each).
    func rareCornerIsPresent(in chain: ScenarioChain, threads: Int) -> Bool {
        switch self {
        case .manyColumnsCheckpoints, .manyColumnsCheckpointsRoundRobin:
            let placement: Placement = self == .manyColumnsCheckpoints ? .shortestColumn : .roundRobin
            return chain.scenarios.contains { scenario in
                scenario.description.placement == placement && scenario.description.sections.contains(where: Self.hasSeveralWideCheckpoints)
            }
        case .queryPastColumn64:
            return chain.scenarios.contains(where: Self.queriesPastColumn64)
        case .slabSectionsUpdated:
            return chain.scenarios.contains { scenario in
                let inSlabs = Set(VerificationHooks.withMinimumItemsForThreads(ScenarioChecker.fuzzingMinimumItemsForThreads) {
                    VerificationHooks.slabSections(in: scenario.description, threads: threads)
                })
                return !inSlabs.isEmpty && Self.acceptedItemUpdates(of: scenario).contains { inSlabs.contains($0.section) }
            }
        case .spansInBigSection:
            return chain.scenarios.contains { $0.description.sections.contains(where: Self.isBigSpannedSection) }
        case .spansInBigSectionUpdated:
            return chain.scenarios.contains { scenario in
                let big = Set(scenario.description.sections.indices.filter { Self.isBigSpannedSection(scenario.description.sections[$0]) })
                return !big.isEmpty && Self.acceptedItemUpdates(of: scenario).contains { big.contains($0.section) }
            }
        case .spansLastBlocksWalked:
            return chain.scenarios.contains(where: Self.queriesPastTheLastBlock)
        case .toleranceSpanAtWindowSearchThreshold:
            return chain.scenarios.contains { scenario in
                scenario.description.flowTolerance != nil && scenario.description.sections.contains(where: Self.spansAtWindowSearchThreshold)
            }
        case .sixtyFourColumnsQueried:
            return chain.scenarios.contains { scenario in
                !scenario.queries.isEmpty && scenario.description.sections.contains(where: Self.hasAFullColumnMask)
            }
        case .roundRobinBracketBisected:
            return chain.scenarios.contains(where: Self.queriesPastTheCountedBracket)
        default:
            return false
        }
    }

    /// Whether a query of round-robin `scenario` meets, along the scroll axis, the first items
    /// of `FuzzCaseGenerator.bracketBlocks` or more checkpoint blocks of a section without spans
    /// (its bracket of checkpoints, at most one block short of those, is then bisected), on the
    /// first layout. O(items) for the reference's layout, then O(blocks) a query.
    private static func queriesPastTheCountedBracket(_ scenario: LayoutScenario) -> Bool {
        let description = scenario.description
        let blocks = FuzzCaseGenerator.bracketBlocks
        guard description.placement == .roundRobin, !scenario.queries.isEmpty,
              description.sections.contains(where: { $0.itemSpans == nil && $0.itemHeights.count > (blocks - 1) * VerificationHooks.checkpointInterval(columns: $0.columns) })
        else { return false }
        let reference = ReferenceLayoutEngine(description)
        let horizontal = description.axis == .horizontal
        return description.sections.indices.contains { section in
            let interval = VerificationHooks.checkpointInterval(columns: description.sections[section].columns)
            guard description.sections[section].itemSpans == nil else { return false }
            let blockStarts = stride(from: 0, to: description.sections[section].itemHeights.count, by: interval).compactMap {
                reference.verticalFrame(ofItem: $0, inSection: section)
            }
            guard blockStarts.count >= blocks else { return false }
            return scenario.queries.contains { query in
                let rect = horizontal ? query.rect.transposed : query.rect
                return blockStarts.count { $0.y <= rect.maxY && $0.maxY >= rect.y } >= blocks
            }
        }
    }

    /// Exactly as many columns as a query's column mask holds, and items in it.
    private static func hasAFullColumnMask(_ section: SectionDescription) -> Bool {
        section.columns == VerificationHooks.fullColumnMaskWidth && !section.itemHeights.isEmpty
    }

    /// Whether a query of `scenario` meets items its spanned section's query finds only by
    /// walking a column back past the last block (`LastBlocksWalk`), on the first layout.
    private static func queriesPastTheLastBlock(_ scenario: LayoutScenario) -> Bool {
        guard !scenario.queries.isEmpty else { return false }
        return LastBlocksWalk.walks(in: scenario.description).values.contains { walk in
            scenario.queries.contains { !walk.itemsFoundPastTheLastBlock($0.rect).isEmpty }
        }
    }

    /// More than 64 columns and at least two of the engine's checkpoints (2 × K items or more).
    static func hasSeveralWideCheckpoints(_ section: SectionDescription) -> Bool {
        section.columns > 64 && section.itemHeights.count >= 2 * VerificationHooks.checkpointInterval(columns: section.columns)
    }

    /// Whether an item of `section` spans columns at the window search's threshold
    /// (`FuzzCaseGenerator.isAtWindowSearchThreshold`). O(items).
    private static func spansAtWindowSearchThreshold(_ section: SectionDescription) -> Bool {
        section.itemSpans?.contains { FuzzCaseGenerator.isAtWindowSearchThreshold(span: $0.columnCount(in: section.columns), columns: section.columns) } ?? false
    }

    /// More than 1,000 items, with spans.
    private static func isBigSpannedSection(_ section: SectionDescription) -> Bool {
        section.itemHeights.count > 1000 && section.itemSpans != nil
    }

    /// The sections of the item updates (append, insert, set, delete, and format v3's measuring
    /// ones) that the reference accepts, in order, with the description each applied to.
    static func acceptedItemUpdates(of scenario: LayoutScenario) -> [(section: Int, update: LayoutUpdate)] {
        var description = scenario.description
        var accepted: [(section: Int, update: LayoutUpdate)] = []
        for update in scenario.updates {
            guard (try? description.apply(update)) != nil else { continue }
            switch update {
            case .appendItems(let section, _, _), .insertItems(let section, _, _, _), .setItemHeights(let section, _, _, _),
                 .deleteItems(let section, _), .appendMeasurements(let section, _, _), .insertMeasurements(let section, _, _, _),
                 .setMeasurements(let section, _, _, _):
                accepted.append((section, update))
            case .insertSection, .deleteSection, .setWidth:
                break
            }
        }
        return accepted
    }

    /// Whether a query of `scenario` meets an item of column 64 or later in a section of more
    /// than 64 columns, without covering every column across (a rect over all of them passes
    /// a fault in the column mask): on the first layout, whose columns `WideColumns` reads off
    /// the reference's frames.
    private static func queriesPastColumn64(_ scenario: LayoutScenario) -> Bool {
        guard !scenario.queries.isEmpty, scenario.description.sections.contains(where: { $0.columns > 64 }) else { return false }
        let reference = ReferenceLayoutEngine(scenario.description)
        let horizontal = scenario.description.axis == .horizontal
        return scenario.description.sections.indices.contains { section in
            guard let columns = WideColumns(section: section, of: reference) else { return false }
            return scenario.queries.contains { query in
                let rect = horizontal ? query.rect.transposed : query.rect
                return columns.meetsColumn64OrLater(rect) && !columns.spansEveryColumn(rect)
            }
        }
    }
}

/// A section of more than 64 columns as laid out (layout coordinates: the scroll axis down):
/// each column's interval across, read off its items' frames, when every column has an item.
struct WideColumns {
    /// Column c's left and right edge, in column order (right to left: from the right).
    let intervals: [(left: Double, right: Double)]
    /// The section's frames (layout coordinates) of the items of columns 64 and up.
    let pastColumn64: [Rect]

    /// Nil unless section `section` has more than 64 columns and an item starting in each.
    init?(section: Int, of reference: ReferenceLayoutEngine) {
        let description = reference.layoutDescription
        let columns = description.sections[section].columns
        guard columns > 64 else { return nil }
        let frames = description.sections[section].itemHeights.indices.compactMap { reference.verticalFrame(ofItem: $0, inSection: section) }
        // A spanning item starts at a column's x too; its right edge is another column's, so
        // each column's right is the nearest one to its left.
        var narrowest: [Double: Double] = [:]
        for frame in frames { narrowest[frame.x] = min(narrowest[frame.x] ?? .infinity, frame.maxX) }
        guard narrowest.count == columns else { return nil }
        var lefts = narrowest.keys.sorted()
        if description.direction == .rightToLeft { lefts.reverse() }
        intervals = lefts.map { ($0, narrowest[$0]!) }
        let firstPast = Set(lefts[64...])
        pastColumn64 = frames.filter { firstPast.contains($0.x) }
    }

    /// Whether `rect` (closed) meets an item of column 64 or later.
    func meetsColumn64OrLater(_ rect: Rect) -> Bool {
        pastColumn64.contains { $0.intersects(rect, edges: .closed) }
    }

    /// Whether `rect` reaches across every column.
    func spansEveryColumn(_ rect: Rect) -> Bool {
        intervals.allSatisfy { $0.right >= rect.minX && $0.left <= rect.maxX }
    }
}
