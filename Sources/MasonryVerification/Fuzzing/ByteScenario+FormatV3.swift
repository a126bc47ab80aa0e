// Format v3 from the bytes after a scenario's: unmeasured items, both modes and policies, measuring updates, anchors.
import MasonryLayout

extension ByteScenario {
    /// The bytes after the format v2 scenario's choose its format v3 part: zeros (or no bytes)
    /// leave every item measured and add nothing, so a corpus of format v2 inputs keeps its
    /// meaning. Otherwise a byte chooses the mode (`estimated` with `reflow` or `keepColumns`,
    /// `deferred` with either), and per section an estimate and which items are unmeasured (a
    /// run in estimated mode, the last items in deferred mode); then measuring updates (numbers
    /// and nulls, in order or not: refused ones are refused by both engines alike) and anchors
    /// of the query rects, taken after any number of the updates. A choice the description
    /// refuses (deferred or keepColumns with `continueColumns`) falls back to format v2.
    mutating func formatV3(of description: LayoutDescription, updates: inout [LayoutUpdate],
                           queries: [Rect]) -> (description: LayoutDescription, anchors: [ScenarioAnchor]) {
        let mode = next() % 5
        guard mode != 0 else { return (description, []) }
        let unmeasuredItems: UnmeasuredItems = mode >= 3 ? .deferred : .estimated
        let remeasure: Remeasure = mode % 2 == 0 ? .keepColumns : .reflow
        let sections = description.sections.map { section in
            var measured = section.measuredItemHeights
            let count = measured.count
            let unmeasured = next() % (count + 1)
            let start = unmeasuredItems == .deferred ? count - unmeasured : next() % (count - unmeasured + 1)
            for item in start..<(start + unmeasured) { measured[item] = nil }
            var changed = section
            changed.estimatedItemHeight = pick(Self.heights)
            changed.measuredItemHeights = measured
            return changed
        }
        guard let changed = try? LayoutDescription(
            width: description.width, placement: description.placement, tieBreak: description.tieBreak,
            sectionStart: description.sectionStart, columnWidthRounding: description.columnWidthRounding,
            unmeasuredItems: unmeasuredItems, remeasure: remeasure, sections: sections) else { return (description, []) }
        for _ in 0..<(next() % 5) {
            let section = next() % max(1, changed.sections.count)
            let item = next() % 64
            let measurements: [Double?] = (0..<(1 + next() % 6)).map { _ in next() % 3 == 0 ? nil : pick(Self.heights) }
            updates.insert(.setMeasurements(section: section, startingAt: item, heights: measurements), at: next() % (updates.count + 1))
        }
        let anchors = queries.isEmpty ? [] : (0..<(next() % 3)).map { _ in
            ScenarioAnchor(viewport: queries[next() % queries.count], afterUpdates: next() % (updates.count + 1))
        }
        return (changed, anchors)
    }
}
