// The fuzz case features of format v3's layout options: maxColumnWidth, center alignment, columnCountTolerance, scrollOrigin.
import MasonryLayout
import MasonryWorkloads

extension FuzzCaseFeature {
    /// The layout-option features (issue 21), detected by `layoutOptionIsPresent(in:)`.
    static let layoutOptions: Set<FuzzCaseFeature> = [
        .maxColumnWidthNarrows, .centered, .centeredRightToLeftOrHorizontal, .columnOptionsWithSpans, .countToleranceRounds,
        .columnOptionsSetWidth, .columnOptionsWithNulls, .insertSectionWithColumnOptions,
        .scrollOriginEnd, .scrollOriginEndHorizontal, .scrollOriginEndPinnedQuery, .scrollOriginEndUpdated, .scrollOriginEndAnchor,
    ]

    /// Whether `chain` has this layout-option feature: in its descriptions, or in an update
    /// applied to the description as the updates before it left it. O(updates × sections).
    func layoutOptionIsPresent(in chain: ScenarioChain) -> Bool {
        let descriptions = chain.scenarios.map(\.description)
        let fromTheEnd = chain.scenarios.filter { $0.description.scrollOrigin == .end }
        switch self {
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
            return chain.scenarios.contains { scenario in
                var description = scenario.description
                return scenario.updates.contains { update in
                    let before = description
                    guard (try? description.apply(update)) != nil else { return false }
                    switch update {
                    case .setWidth: return self == .columnOptionsSetWidth && before.sections.contains(where: Self.hasColumnOption)
                    case .insertSection(let section, _): return self == .insertSectionWithColumnOptions && Self.hasColumnOption(section)
                    default: return false
                    }
                }
            }
        default:
            return false
        }
    }

    static func hasColumnOption(_ section: SectionDescription) -> Bool {
        section.maxColumnWidth != nil || section.columnAlignment != .leading || section.columnCountTolerance != nil
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
