// Format v3's deferred invariants: unmeasured items never returned, their rows reserved.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

extension LayoutInvariants {
    /// The invariants of `unmeasuredItems: deferred` past each item's own (LayoutInvariants checks
    /// that a deferred item has no frame): a query over the whole content returns no unmeasured
    /// item, and each section's footer and the content end lie, bit for bit, where the layout
    /// arithmetic puts them from the same layout without its unmeasured items plus the rows
    /// reserved, `ceil(u / columns)` rows of the estimate per section. Each section's deepest
    /// column end comes from a reference layout of the measured items only (never from the
    /// engine checked), and its local bottom, footer and the section tops summed from it from
    /// the engine's own arithmetic (`VerificationHooks.deepestColumnEnd`, `sectionEnd`), so
    /// the rule is not restated here and an ulp off is a violation: it catches rows forgotten or
    /// miscounted and an operation order changed. O(items) plus a reference layout of the
    /// measured items.
    enum DeferredRows {
        /// The first of these invariants `engine`'s layout breaks, or nil. O(items) plus a
        /// reference layout of the measured items.
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
            // `deferred` needs `belowLongestColumn` (validation), so the tops are a running sum.
            var top = 0.0
            for (section, sectionDescription) in description.sections.enumerated() {
                let unmeasured = sectionDescription.isUnmeasured?.count(where: { $0 }) ?? 0
                let deepest = VerificationHooks.deepestColumnEnd(ofSection: section, in: trimmed)
                let (footerY, nextTop) = VerificationHooks.sectionEnd(ofSection: section, in: description, top: top, deepest: deepest,
                                                                      deferredItems: unmeasured)
                if let footer = engine.frame(ofSupplementary: .footer, inSection: section), along(footer).bitPattern != footerY.bitPattern {
                    return "section \(section)'s footer starts at \(along(footer)); its deepest column without its \(unmeasured) unmeasured "
                        + "item(s) ends at \(deepest), and with their rows reserved below it the footer starts at \(footerY)"
                }
                top = nextTop
            }
            guard content.bitPattern == top.bitPattern else {
                return "the content is \(content) long; without its unmeasured items and with their rows reserved it is \(top)"
            }
            return nil
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
