// Tests that the deferred-rows invariant holds bit for bit for correct deferred layouts and catches an ulp off.
import MasonryLayout
@testable import MasonryVerification
import Testing

/// `unmeasuredItems: deferred` reserves `ceil(u / columns)` rows of the estimate below each
/// section's measured items: the invariant recomputes each footer and the content length with
/// the layout arithmetic and compares bit for bit, so values that round (tenths, thirds) pass
/// in every mode and a footer or content one ulp off fails.
@Suite struct DeferredRowsInvariantTests {
    /// Five sections with headers and footers (or not), spans, all-unmeasured and all-measured
    /// sections, and lengths that round at every addition.
    private static func description(axis: ScrollAxis = .vertical, trailingItemSpacing: TrailingItemSpacing = .include) throws
        -> LayoutDescription {
        try LayoutDescription(width: 390.3, trailingItemSpacing: trailingItemSpacing, axis: axis, unmeasuredItems: .deferred, sections: [
            SectionDescription(columnCount: .fixed(3), inset: EdgeInsets(top: 3.1, left: 5, bottom: 2.2, right: 7), columnSpacing: 4.5,
                               itemSpacing: 0.1, headerHeight: 30.7, footerHeight: 12.3,
                               measuredItemHeights: [50.1, 80.3, 20.7, 1.0 / 3] + Array(repeating: nil, count: 7),
                               estimatedItemHeight: 33.3, itemSpans: [1, 2, 1, .full] + Array(repeating: 1, count: 7)),
            SectionDescription(columnCount: .fixed(2), footerHeight: 5.1, measuredItemHeights: [nil, nil, nil], estimatedItemHeight: 0.1),
            SectionDescription(columns: 4, itemSpacing: 0.7, footerHeight: 1.9, itemHeights: [10.1, 20.2, 1.0 / 7]),
            SectionDescription(columnCount: .fixed(5), inset: EdgeInsets(top: 0.3, left: 0, bottom: 0.9, right: 0), itemSpacing: 1.1,
                               headerHeight: 7.7, measuredItemHeights: [100_000.0 / 3, 0.7] + Array(repeating: nil, count: 11),
                               estimatedItemHeight: 123.456),
            SectionDescription(columnCount: .fixed(1), footerHeight: 0.3, measuredItemHeights: [0.1, nil], estimatedItemHeight: 0.2),
        ])
    }

    @Test(arguments: [ScrollAxis.vertical, .horizontal], [TrailingItemSpacing.include, .exclude])
    func correctDeferredLayoutsHoldIt(axis: ScrollAxis, trailingItemSpacing: TrailingItemSpacing) throws {
        let description = try Self.description(axis: axis, trailingItemSpacing: trailingItemSpacing)
        #expect(LayoutInvariants.firstViolation(in: ReferenceLayoutEngine(description)) == nil)
        #expect(LayoutInvariants.firstViolation(in: OptimizedLayoutEngine(description)) == nil)
    }

    /// What a correct layout gets wrong by one ulp.
    enum Slip: Sendable, CustomTestStringConvertible {
        case footer(section: Int, up: Bool)
        case contentLength(up: Bool)

        var testDescription: String {
            switch self {
            case .footer(let section, let up): "section \(section)'s footer an ulp \(up ? "later" : "earlier")"
            case .contentLength(let up): "the content an ulp \(up ? "longer" : "shorter")"
            }
        }

        /// The message the invariant gives for it.
        var reported: String {
            switch self {
            case .footer(let section, _): "section \(section)'s footer"
            case .contentLength: "the content is"
            }
        }
    }

    @Test(arguments: [Slip.footer(section: 0, up: true), .footer(section: 1, up: false), .footer(section: 4, up: true),
                      .contentLength(up: true), .contentLength(up: false)],
          [ScrollAxis.vertical, .horizontal])
    func anUlpOffIsCaught(slip: Slip, axis: ScrollAxis) throws {
        let engine = OffByAnUlp(inner: OptimizedLayoutEngine(try Self.description(axis: axis)), slip: slip)
        let violation = try #require(LayoutInvariants.firstViolation(in: engine))
        #expect(violation.contains(slip.reported), "\(violation)")
    }

    /// A correct engine's layout with one footer or the content length moved by an ulp along
    /// the scroll axis, everything else as laid out.
    struct OffByAnUlp: LayoutEngine {
        var inner: OptimizedLayoutEngine
        let slip: Slip
        var layoutDescription: LayoutDescription { inner.layoutDescription }
        var horizontal: Bool { inner.layoutDescription.axis == .horizontal }

        var contentSize: Size {
            var size = inner.contentSize
            if case .contentLength(let up) = slip {
                if horizontal { size.width = up ? size.width.nextUp : size.width.nextDown } else {
                    size.height = up ? size.height.nextUp : size.height.nextDown
                }
            }
            return size
        }

        mutating func prepare(_ description: LayoutDescription) { inner.prepare(description) }
        func elements(in rect: Rect) -> [LayoutElement] {
            inner.elements(in: rect).map { element in
                var moved = element
                moved.frame = slipped(element.frame, kind: element.kind, section: element.section)
                return moved
            }
        }
        func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { inner.frame(ofItemAt: indexPath) }
        func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
            inner.frame(ofSupplementary: kind, inSection: section).map { slipped($0, kind: kind, section: section) }
        }
        mutating func apply(_ update: LayoutUpdate) throws(LayoutError) { try inner.apply(update) }

        /// `frame` moved an ulp along the scroll axis when it is the slipped footer.
        private func slipped(_ frame: Rect, kind: ElementKind, section: Int) -> Rect {
            guard case .footer(section, let up) = slip, kind == .footer else { return frame }
            var moved = frame
            if horizontal { moved.x = up ? frame.x.nextUp : frame.x.nextDown } else { moved.y = up ? frame.y.nextUp : frame.y.nextDown }
            return moved
        }
    }
}
