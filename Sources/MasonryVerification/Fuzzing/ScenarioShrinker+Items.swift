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

    /// `chain` with scenario `link`'s updates of section `section` moved to where the items they
    /// point at are once items `removed` of the description's section are gone: an index past
    /// them `removed.count` lower, one inside them at their start (the section followed through
    /// inserted and deleted sections). Without it, an update at index 33 kept 33 items that a
    /// fault in a deferred section's last item did not need (an insert past the end is refused).
    /// O(updates).
    static func shiftingUpdates(of chain: ScenarioChain, link: Int, section: Int, removed: Range<Int>) -> ScenarioChain {
        guard !removed.isEmpty else { return chain }
        var scenario = chain.scenarios[link]
        var target: Int? = section
        let moved = { (index: Int) in index >= removed.upperBound ? index - removed.count : min(index, removed.lowerBound) }
        for (position, update) in scenario.updates.enumerated() {
            guard let current = target else { break }
            switch update {
            case .insertSection(_, let at): if at <= current { target = current + 1 }
            case .deleteSection(let at): target = at == current ? nil : (at < current ? current - 1 : current)
            case .setItemHeights(current, let start, let heights, let spans):
                scenario.updates[position] = .setItemHeights(section: current, startingAt: moved(start), heights: heights, spans: spans)
            case .setMeasurements(current, let start, let heights, let spans):
                scenario.updates[position] = .setMeasurements(section: current, startingAt: moved(start), heights: heights, spans: spans)
            case .insertItems(current, let at, let heights, let spans):
                scenario.updates[position] = .insertItems(section: current, at: moved(at), heights: heights, spans: spans)
            case .insertMeasurements(current, let at, let heights, let spans):
                scenario.updates[position] = .insertMeasurements(section: current, at: moved(at), heights: heights, spans: spans)
            case .deleteItems(current, let range):
                scenario.updates[position] = .deleteItems(section: current, range: moved(range.lowerBound)..<max(moved(range.lowerBound), moved(range.upperBound)))
            default: break
            }
        }
        var copy = chain
        copy.replace(link, with: scenario)
        return copy
    }
}
