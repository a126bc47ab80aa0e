// Features of fuzz cases that faults hide behind, detected per case, and their measured distribution.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

/// Features of a fuzz case that faults hide behind, to measure how often the generator makes
/// each one (`masonry fuzz --distribution N`, the tables of MasonryLayout.docc/Verification.md).
package enum FuzzCaseFeature: String, CaseIterable, Sendable {
    case subnormalHeaderOrFooter = "a subnormal header or footer height"
    case hugeHeaderOrFooter = "a huge (>= 1e12) header or footer height"
    case subnormalInsetOrSpacing = "a subnormal or tiny (<= 1e-300) inset or spacing"
    case hugeInsetOrSpacing = "a huge (>= 1e12) inset or spacing"
    case threaded = "sections laid out in parallel batches (threshold lowered to 64 items)"
    case threadedAtEngineThreshold = "more than 16,384 items on several threads (the engine's own threshold)"
    case sectionsAroundBatchPlan = "a section count within 1 of a multiple of threads × 4, on several threads"
    case reprepared = "the engine prepared again with another description"
    case preparedBack = "… and then with the first one again"
    case countAtCheckpoint = "a section of k·K - 1, k·K or k·K + 1 items, K the engine's checkpoint interval"
    case updateAtCheckpoint = "an update whose index (or an append's end) is k·K - 1, k·K or k·K + 1"
    case nineColumns = "a section of 9 columns"
    case sixteenOrSeventeenColumns = "a section of 16 or 17 columns"
    case manyColumns = "a section of 41 to 1024 columns"
    case bigSection = "a section of more than 1,000 items"
    case thousandsOfSections = "more than 1,000 sections"
    case queriesAfterUpdates = "updates, each followed by queries touching the frames it moved"
    case continueColumns = "sectionStart continueColumns"
    case emptySection = "an empty section"
    case spans = "a section with itemSpans"
    case spansWiderThanColumns = "an item spanning \"full\" or more columns than its section has"
    case spansRoundRobin = "itemSpans with roundRobin placement"
    case spansContinueColumns = "itemSpans with sectionStart continueColumns"
    case rightToLeft = "direction rightToLeft"
    case horizontal = "axis horizontal"
    case adaptive = "an adaptive column count (minColumnWidth)"
    case adaptiveCountChanged = "a setWidth update that changes an adaptive section's column count"
    case floorRounding = "columnWidthRounding floor"
    case displayScale = "displayScale 2 or 3"
    case trailingExclude = "trailingItemSpacing exclude"
    case updateWithSpans = "an appendItems, insertItems or setItemHeights update with spans"
    case insertSectionWithSpans = "an insertSection update whose section has itemSpans"
    case openEdgeQuery = "a query with open edges"
    case pinnedQuery = "a query pinning headers, in a layout with headers"
    case collapsedItems = "a run of 63 or more hidden cells (height 0, no item spacing) from a section's first item"
    case collapsedItemsAtTop = "… at the content's top (y = 0), and a query from y = 0"
    case collapsedSectionBeforeHeader = "an empty section of no height just before a section with a header"
    case nearMissPinnedQuery = "a pinned query one ulp above a section's header"
    case nearMissPinnedHeaderReached = "… which that header reaches (its pinned y rounded above its section's top)"
    case nearMissReachedAfterCollapsedSection = "… just after an empty section of no height"
    case nullsEstimated = "null heights laid out with their estimate (unmeasuredItems estimated)"
    case estimateTiesMeasured = "an estimate equal to a measured height of its section, which has a null"
    case deferred = "unmeasuredItems deferred, with a null"
    case deferredAllUnmeasured = "… a deferred section of nulls only"
    case deferredMeasuredSection = "… a deferred description's section with an estimate and no null"
    case measuredInOrder = "an update measuring from a section's first unmeasured item (the typical feed), accepted"
    case measuredOutOfOrderEstimated = "an update measuring past the first unmeasured item, estimated mode (accepted)"
    case refusedOutOfOrder = "an update refused in deferred mode for its order alone (out of order or un-measuring)"
    case estimateRestored = "a setMeasurements returning a measured item to its estimate (null)"
    case nullsAppendedOrInserted = "an appendMeasurements or insertMeasurements with a null, accepted"
    case measurementAtCheckpoint = "an accepted item update of a section with an estimate, starting or ending at k·K - 1, k·K or k·K + 1"
    case measuringWithSpans = "an accepted item update with spans, of a section with an estimate"
    case remeasuredKeepingColumns = "an accepted re-measure of laid-out items in a shortest-column section of 2+ columns (remeasure keepColumns)"
    case insertSectionWithNulls = "an accepted insertSection update whose section has a null"
    case anchorRestored = "an anchor step taken before an accepted update and restored after the last, its item kept"
    case anchorItemMoved = "… its item's index path moved by the updates (items or sections inserted or deleted before it)"
    case anchorRestoreClamped = "… the offset restoring it clamped (to 0, or to the content's end less the viewport)"
    case anchorLost = "an anchor step whose item an update deleted (nothing to restore)"
    case anchorNone = "an anchor step of a viewport that shows no item"
    case manyColumnsCheckpoints = "a section of 65+ columns and 2·K+ items (several checkpoints), shortest column"
    case manyColumnsCheckpointsRoundRobin = "… round robin"
    case queryPastColumn64 = "a query meeting an item of column 64 or later, not across every column, of a section of 65+ columns"
    case slabSectionsUpdated = "sections a fresh prepare keeps in one slab (a batch of several), an accepted item update in one of them"
    case spansInBigSection = "a section of more than 1,000 items with itemSpans"
    case spansInBigSectionUpdated = "… and an accepted item update in it"
    case spansLastBlocksWalked = "a query of a spanned section, one column ahead, that meets a column's items of the second-to-last checkpoint block found only by walking back past the last block"
    case toleranceSpanAtWindowSearchThreshold = "a flow tolerance and an item spanning s of k columns, neither one nor all, where (k − s + 1) × s is the most window cells the span kernel's search scans directly (64)"
    case sixtyFourColumnsQueried = "a query of a section of exactly 64 columns with items (a query's column mask all ones)"
    case roundRobinBracketBisected = "a round-robin query whose rect meets the first items of more than 65 of a section's checkpoint blocks (a bracket the engine bisects)"
    case maxColumnWidthNarrows = "a section whose maxColumnWidth narrows its columns"
    case centered = "a section with columnAlignment center"
    case centeredRightToLeftOrHorizontal = "… right to left or horizontal"
    case columnOptionsWithSpans = "a section with a column option (maxColumnWidth, center, columnCountTolerance) and itemSpans"
    case countToleranceRounds = "a columnCountTolerance that gives an adaptive section one more column than rounding down"
    case columnOptionsSetWidth = "an accepted setWidth update of a description with a column option"
    case columnOptionsWithNulls = "a section with a column option and a null height"
    case insertSectionWithColumnOptions = "an accepted insertSection update whose section has a column option"
    case scrollOriginEnd = "scrollOrigin end (items flowing from the end of the scroll axis)"
    case scrollOriginEndHorizontal = "… horizontal"
    case scrollOriginEndPinnedQuery = "… a query pinning headers, in a layout with headers"
    case scrollOriginEndUpdated = "… an accepted update (the content's length changes: every frame moves)"
    case scrollOriginEndAnchor = "… an anchor step"
    case flowTolerance = "flowTolerance given (shortest column)"
    case flowToleranceMovesItems = "… that places an item off format v2's rule (laid out both ways)"
    case flowToleranceWithSpans = "… with spans"
    case flowToleranceHighestIndex = "… with tieBreak highestIndex"
    case flowToleranceUpdated = "… an accepted update"
    case stamps = "a section with stamps"
    case stampRaisesColumn = "… one that raises a column above the section's items (its bottom below the column's start)"
    case stampEdgeAtColumnEdge = "… one whose left or right edge is exactly a column's (open edges: touching is not meeting)"
    case stampsRightToLeftOrHorizontal = "… in a right-to-left or horizontal layout"
    case stampsSetWidth = "… an accepted setWidth update (which columns they meet changes)"
    case stampsItemUpdate = "… an accepted item update in a section with stamps"
    case columnWeights = "a section with columnWeights"
    case weightsSortedHeightsKernel = "… laid out by the sorted-heights kernel (shortest column, no spans, keepColumns or flowTolerance)"
    case weightsSortedHeightsKernelUpdated = "… with an accepted item update in such a section"
    case weightsWithSpans = "… with spans across unequal columns"
    case weightsRightToLeftOrHorizontal = "… in a right-to-left or horizontal layout (columns weighted from the right)"
    case weightsWithStamps = "… with stamps (aimed at the weighted columns' edges)"
    case weightsSetWidth = "… an accepted setWidth update (every column moves and resizes)"
    case insertSectionWithWeights = "an accepted insertSection of a section with columnWeights"

    /// Whether case `chain`, run on `threads` threads, has the feature.
    package func isPresent(in chain: ScenarioChain, threads: Int) -> Bool {
        let descriptions = chain.scenarios.map(\.description)
        let sections = descriptions.flatMap(\.sections)
        let lengths = { (section: SectionDescription) in
            [section.inset.top, section.inset.left, section.inset.bottom, section.inset.right, section.columnSpacing, section.itemSpacing]
        }
        let tiny = { (value: Double) in value > 0 && value <= 1e-300 }
        if Self.formatV3.contains(self) { return formatV3IsPresent(in: chain) }
        if Self.anchorSteps.contains(self) { return anchorIsPresent(in: chain) }
        if Self.rareCorners.contains(self) { return rareCornerIsPresent(in: chain, threads: threads) }
        if Self.layoutOptions.contains(self) { return layoutOptionIsPresent(in: chain) }
        switch self {
        case .subnormalHeaderOrFooter:
            return sections.contains { $0.headerHeight.isSubnormal || $0.footerHeight.isSubnormal }
        case .hugeHeaderOrFooter:
            return sections.contains { $0.headerHeight >= 1e12 || $0.footerHeight >= 1e12 }
        case .subnormalInsetOrSpacing:
            return sections.contains { lengths($0).contains(where: tiny) }
        case .hugeInsetOrSpacing:
            return sections.contains { lengths($0).contains { $0 >= 1e12 } }
        case .threaded:
            return threads > 1 && descriptions.contains { description in
                description.sectionStart == .belowLongestColumn && description.sections.count > 1
                    && description.itemCount + description.sections.count >= ScenarioChecker.fuzzingMinimumItemsForThreads
            }
        case .threadedAtEngineThreshold:
            return threads > 1 && descriptions.contains { $0.sections.count > 1 && $0.itemCount + $0.sections.count >= 16_384 }
        case .sectionsAroundBatchPlan:
            let batches = threads * 4
            return threads > 1 && descriptions.contains { description in
                let count = description.sections.count, remainder = count % batches
                return count >= batches - 1 && (remainder <= 1 || remainder == batches - 1)
            }
        case .reprepared:
            return chain.scenarios.count > 1
        case .preparedBack:
            return chain.scenarios.count > 2
        case .countAtCheckpoint:
            return sections.contains { Self.atCheckpoint($0.itemHeights.count, columns: $0.columns) }
        case .updateAtCheckpoint:
            return chain.scenarios.contains { scenario in
                var description = scenario.description
                return scenario.updates.contains { update in
                    defer { try? description.apply(update) }
                    return Self.touchesCheckpoint(update, in: description)
                }
            }
        case .nineColumns:
            return sections.contains { $0.columns == 9 }
        case .sixteenOrSeventeenColumns:
            return sections.contains { $0.columns == 16 || $0.columns == 17 }
        case .manyColumns:
            return sections.contains { $0.columns > 40 }
        case .bigSection:
            return sections.contains { $0.itemHeights.count > 1000 }
        case .thousandsOfSections:
            return descriptions.contains { $0.sections.count > 1000 }
        case .queriesAfterUpdates:
            return chain.scenarios.contains { !$0.updates.isEmpty }
        case .continueColumns:
            return descriptions.contains { $0.sectionStart == .continueColumns }
        case .emptySection:
            return sections.contains { $0.itemHeights.isEmpty }
        case .spans:
            return sections.contains { $0.itemSpans != nil }
        case .spansWiderThanColumns:
            return sections.contains { section in
                section.itemSpans?.contains { if case .columns(let count) = $0 { count > section.columns } else { true } } == true
            }
        case .spansRoundRobin:
            return descriptions.contains { $0.placement == .roundRobin && $0.sections.contains { $0.itemSpans != nil } }
        case .spansContinueColumns:
            return descriptions.contains { $0.sectionStart == .continueColumns && $0.sections.contains { $0.itemSpans != nil } }
        case .rightToLeft:
            return descriptions.contains { $0.direction == .rightToLeft }
        case .horizontal:
            return descriptions.contains { $0.axis == .horizontal }
        case .adaptive:
            return sections.contains { $0.columnCount != .fixed($0.columns) }
        case .adaptiveCountChanged:
            return chain.scenarios.contains { scenario in
                var description = scenario.description
                return scenario.updates.contains { update in
                    guard case .setWidth = update else {
                        try? description.apply(update)
                        return false
                    }
                    let before = description.sections.map(\.columns)
                    try? description.apply(update)
                    return description.sections.map(\.columns) != before
                }
            }
        case .floorRounding:
            return descriptions.contains { $0.columnWidthRounding == .floor }
        case .displayScale:
            return descriptions.contains { $0.displayScale != 1 }
        case .trailingExclude:
            return descriptions.contains { $0.trailingItemSpacing == .exclude }
        case .updateWithSpans:
            return chain.scenarios.contains { scenario in
                scenario.updates.contains { update in
                    switch update {
                    case .appendItems(_, _, let spans), .insertItems(_, _, _, let spans), .setItemHeights(_, _, _, let spans): spans != nil
                    default: false
                    }
                }
            }
        case .insertSectionWithSpans:
            return chain.scenarios.contains { scenario in
                scenario.updates.contains { if case .insertSection(let section, _) = $0 { section.itemSpans != nil } else { false } }
            }
        case .openEdgeQuery:
            return chain.scenarios.contains { $0.queries.contains { $0.edges == .open } }
        case .pinnedQuery:
            return chain.scenarios.contains { scenario in
                scenario.queries.contains(where: \.pinningHeaders) && scenario.description.sections.contains { $0.headerHeight > 0 }
            }
        case .collapsedItems:
            return sections.contains { Self.collapsedRun(of: $0) >= 63 }
        case .collapsedItemsAtTop:
            return chain.scenarios.contains { scenario in
                guard let first = scenario.description.sections.first,
                      Self.collapsedRun(of: first) >= 63, first.headerHeight == 0, first.inset.top == 0 else { return false }
                let horizontal = scenario.description.axis == .horizontal
                return scenario.queries.contains { (horizontal ? $0.rect.x : $0.rect.y) == 0 }
            }
        case .collapsedSectionBeforeHeader:
            return descriptions.contains { description in
                zip(description.sections, description.sections.dropFirst()).contains { empty, next in
                    empty.hasNoHeight && next.headerHeight > 0
                }
            }
        case .nearMissPinnedQuery, .nearMissPinnedHeaderReached, .nearMissReachedAfterCollapsedSection:
            return chain.scenarios.contains { scenario in
                let engine = ReferenceLayoutEngine(scenario.description)
                let sections = scenario.description.sections
                let horizontal = scenario.description.axis == .horizontal
                let tops = Dictionary(sections.indices.compactMap { section in
                    engine.frame(ofSupplementary: .header, inSection: section).map { (horizontal ? $0.x : $0.y, section) }
                }, uniquingKeysWith: { first, _ in first })
                return scenario.queries.contains { query in
                    guard query.pinningHeaders, let section = tops[(horizontal ? query.rect.maxX : query.rect.maxY).nextUp] else { return false }
                    if self == .nearMissPinnedQuery { return true }
                    let reached = engine.elements(for: query).contains { $0.kind == .header && $0.section == section }
                    if self == .nearMissPinnedHeaderReached { return reached }
                    return reached && section > 0 && sections[section - 1].hasNoHeight
                }
            }
        default:
            return false  // format v3's, the anchor steps' and the rare corners', above
        }
    }

    /// The number of hidden cells (height 0) a section begins with, when it has no item spacing.
    private static func collapsedRun(of section: SectionDescription) -> Int {
        section.itemSpacing == 0 ? section.itemHeights.prefix { $0 == 0 }.count : 0
    }

    /// Whether `count` is k·K - 1, k·K or k·K + 1 (k >= 1) for the engine's interval K.
    static func atCheckpoint(_ count: Int, columns: Int) -> Bool {
        let interval = VerificationHooks.checkpointInterval(columns: columns)
        return count >= interval - 1 && [0, 1, interval - 1].contains(count % interval)
    }

    static func touchesCheckpoint(_ update: LayoutUpdate, in description: LayoutDescription) -> Bool {
        let sections = description.sections
        switch update {
        case .appendItems(let section, let heights, _) where sections.indices.contains(section):
            return atCheckpoint(sections[section].itemHeights.count + heights.count, columns: sections[section].columns)
        case .appendMeasurements(let section, let heights, _) where sections.indices.contains(section):
            return atCheckpoint(sections[section].itemHeights.count + heights.count, columns: sections[section].columns)
        case .setItemHeights(let section, let index, _, _) where sections.indices.contains(section),
             .insertItems(let section, let index, _, _) where sections.indices.contains(section),
             .setMeasurements(let section, let index, _, _) where sections.indices.contains(section),
             .insertMeasurements(let section, let index, _, _) where sections.indices.contains(section):
            return atCheckpoint(index, columns: sections[section].columns)
        case .deleteItems(let section, let range) where sections.indices.contains(section):
            return atCheckpoint(range.lowerBound, columns: sections[section].columns)
                || atCheckpoint(range.upperBound, columns: sections[section].columns)
        default:
            return false
        }
    }

    /// The share of cases `0..<count` of a run with `seed` (thread counts `threads`, taken in
    /// turn) that have each feature.
    package static func distribution(seed: UInt64, cases count: Int, threads: [Int]) -> [(FuzzCaseFeature, Double)] {
        var found = [FuzzCaseFeature: Int]()
        for index in 0..<count {
            let (_, chain, caseThreads) = Fuzzer.fuzzCase(seed: seed, index: index, threads: threads)
            for feature in allCases where feature.isPresent(in: chain, threads: caseThreads) { found[feature, default: 0] += 1 }
        }
        return allCases.map { ($0, Double(found[$0] ?? 0) / Double(max(count, 1))) }
    }
}
