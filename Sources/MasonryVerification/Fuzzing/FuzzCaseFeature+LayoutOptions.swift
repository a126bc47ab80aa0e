// The fuzz case features of format v3's layout options: maxColumnWidth, center alignment, columnCountTolerance, scrollOrigin, flowTolerance, stamps, columnWeights.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

extension FuzzCaseFeature {
    /// The layout-option features (issue 21), detected by `layoutOptionIsPresent(in:)`.
    static let layoutOptions: Set<FuzzCaseFeature> = [
        .maxColumnWidthNarrows, .centered, .centeredRightToLeftOrHorizontal, .columnOptionsWithSpans, .countToleranceRounds,
        .columnOptionsSetWidth, .columnOptionsWithNulls, .insertSectionWithColumnOptions,
        .scrollOriginEnd, .scrollOriginEndHorizontal, .scrollOriginEndPinnedQuery, .scrollOriginEndUpdated, .scrollOriginEndAnchor,
        .flowTolerance, .flowToleranceMovesItems, .flowToleranceWithSpans, .flowToleranceHighestIndex, .flowToleranceUpdated,
        .stamps, .stampRaisesColumn, .stampEdgeAtColumnEdge, .stampsRightToLeftOrHorizontal, .stampsSetWidth, .stampsItemUpdate,
        .columnWeights, .weightsSortedHeightsKernel, .weightsSortedHeightsKernelUpdated, .weightsWithSpans,
        .weightsRightToLeftOrHorizontal, .weightsWithStamps, .weightsSetWidth, .insertSectionWithWeights,
    ]

    /// Whether `chain` has this layout-option feature: in its descriptions, or in an update
    /// applied to the description as the updates before it left it. O(updates × sections).
    func layoutOptionIsPresent(in chain: ScenarioChain) -> Bool {
        let descriptions = chain.scenarios.map(\.description)
        let fromTheEnd = chain.scenarios.filter { $0.description.scrollOrigin == .end }
        let tolerant = chain.scenarios.filter { $0.description.flowTolerance != nil }
        let stamped = descriptions.filter { $0.sections.contains { $0.stamps != nil } }
        let weighted = descriptions.filter { $0.sections.contains { $0.columnWeights != nil } }
        switch self {
        case .columnWeights:
            return !weighted.isEmpty
        case .weightsSortedHeightsKernel:
            return weighted.contains { !VerificationHooks.weightedSortedHeightsSections(in: $0).isEmpty }
        case .weightsSortedHeightsKernelUpdated:
            return chain.scenarios.contains { scenario in
                let sorted = Set(VerificationHooks.weightedSortedHeightsSections(in: scenario.description))
                return !sorted.isEmpty && Self.acceptedItemUpdates(of: scenario).contains { sorted.contains($0.section) }
            }
        case .weightsWithSpans:
            return weighted.contains { $0.sections.contains { $0.columnWeights != nil && $0.itemSpans != nil } }
        case .weightsRightToLeftOrHorizontal:
            return weighted.contains { $0.direction == .rightToLeft || $0.axis == .horizontal }
        case .weightsWithStamps:
            return weighted.contains { $0.sections.contains { $0.columnWeights != nil && $0.stamps != nil } }
        case .weightsSetWidth, .insertSectionWithWeights:
            return Self.hasAcceptedUpdate(in: chain) { update, before in
                switch update {
                case .setWidth: return self == .weightsSetWidth && before.sections.contains { $0.columnWeights != nil }
                case .insertSection(let section, _): return self == .insertSectionWithWeights && section.columnWeights != nil
                default: return false
                }
            }
        case .stamps:
            return !stamped.isEmpty
        case .stampRaisesColumn:
            return stamped.contains { description in
                description.sections.contains { section in
                    let start = section.headerHeight + section.inset.top
                    return (section.stamps ?? []).contains { $0.y + $0.height > start && $0.width > 0 }
                }
            }
        case .stampEdgeAtColumnEdge:
            return stamped.contains { description in
                description.sections.indices.contains { index in
                    let edges = Set(VerificationHooks.columnExtents(ofSection: index, in: description).flatMap { [$0.x, $0.x + $0.width] })
                    return (description.sections[index].stamps ?? []).contains { edges.contains($0.x) || edges.contains($0.x + $0.width) }
                }
            }
        case .stampsRightToLeftOrHorizontal:
            return stamped.contains { $0.direction == .rightToLeft || $0.axis == .horizontal }
        case .stampsSetWidth, .stampsItemUpdate:
            return Self.hasAcceptedUpdate(in: chain) { update, before in
                switch update {
                case .setWidth: return self == .stampsSetWidth && before.sections.contains { $0.stamps != nil }
                case .appendItems(let section, _, _), .appendMeasurements(let section, _, _), .setItemHeights(let section, _, _, _),
                     .setMeasurements(let section, _, _, _), .insertItems(let section, _, _, _), .insertMeasurements(let section, _, _, _),
                     .deleteItems(let section, _):
                    return self == .stampsItemUpdate && before.sections[section].stamps != nil
                default: return false
                }
            }
        case .flowTolerance:
            return !tolerant.isEmpty
        case .flowToleranceMovesItems:
            return tolerant.contains { Self.isMovedByFlowTolerance($0.description) }
        case .flowToleranceWithSpans:
            return tolerant.contains { $0.description.sections.contains { $0.itemSpans != nil } }
        case .flowToleranceHighestIndex:
            return tolerant.contains { $0.description.tieBreak == .highestIndex }
        case .flowToleranceUpdated:
            return tolerant.contains { scenario in
                var description = scenario.description
                return scenario.updates.contains { (try? description.apply($0)) != nil }
            }
        case .scrollOriginEnd:
            return !fromTheEnd.isEmpty
        case .scrollOriginEndHorizontal:
            return fromTheEnd.contains { $0.description.axis == .horizontal }
        case .scrollOriginEndPinnedQuery:
            return fromTheEnd.contains { scenario in
                scenario.queries.contains(where: \.pinningHeaders) && scenario.description.sections.contains { $0.headerHeight > 0 }
            }
        case .scrollOriginEndUpdated:
            return fromTheEnd.contains { scenario in
                var description = scenario.description
                return scenario.updates.contains { (try? description.apply($0)) != nil }
            }
        case .scrollOriginEndAnchor:
            return fromTheEnd.contains { !$0.anchors.isEmpty }
        case .maxColumnWidthNarrows:
            return descriptions.contains { description in
                description.sections.indices.contains { Self.isNarrowedByMaxColumnWidth(section: $0, of: description) }
            }
        case .centered:
            return descriptions.contains { $0.sections.contains { $0.columnAlignment == .center } }
        case .centeredRightToLeftOrHorizontal:
            return descriptions.contains { description in
                (description.direction == .rightToLeft || description.axis == .horizontal)
                    && description.sections.contains { $0.columnAlignment == .center }
            }
        case .columnOptionsWithSpans:
            return descriptions.contains { $0.sections.contains { Self.hasColumnOption($0) && $0.itemSpans != nil } }
        case .countToleranceRounds:
            return descriptions.contains { description in
                description.sections.indices.contains { Self.isRoundedByTolerance(section: $0, of: description) }
            }
        case .columnOptionsWithNulls:
            return descriptions.contains { $0.sections.contains { Self.hasColumnOption($0) && $0.isUnmeasured?.contains(true) == true } }
        case .columnOptionsSetWidth, .insertSectionWithColumnOptions:
            return Self.hasAcceptedUpdate(in: chain) { update, before in
                switch update {
                case .setWidth: return self == .columnOptionsSetWidth && before.sections.contains(where: Self.hasColumnOption)
                case .insertSection(let section, _): return self == .insertSectionWithColumnOptions && Self.hasColumnOption(section)
                default: return false
                }
            }
        default:
            return false
        }
    }

