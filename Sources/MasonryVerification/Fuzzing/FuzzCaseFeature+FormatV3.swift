// The fuzz case features of format v3: null heights, deferred sections, measuring updates, inserted sections with nulls.
import MasonryLayout
import MasonryWorkloads

extension FuzzCaseFeature {
    /// The format v3 features, detected by `formatV3IsPresent(in:)`.
    static let formatV3: Set<FuzzCaseFeature> = [
        .nullsEstimated, .estimateTiesMeasured, .deferred, .deferredAllUnmeasured, .deferredMeasuredSection, .measuredInOrder,
        .measuredOutOfOrderEstimated, .refusedOutOfOrder, .estimateRestored, .nullsAppendedOrInserted, .measurementAtCheckpoint,
        .measuringWithSpans, .remeasuredKeepingColumns, .insertSectionWithNulls,
    ]

    /// Whether `chain` has this format v3 feature: in its descriptions, or in an update applied
    /// to the description as the updates before it left it. O(updates × items).
    func formatV3IsPresent(in chain: ScenarioChain) -> Bool {
        let descriptions = chain.scenarios.map(\.description)
        switch self {
        case .nullsEstimated:
            return descriptions.contains { $0.unmeasuredItems == .estimated && $0.sections.contains(where: Self.hasNull) }
        case .estimateTiesMeasured:
            return descriptions.flatMap(\.sections).contains { section in
                guard let estimate = section.estimatedItemHeight, Self.hasNull(section) else { return false }
                return section.itemHeights.indices.contains { !section.isItemUnmeasured($0) && section.itemHeights[$0] == estimate }
            }
        case .deferred:
            return descriptions.contains { $0.unmeasuredItems == .deferred && $0.sections.contains(where: Self.hasNull) }
        case .deferredAllUnmeasured:
            return descriptions.contains { description in
                description.unmeasuredItems == .deferred && description.sections.contains { $0.isUnmeasured?.allSatisfy { $0 } == true && !$0.itemHeights.isEmpty }
            }
        case .deferredMeasuredSection:
            return descriptions.contains { description in
                description.unmeasuredItems == .deferred && description.sections.contains { section in
                    section.estimatedItemHeight != nil && !Self.hasNull(section) && !section.itemHeights.isEmpty
                }
            }
        default:
            return chain.scenarios.contains { scenario in
                var description = scenario.description
                return scenario.updates.contains { update in
                    let before = description
                    let accepted = (try? description.apply(update)) != nil
                    return has(update, before: before, accepted: accepted)
                }
            }
        }
    }

    /// Whether `update`, applied to `before` (`accepted` or refused), shows this feature.
    private func has(_ update: LayoutUpdate, before: LayoutDescription, accepted: Bool) -> Bool {
        if self == .insertSectionWithNulls {
            guard case .insertSection(let section, _) = update else { return false }
            return accepted && Self.hasNull(section)
        }
        guard let (section, first, heights, spans, replaces) = Self.measuring(update), before.sections.indices.contains(section) else { return false }
        let target = before.sections[section]
        let start = first < 0 ? target.itemHeights.count : first  // an append's
        let firstNull = target.isUnmeasured?.firstIndex(of: true)
        let deferred = before.unmeasuredItems == .deferred
        switch self {
        case .measuredInOrder:
            return accepted && replaces && start == firstNull && !heights.isEmpty && !heights.contains(nil)
        case .measuredOutOfOrderEstimated:
            return accepted && !deferred && replaces && firstNull.map { start > $0 } == true
                && heights.indices.contains { heights[$0] != nil && target.isItemUnmeasured(start + $0) }
        case .refusedOutOfOrder:
            // Refused for the order alone: the same update is accepted in estimated mode.
            guard !accepted, deferred else { return false }
            var rules = RandomLayoutGenerator.Rules(of: before)
            rules.unmeasuredItems = .estimated
            guard var estimated = try? rules.description(width: before.width, sections: before.sections) else { return false }
            return (try? estimated.apply(update)) != nil
        case .estimateRestored:
            return accepted && !deferred && replaces && heights.indices.contains { heights[$0] == nil && !target.isItemUnmeasured(start + $0) }
        case .nullsAppendedOrInserted:
            return accepted && !replaces && heights.contains(nil)
        case .measurementAtCheckpoint:
            return accepted && target.estimatedItemHeight != nil && (Self.atCheckpoint(start, columns: target.columns) || Self.atCheckpoint(start + heights.count, columns: target.columns))
        case .measuringWithSpans:
            return accepted && spans != nil && target.estimatedItemHeight != nil
        case .remeasuredKeepingColumns:
            let laidOut = deferred ? (firstNull ?? target.itemHeights.count) : target.itemHeights.count
            return accepted && replaces && before.remeasure == .keepColumns && before.placement == .shortestColumn
                && target.columns > 1 && start < laidOut && !heights.isEmpty
        default:
            return false
        }
    }

    /// An item update's section, first index, heights (nil: unmeasured), spans, and whether it
    /// replaces items (a set) rather than adding them; nil for other updates.
    private static func measuring(_ update: LayoutUpdate) -> (Int, Int, [Double?], [ItemSpan]?, Bool)? {
        switch update {
        case .setMeasurements(let section, let start, let heights, let spans): (section, start, heights, spans, true)
        case .setItemHeights(let section, let start, let heights, let spans): (section, start, heights, spans, true)
        case .appendMeasurements(let section, let heights, let spans): (section, -1, heights, spans, false)
        case .insertMeasurements(let section, let at, let heights, let spans): (section, at, heights, spans, false)
        default: nil
        }
    }

    private static func hasNull(_ section: SectionDescription) -> Bool { section.isUnmeasured?.contains(true) == true }
}
