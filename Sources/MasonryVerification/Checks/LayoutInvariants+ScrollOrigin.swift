// Format v3's scrollOrigin end: every frame the start's mirrored along the scroll axis, exactly.
import MasonryLayout
import MasonryWorkloads

extension LayoutInvariants {
    /// The invariants of `scrollOrigin: "end"`: the content size is the one from the start, and
    /// every item's, header's, footer's and stamp's frame is the reference's from the start mirrored along
    /// the scroll axis, `contentLength - (y + height)` (x and width for a horizontal layout), bit
    /// for bit; then every other invariant holds for that layout from the start (which the
    /// mirrored one is, exactly). A `keepColumns` layout depends on its history, so a fresh
    /// layout from the start is not what it laid out: it is left to the comparison with the
    /// reference given the same updates. O(items) plus a reference layout.
    enum MirroredOrigin {
        static func firstViolation(in engine: some LayoutEngine) -> String? {
            let description = engine.layoutDescription
            guard description.scrollOrigin == .end, description.remeasure == .reflow else { return nil }
            var rules = RandomLayoutGenerator.Rules(of: description)
            rules.scrollOrigin = .start
            guard let fromStart = try? rules.description(width: description.width, sections: description.sections) else {
                return "the description from the start is refused"
            }
            let start = ReferenceLayoutEngine(fromStart)
            guard engine.contentSize == start.contentSize else {
                return "the content size \(engine.contentSize) is not the one from the start, \(start.contentSize)"
            }
            let horizontal = description.axis == .horizontal
            let length = horizontal ? start.contentSize.width : start.contentSize.height
            let mirrored = { (frame: Rect?) -> Rect? in
                guard var frame else { return nil }
                if horizontal { frame.x = length - (frame.x + frame.width) } else { frame.y = length - (frame.y + frame.height) }
                return frame
            }
            let bits = { (frame: Rect?) in frame.map(EngineVerifier.bits) }
            for section in description.sections.indices {
                for kind in [ElementKind.header, .footer] {
                    let want = mirrored(start.frame(ofSupplementary: kind, inSection: section))
                    guard bits(engine.frame(ofSupplementary: kind, inSection: section)) == bits(want) else {
                        return "section \(section)'s \(kind) is at \(String(describing: engine.frame(ofSupplementary: kind, inSection: section))), the mirror of its frame from the start is \(String(describing: want))"
                    }
                }
                for stamp in (description.sections[section].stamps ?? []).indices {
                    let want = mirrored(start.frame(ofStamp: stamp, inSection: section))
                    guard bits(engine.frame(ofStamp: stamp, inSection: section)) == bits(want) else {
                        return "section \(section)'s stamp \(stamp) is at \(String(describing: engine.frame(ofStamp: stamp, inSection: section))), the mirror of its frame from the start is \(String(describing: want))"
                    }
                }
                for item in description.sections[section].itemHeights.indices {
                    let path = ItemIndexPath(section: section, item: item)
                    let want = mirrored(start.frame(ofItemAt: path))
                    guard bits(engine.frame(ofItemAt: path)) == bits(want) else {
                        return "section \(section) item \(item) is at \(String(describing: engine.frame(ofItemAt: path))), the mirror of its frame from the start is \(String(describing: want))"
                    }
                }
            }
            return LayoutInvariants.firstViolation(in: start)
        }
    }
}
