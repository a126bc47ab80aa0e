// Format v3's deferred invariants: unmeasured items never returned, their rows reserved.
import MasonryLayout
import MasonryWorkloads

extension LayoutInvariants {
    /// The invariants of `unmeasuredItems: deferred` past each item's own (LayoutInvariants checks
    /// that a deferred item has no frame): a query over the whole content returns no unmeasured
    /// item, and each section's footer and the content end lie below where the same layout
    /// without its unmeasured items puts them by the rows reserved so far, `ceil(u / columns)`
    /// rows of the estimate per section. The engines compute those ends with
    /// `LayoutArithmetic.localBottom`, which is internal to MasonryLayout, so the comparison
    /// here is to a few ulps per section (section tops add one rounding each), not bit for bit:
    /// it catches rows forgotten or miscounted, not an operation order (the reference comparison
    /// does that). O(items) plus a reference layout of the measured items.
    enum DeferredRows {
        static func firstViolation(in engine: some LayoutEngine) -> String? {
            let description = engine.layoutDescription
            guard description.unmeasuredItems == .deferred else { return nil }
            let horizontal = description.axis == .horizontal
            let along = { (rect: Rect) in horizontal ? rect.x : rect.y }
            let content = horizontal ? engine.contentSize.width : engine.contentSize.height
            let everything = Rect(x: -1, y: -1, width: max(engine.contentSize.width, 1) + 2, height: max(engine.contentSize.height, 1) + 2)
            if let returned = engine.elements(in: everything).first(where: { element in
                element.kind == .item && description.sections[element.section].isItemUnmeasured(element.item)
            }) {
                return "a query returned section \(returned.section) item \(returned.item), which is unmeasured and deferred"
            }
            // A keepColumns layout depends on its history: a fresh layout of its measured items is
            // not what it laid out (the comparison with the reference, given the same updates, is).
            guard description.remeasure == .reflow, let measuredOnly = Self.measuredOnly(description) else { return nil }
            let trimmed = ReferenceLayoutEngine(measuredOnly)
            var reserved = 0.0
            var magnitude = abs(content)
            for (section, sectionDescription) in description.sections.enumerated() {
                let unmeasured = sectionDescription.isUnmeasured?.count(where: { $0 }) ?? 0
                if unmeasured > 0, let estimate = sectionDescription.estimatedItemHeight {
                    let rows = (unmeasured + sectionDescription.columns - 1) / sectionDescription.columns
                    reserved += Double(rows) * estimate
                }
                guard let footer = engine.frame(ofSupplementary: .footer, inSection: section),
                      let without = trimmed.frame(ofSupplementary: .footer, inSection: section) else { continue }
                magnitude = max(magnitude, abs(along(footer)), abs(along(without)) + reserved)
                if !close(along(footer), along(without) + reserved, sections: section + 1, magnitude: magnitude) {
                    return "section \(section)'s footer starts at \(along(footer)); without its unmeasured items at \(along(without)), "
                        + "and the rows reserved so far are \(reserved) long"
                }
            }
            let contentWithout = horizontal ? trimmed.contentSize.width : trimmed.contentSize.height
            magnitude = max(magnitude, abs(contentWithout) + reserved)
            if !close(content, contentWithout + reserved, sections: description.sections.count + 1, magnitude: magnitude) {
                return "the content is \(content) long; without its unmeasured items \(contentWithout), and the reserved rows are \(reserved) long"
            }
            return nil
        }

        /// Whether `value` is `expected` to within 4 ulps of `magnitude` per section stacked.
        private static func close(_ value: Double, _ expected: Double, sections: Int, magnitude: Double) -> Bool {
            guard value.isFinite, expected.isFinite else { return value == expected }
            return abs(value - expected) <= 4 * Double(sections) * magnitude.ulp
        }

        /// `description` with each section's measured items only (estimated mode, nothing deferred).
        static func measuredOnly(_ description: LayoutDescription) -> LayoutDescription? {
            var rules = RandomLayoutGenerator.Rules(of: description)
            rules.unmeasuredItems = .estimated
            let sections = description.sections.map { section in
                var copy = section
                let kept = section.isUnmeasured?.firstIndex(of: true) ?? section.itemHeights.count
                copy.itemHeights = Array(section.itemHeights.prefix(kept))
                copy.itemSpans = section.itemSpans.map { Array($0.prefix(kept)) }
                copy.isUnmeasured = nil
                return copy
            }
            return try? rules.description(width: description.width, sections: sections)
        }
    }
}
