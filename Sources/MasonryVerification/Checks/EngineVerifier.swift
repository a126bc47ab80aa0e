// Bit-for-bit comparison of an engine's layout and query answers with the reference engine's.
import MasonryLayout

/// Compares an engine's layout with the reference engine's, bit for bit: content size, every
/// item frame, every header, footer and stamp. O(elements).
package enum EngineVerifier {
    /// The bit patterns of a frame: equality means the same bits (so -0 differs from +0, and a
    /// difference in the last place is a difference).
    package static func bits(_ rect: Rect) -> [UInt64] {
        [rect.x.bitPattern, rect.y.bitPattern, rect.width.bitPattern, rect.height.bitPattern]
    }

    /// Whether two frames (or their absence) have the same bits, without allocating: the check
    /// runs this for every element after every step.
    static func sameBits(_ a: Rect?, _ b: Rect?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
            && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// A frame in decimal and in bit patterns, for a mismatch report.
    package static func describe(_ rect: Rect?) -> String {
        guard let rect else { return "none" }
        let hex = bits(rect).map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ",")
        return "(\(rect.x), \(rect.y), \(rect.width), \(rect.height)) bits [\(hex)]"
    }

    /// The first difference between `candidate` and `reference`, or nil when they agree.
    package static func firstDifference(_ candidate: some LayoutEngine, _ reference: some LayoutEngine) -> String? {
        if candidate.contentSize.width.bitPattern != reference.contentSize.width.bitPattern
            || candidate.contentSize.height.bitPattern != reference.contentSize.height.bitPattern {
            return "content size \(candidate.contentSize), expected \(reference.contentSize)"
        }
        for (section, description) in reference.layoutDescription.sections.enumerated() {
            for kind in [ElementKind.header, .footer] {
                let got = candidate.frame(ofSupplementary: kind, inSection: section)
                let want = reference.frame(ofSupplementary: kind, inSection: section)
                if !sameBits(got, want) {
                    return "section \(section) \(kind): \(describe(got)), expected \(describe(want))"
                }
            }
            for stamp in (description.stamps ?? []).indices {
                let got = candidate.frame(ofStamp: stamp, inSection: section)
                let want = reference.frame(ofStamp: stamp, inSection: section)
                if !sameBits(got, want) {
                    return "section \(section) stamp \(stamp): \(describe(got)), expected \(describe(want))"
                }
            }
            for item in description.itemHeights.indices {
                let path = ItemIndexPath(section: section, item: item)
                let got = candidate.frame(ofItemAt: path)
                let want = reference.frame(ofItemAt: path)
                if !sameBits(got, want) {
                    return "section \(section) item \(item): \(describe(got)), expected \(describe(want))"
                }
            }
        }
        return nil
    }

    /// The first difference between two answers to the query `rect`, or nil when they agree.
    package static func firstDifference(in rect: Rect, _ got: [LayoutElement], _ want: [LayoutElement]) -> String? {
        firstDifference(got, want).map { "query \(rect): \($0)" }
    }

    /// The first difference between `engine`'s answers to `query`, through every call that can
    /// ask it (`QueryCall`), and `expected`, the reference's answer: the same query through each
    /// of the engines' query entry points, so a fault in any overload shows. O(calls × elements).
    package static func firstDifference(of engine: any LayoutEngine, answering query: LayoutQuery, expected: [LayoutElement]) -> String? {
        for call in QueryCall.allCases where call.expresses(query) {
            guard let difference = firstDifference(call.answer(query, from: engine), call.expected(expected)) else { continue }
            let through = call == .elementsForQuery ? "" : " through \(call.entryPoint.rawValue)"
            return "query \(query.rect)\(through): \(difference)"
        }
        return nil
    }

    /// The first element where two answers differ (kind, section, item or frame bits), or nil
    /// when they are the same. O(elements), allocating only for the report.
    package static func firstDifference(_ got: [LayoutElement], _ want: [LayoutElement]) -> String? {
        for index in 0..<max(got.count, want.count) {
            let a = index < got.count ? got[index] : nil
            let b = index < want.count ? want[index] : nil
            if a?.kind != b?.kind || a?.section != b?.section || a?.item != b?.item || !sameBits(a?.frame, b?.frame) {
                let show = { (element: LayoutElement?) in
                    element.map { "\($0.kind) \($0.section)/\($0.item) \(describe($0.frame))" } ?? "nothing"
                }
                return "element \(index) is \(show(a)), expected \(show(b))"
            }
        }
        return nil
    }
}
