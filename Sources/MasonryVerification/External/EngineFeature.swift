// `EngineFeature`: the engine protocol's features (format fields, update kinds, query options) and which a scenario uses.
import MasonryLayout

/// A feature an external engine may declare it does not implement (<doc:EngineProtocol>,
/// "Features"): a field of the layout format, given a value other than its default; an update
/// kind; a batch; a query option. The raw value is the protocol's name for it.
public enum EngineFeature: String, CaseIterable, Hashable, Sendable, Comparable {
    // Format v1's description and section fields.
    case placement, tieBreak, sectionStart, columnWidthRounding, displayScale
    case inset, columnSpacing, itemSpacing, headerHeight, footerHeight
    // Format v2's.
    case axis, direction, trailingItemSpacing, minColumnWidth, maxColumns, itemSpans
    // Format v3's.
    case unmeasuredItems, scrollOrigin, remeasure, flowTolerance, estimatedItemHeight
    case columnWeights, columnCountTolerance, maxColumnWidth, columnAlignment, stamps
    // Update kinds, batches and query options.
    case appendItems, setItemHeights, insertItems, deleteItems, insertSection, deleteSection, setWidth
    case batchUpdates, pinHeaders, openEdges

    /// The layout format version that introduced it: an engine of an earlier format lacks it.
    public var format: Int {
        switch self {
        case .axis, .direction, .trailingItemSpacing, .minColumnWidth, .maxColumns, .itemSpans: 2
        case .unmeasuredItems, .scrollOrigin, .remeasure, .flowTolerance, .estimatedItemHeight,
             .columnWeights, .columnCountTolerance, .maxColumnWidth, .columnAlignment, .stamps: 3
        default: 1
        }
    }

    /// Whether a layout or a case that uses it cannot be checked on an engine without it. The
    /// query options and batches are not: the tool answers them as `LayoutEngine`'s default
    /// implementations do for an engine that lacks them (`ExternalLayoutEngine`).
    package var skipsWhenUnsupported: Bool {
        switch self {
        case .batchUpdates, .pinHeaders, .openEdges: false
        default: true
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The features whose absence makes a check skip `chain`: the fields of every description it
    /// lays out (each scenario's first, and each its updates make) and its update kinds.
    /// O(items × updates) for the descriptions the updates make.
    package static func used(by chain: ScenarioChain) -> Set<EngineFeature> {
        var features: Set<EngineFeature> = []
        for scenario in chain.scenarios {
            var description = scenario.description
            features.formUnion(used(by: description))
            for update in scenario.updates {
                features.formUnion(used(by: update))
                // Refused updates leave the description as it was; accepted ones may make
                // sections adaptive counts resolve differently, but never add a field.
                if (try? description.apply(update)) != nil { features.formUnion(used(by: description)) }
            }
        }
        return features
    }

    /// The fields `description` gives values other than their defaults. O(sections + spans).
    package static func used(by description: LayoutDescription) -> Set<EngineFeature> {
        var features: Set<EngineFeature> = []
        func use(_ feature: EngineFeature, if condition: Bool) { if condition { features.insert(feature) } }
        use(.placement, if: description.placement != .shortestColumn)
        use(.tieBreak, if: description.tieBreak != .lowestIndex)
        use(.sectionStart, if: description.sectionStart != .belowLongestColumn)
        use(.columnWidthRounding, if: description.columnWidthRounding != .none)
        use(.displayScale, if: description.displayScale != 1)
        use(.axis, if: description.axis != .vertical)
        use(.direction, if: description.direction != .leftToRight)
        use(.trailingItemSpacing, if: description.trailingItemSpacing != .include)
        use(.unmeasuredItems, if: description.unmeasuredItems != .estimated)
        use(.scrollOrigin, if: description.scrollOrigin != .start)
        use(.remeasure, if: description.remeasure != .reflow)
        use(.flowTolerance, if: description.flowTolerance != nil)
        for section in description.sections { features.formUnion(used(by: section)) }
        return features
    }

    /// The fields a section gives: the tool writes each that is set, so an engine without the
    /// field must not be sent it. O(spans).
    package static func used(by section: SectionDescription) -> Set<EngineFeature> {
        var features: Set<EngineFeature> = []
        func use(_ feature: EngineFeature, if condition: Bool) { if condition { features.insert(feature) } }
        if case .adaptive(_, let maxColumns) = section.columnCount {
            features.insert(.minColumnWidth)
            use(.maxColumns, if: maxColumns != nil)
        }
        let inset = section.inset
        use(.inset, if: inset.top != 0 || inset.left != 0 || inset.bottom != 0 || inset.right != 0)
        use(.columnSpacing, if: section.columnSpacing != 0)
        use(.itemSpacing, if: section.itemSpacing != 0)
        use(.headerHeight, if: section.headerHeight != 0)
        use(.footerHeight, if: section.footerHeight != 0)
        use(.itemSpans, if: section.itemSpans != nil)
        use(.estimatedItemHeight, if: section.estimatedItemHeight != nil || section.isUnmeasured != nil)
        use(.columnWeights, if: section.columnWeights != nil)
        use(.columnCountTolerance, if: section.columnCountTolerance != nil)
        use(.maxColumnWidth, if: section.maxColumnWidth != nil)
        use(.columnAlignment, if: section.columnAlignment != .leading)
        use(.stamps, if: section.stamps != nil)
        return features
    }

    /// An update's kind, and the fields it carries: spans, unmeasured heights, an inserted section's.
    package static func used(by update: LayoutUpdate) -> Set<EngineFeature> {
        var features: Set<EngineFeature> = update.carriesItemSpans ? [.itemSpans] : []
        switch update {
        case .appendItems: features.insert(.appendItems)
        case .setItemHeights: features.insert(.setItemHeights)
        case .insertItems: features.insert(.insertItems)
        case .appendMeasurements: features.formUnion([.appendItems, .estimatedItemHeight])
        case .setMeasurements: features.formUnion([.setItemHeights, .estimatedItemHeight])
        case .insertMeasurements: features.formUnion([.insertItems, .estimatedItemHeight])
        case .deleteItems: features.insert(.deleteItems)
        case .insertSection(let section, _): features.formUnion(used(by: section).union([.insertSection]))
        case .deleteSection: features.insert(.deleteSection)
        case .setWidth: features.insert(.setWidth)
        }
        return features
    }

    /// A query's options.
    package static func used(by query: LayoutQuery) -> Set<EngineFeature> {
        var features: Set<EngineFeature> = []
        if query.pinningHeaders { features.insert(.pinHeaders) }
        if query.edges == .open { features.insert(.openEdges) }
        return features
    }
}
