// AnchorComparison: both engines' scroll anchors and restoring offsets, bit for bit, and the no-clamping invariant.
import MasonryLayout

/// Compares an engine's scroll anchors (`scrollAnchor(in:)`) and the offsets that restore them
/// (`contentOffset(restoring:viewportLength:)`) with the reference's, bit for bit (`-0` differs
/// from `+0`), and checks the invariant that an anchor restored without clamping puts its item
/// at the same distance: the offset's bits are those of `frame.minY - distance` (x for a
/// horizontal layout), exactly, never within a tolerance.
enum AnchorComparison {
    /// The first difference in the anchor of `viewport` and the offset restoring it, or a broken
    /// invariant; nil when the engines agree.
    ///
    /// - Complexity: one open-edge query of each engine and two item lookups.
    static func firstDifference(of engine: any LayoutEngine, _ reference: ReferenceLayoutEngine, viewport: Rect) -> String? {
        let expected = reference.scrollAnchor(in: viewport)
        let anchor = engine.scrollAnchor(in: viewport)
        guard sameBits(anchor, expected) else {
            return "scrollAnchor(in: \(EngineVerifier.describe(viewport))): the engine gave \(describe(anchor)), the reference \(describe(expected))"
        }
        guard let anchor else { return nil }
        return firstDifference(restoring: anchor, viewportLength: length(of: viewport, in: reference), engine, reference)
    }

    /// The first difference in the offset that restores `anchor`, or a broken invariant; nil
    /// when the engines agree.
    ///
    /// - Complexity: two item lookups on each engine.
    static func firstDifference(restoring anchor: ScrollAnchor, viewportLength: Double, _ engine: any LayoutEngine,
                                _ reference: ReferenceLayoutEngine) -> String? {
        let call = "contentOffset(restoring: \(describe(anchor)), viewportLength: \(viewportLength))"
        let expected = reference.contentOffset(restoring: anchor, viewportLength: viewportLength)
        let offset = engine.contentOffset(restoring: anchor, viewportLength: viewportLength)
        guard offset?.bitPattern == expected?.bitPattern else {
            return "\(call): the engine gave \(describe(offset)), the reference \(describe(expected))"
        }
        guard let offset, let frame = engine.frame(ofItemAt: anchor.item) else { return nil }
        let vertical = engine.layoutDescription.axis == .vertical
        let unclamped = (vertical ? frame.minY : frame.minX) - anchor.distance
        let contentLength = vertical ? engine.contentSize.height : engine.contentSize.width
        // Within [0, max(0, contentLength - viewportLength)] neither bound moves it; a -0 would
        // become +0 at the lower bound, so only a +0 counts as unclamped there.
        guard unclamped.sign == .plus, unclamped <= max(0, contentLength - viewportLength) else { return nil }
        guard offset.bitPattern == unclamped.bitPattern else {
            return "invariant: \(call) gave \(describe(offset)), unclamped, but the item starts at \(describe(unclamped)) minus the distance"
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