    /// Whether some update of `chain` is accepted by the description as the updates before it
    /// left it, and `matches` it with that description (before it).
    private static func hasAcceptedUpdate(in chain: ScenarioChain, _ matches: (LayoutUpdate, LayoutDescription) -> Bool) -> Bool {
        chain.scenarios.contains { scenario in
            var description = scenario.description
            return scenario.updates.contains { update in
                let before = description
                return (try? description.apply(update)) != nil && matches(update, before)
            }
        }
    }

    static func hasColumnOption(_ section: SectionDescription) -> Bool {
        section.maxColumnWidth != nil || section.columnAlignment != .leading || section.columnCountTolerance != nil
    }

    /// Whether `description`'s flow tolerance places some item elsewhere than format v2's rule
    /// does: both laid out by the reference. O(items × columns).
    private static func isMovedByFlowTolerance(_ description: LayoutDescription) -> Bool {
        var rules = RandomLayoutGenerator.Rules(of: description)
        rules.flowTolerance = nil
        guard let plain = try? rules.description(width: description.width, sections: description.sections) else { return false }
        let frames = { (engine: ReferenceLayoutEngine) in
            engine.elements(in: Rect(x: -1e30, y: -1e30, width: 3e30, height: 3e30)).map { EngineVerifier.bits($0.frame) }
        }
        return frames(ReferenceLayoutEngine(description)) != frames(ReferenceLayoutEngine(plain))
    }

    /// Whether section `section`'s columns are narrower than they would be without its `maxColumnWidth`.
    private static func isNarrowedByMaxColumnWidth(section: Int, of description: LayoutDescription) -> Bool {
        guard description.sections[section].maxColumnWidth != nil,
              let without = alone(section, of: description, { $0.maxColumnWidth = nil }) else { return false }
        return description.columnWidth(ofSection: section) < without.columnWidth(ofSection: 0)
    }

    /// Whether section `section`'s tolerance gives it more columns than rounding down would.
    private static func isRoundedByTolerance(section: Int, of description: LayoutDescription) -> Bool {
        guard description.sections[section].columnCountTolerance != nil,
              let without = alone(section, of: description, { $0.columnCountTolerance = nil }) else { return false }
        return description.sections[section].columns > without.sections[0].columns
    }

    /// Section `section` of `description` alone, changed by `change`, without its items (O(1)
    /// checks); nil when that is not valid.
    private static func alone(_ section: Int, of description: LayoutDescription,
                              _ change: (inout SectionDescription) -> Void) -> LayoutDescription? {
        var copy = description.sections[section]
        change(&copy)
        copy.itemHeights = []
        copy.itemSpans = nil
        copy.isUnmeasured = nil
        return try? RandomLayoutGenerator.Rules(of: description).description(width: description.width, sections: [copy])
    }
}
