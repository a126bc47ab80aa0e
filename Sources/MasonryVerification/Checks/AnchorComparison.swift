// AnchorComparison: both engines' scroll anchors and restoring offsets, bit for bit, and the no-clamping invariant.
@_spi(Verification) import MasonryLayout

/// Compares an engine's scroll anchors (`scrollAnchor(in:)`) and the offsets that restore them
/// (`contentOffset(restoring:viewportLength:)`) with the reference's, bit for bit (`-0` differs
/// from `+0`), and checks the invariant that an anchor restored without clamping puts its item
/// at the same distance: the offset's bits are those of `frame.minY - distance` (x for a
/// horizontal layout), exactly, never within a tolerance.
enum AnchorComparison {
    /// The first difference in the anchor of `viewport` and the offset restoring it, or a broken
    /// invariant; nil when the engines agree. The reference's anchor is read from
    /// `referenceAnswer`, its answer to a query of `viewport` with any edges and pinning (what
    /// the checker has at hand), so the reference does not filter every element again.
    ///
    /// - Complexity: one open-edge query of the engine, O(referenceAnswer), two item lookups.
    static func firstDifference(of engine: any LayoutEngine, _ reference: ReferenceLayoutEngine, viewport: Rect,
                                referenceAnswer: [LayoutElement]) -> String? {
        let anchor = engine.scrollAnchor(in: viewport)
        let expected = Self.anchor(of: viewport, from: referenceAnswer, in: reference)
        guard sameBits(anchor, expected) else {
            return "scrollAnchor(in: \(EngineVerifier.describe(viewport))): the engine gave \(describe(anchor)), the reference \(describe(expected))"
        }
        guard let anchor else { return nil }
        return firstDifference(restoring: anchor, viewportLength: length(of: viewport, in: reference), engine, reference)
    }

    /// `scrollAnchor(in: viewport)` from an answer to a query of `viewport`: the first item that
    /// meets it with open edges (<doc:Queries>). A closed answer holds every item of the open
    /// one, in the same order, and pinning moves only headers, so any answer will do; not from
    /// the end, where the frames it holds are mirrored after the test. O(answer).
    static func anchor(of viewport: Rect, from answer: [LayoutElement], axis: ScrollAxis) -> ScrollAnchor? {
        anchor(of: viewport, from: answer, axis: axis) { $0.frame.intersects(viewport, edges: .open) }
    }

    /// `anchor(of:from:axis:)` of `reference`'s answer, each item tested as the reference's open
    /// query tests it: from the end (format v3) the mirrored viewport against the frame as laid
    /// out, which the answer's mirrored frame against the viewport need not repeat, the mirror
    /// rounding (the fuzzer's first find with the option; the reference's own open query costs
    /// O(elements) per query, a quarter of a check of a 32K-item case). O(answer).
    static func anchor(of viewport: Rect, from answer: [LayoutElement], in reference: ReferenceLayoutEngine) -> ScrollAnchor? {
        let axis = reference.layoutDescription.axis
        guard reference.layoutDescription.scrollOrigin == .end else { return anchor(of: viewport, from: answer, axis: axis) }
        return anchor(of: viewport, from: answer, axis: axis) {
            VerificationHooks.meetsWithOpenEdges(item: ItemIndexPath(section: $0.section, item: $0.item), rect: viewport, in: reference)
        }
    }

    private static func anchor(of viewport: Rect, from answer: [LayoutElement], axis: ScrollAxis,
                               meets: (LayoutElement) -> Bool) -> ScrollAnchor? {
        guard let first = answer.first(where: { $0.kind == .item && meets($0) }) else { return nil }
        let distance = axis == .vertical ? first.frame.minY - viewport.minY : first.frame.minX - viewport.minX
        return ScrollAnchor(item: ItemIndexPath(section: first.section, item: first.item), distance: distance)
    }

    /// The first difference in the offset that restores `anchor`, or a broken invariant; nil
    /// when the engines agree.
    ///
    /// - Complexity: two item lookups on each engine.
    static func firstDifference(restoring anchor: ScrollAnchor, viewportLength: Double, _ engine: any LayoutEngine,
                                _ reference: ReferenceLayoutEngine) -> String? {
        // Built only for a report: the check runs this for every query after every step.
        func call() -> String { "contentOffset(restoring: \(describe(anchor)), viewportLength: \(viewportLength))" }
        let expected = reference.contentOffset(restoring: anchor, viewportLength: viewportLength)
        let offset = engine.contentOffset(restoring: anchor, viewportLength: viewportLength)
        guard offset?.bitPattern == expected?.bitPattern else {
            return "\(call()): the engine gave \(describe(offset)), the reference \(describe(expected))"
        }
        guard let offset, let frame = engine.frame(ofItemAt: anchor.item) else { return nil }
        let vertical = engine.layoutDescription.axis == .vertical
        let unclamped = (vertical ? frame.minY : frame.minX) - anchor.distance
        let contentLength = vertical ? engine.contentSize.height : engine.contentSize.width
        // Within [0, max(0, contentLength - viewportLength)] neither bound moves it; a -0 would
        // become +0 at the lower bound, so only a +0 counts as unclamped there.
        guard unclamped.sign == .plus, unclamped <= max(0, contentLength - viewportLength) else { return nil }
        guard offset.bitPattern == unclamped.bitPattern else {
            return "invariant: \(call()) gave \(describe(offset)), unclamped, but the item starts at \(describe(unclamped)) minus the distance"
        }
        return nil
    }

    /// The viewport's length along `engine`'s scroll axis: its height, or its width for a
    /// horizontal layout. O(1).
    static func length(of viewport: Rect, in engine: some LayoutEngine) -> Double {
        engine.layoutDescription.axis == .vertical ? viewport.height : viewport.width
    }

    /// Whether two anchors (or their absence) are the same item at a distance of the same bits. O(1).
    static func sameBits(_ a: ScrollAnchor?, _ b: ScrollAnchor?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.item == b.item && a.distance.bitPattern == b.distance.bitPattern
    }

    /// An anchor, its distance in decimal and bits, for a mismatch report.
    static func describe(_ anchor: ScrollAnchor?) -> String {
        guard let anchor else { return "none" }
        return "(section \(anchor.item.section), item \(anchor.item.item), distance \(describe(anchor.distance)))"
    }

    private static func describe(_ value: Double?) -> String {
        guard let value else { return "none" }
        return "\(value) bits 0x\(String(value.bitPattern, radix: 16, uppercase: true))"
    }
}
