// The items an update brings or changes, as the shrinker reads and rewrites them (nulls too).
import MasonryLayout

extension ScenarioShrinker {
    static func heights(of update: LayoutUpdate) -> [Double?]? { items(of: update)?.heights }

    /// The items an update brings or changes: their heights (nil where unmeasured) and spans;
    /// nil for other updates.
    static func items(of update: LayoutUpdate) -> (heights: [Double?], spans: [ItemSpan]?)? {
        switch update {
        case .appendItems(_, let heights, let spans), .insertItems(_, _, let heights, let spans), .setItemHeights(_, _, let heights, let spans):
            (heights, spans)
        case .appendMeasurements(_, let heights, let spans), .insertMeasurements(_, _, let heights, let spans),
             .setMeasurements(_, _, let heights, let spans):
            (heights, spans)
        case .insertSection(let section, _): (section.measuredItemHeights, section.itemSpans)
        case .deleteItems, .deleteSection, .setWidth: nil
        }
    }

    /// `update` with other items (heights and spans) in place of its own; other updates as they
    /// are. A format v2 update keeps its kind: `heights` are its own heights changed, never nil.
    static func update(_ update: LayoutUpdate, heights: [Double?], spans: [ItemSpan]?) -> LayoutUpdate {
        let measured = { heights.map { $0 ?? 0 } }
        switch update {
        case .appendItems(let section, _, _):
            return .appendItems(section: section, heights: measured(), spans: spans)
        case .insertItems(let section, let index, _, _):
            return .insertItems(section: section, at: index, heights: measured(), spans: spans)
        case .setItemHeights(let section, let start, _, _):
            return .setItemHeights(section: section, startingAt: start, heights: measured(), spans: spans)
        case .appendMeasurements(let section, _, _):
            return .appendMeasurements(section: section, heights: heights, spans: spans)
        case .insertMeasurements(let section, let index, _, _):
            return .insertMeasurements(section: section, at: index, heights: heights, spans: spans)
        case .setMeasurements(let section, let start, _, _):
            return .setMeasurements(section: section, startingAt: start, heights: heights, spans: spans)
        case .insertSection(var section, let index):
            section.measuredItemHeights = heights
            section.itemSpans = spans
            return .insertSection(section, at: index)
        case .deleteItems, .deleteSection, .setWidth:
            return update
        }
    }

    /// `update` with other heights for the same items (spans kept).
    static func update(_ update: LayoutUpdate, heights: [Double?]) -> LayoutUpdate {
        Self.update(update, heights: heights, spans: items(of: update)?.spans)
    }

    /// `update` with other spans for its items (nil: every item one column).
    static func update(_ update: LayoutUpdate, spans: [ItemSpan]?) -> LayoutUpdate {
        items(of: update).map { Self.update(update, heights: $0.heights, spans: spans) } ?? update
    }

    /// `update` without the items in `range` of its list (heights and spans alike).
    static func update(_ update: LayoutUpdate, removingItemsIn range: Range<Int>) -> LayoutUpdate {
        guard var items = items(of: update) else { return update }
        items.heights.removeSubrange(range)
        items.spans?.removeSubrange(range)
        return Self.update(update, heights: items.heights, spans: items.spans)
    }
}
