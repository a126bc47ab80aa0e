// Tests that format v3's invariants hold for estimated and deferred layouts and catch the planted v3 faults.
import MasonryLayout
@testable import MasonryVerification
import Testing

/// Unmeasured items: laid out with the estimate bit for bit (estimated), or never returned and
/// their rows reserved (deferred); each planted v3 fault breaks one of these.
@Suite struct LayoutInvariantsFormatV3Tests {
    private static func description(_ mode: UnmeasuredItems, axis: ScrollAxis = .vertical) throws -> LayoutDescription {
        try LayoutDescription(width: 390, axis: axis, unmeasuredItems: mode, sections: [
            SectionDescription(columnCount: .fixed(3), inset: EdgeInsets(top: 3, left: 5, bottom: 2, right: 7), columnSpacing: 4.5, itemSpacing: 2,
                               headerHeight: 30, footerHeight: 12, measuredItemHeights: [50, 80, 20, nil, nil, nil, nil],
                               estimatedItemHeight: 33.25, itemSpans: [1, 2, 1, 1, .full, 1, 1]),
            SectionDescription(columnCount: .fixed(2), footerHeight: 5, measuredItemHeights: [nil, nil, nil], estimatedItemHeight: 0.1),
            SectionDescription(columns: 4, footerHeight: 1, itemHeights: [10, 20]),
        ])
    }

    @Test(arguments: [UnmeasuredItems.estimated, .deferred], [ScrollAxis.vertical, .horizontal])
    func bothEnginesHoldThem(mode: UnmeasuredItems, axis: ScrollAxis) throws {
        let description = try Self.description(mode, axis: axis)
        #expect(LayoutInvariants.firstViolation(in: ReferenceLayoutEngine(description)) == nil)
        #expect(LayoutInvariants.firstViolation(in: OptimizedLayoutEngine(description)) == nil)
    }

    @Test func aDeferredItemLaidOutIsCaught() throws {
        let engine = PlantedFaultEngine(fault: .deferredItemLaidOut, description: try Self.description(.deferred), threads: 1)
        let violation = try #require(LayoutInvariants.firstViolation(in: engine))
        #expect(violation.contains("section 0 item 3 is unmeasured and deferred, yet has a frame"), "\(violation)")
    }

    @Test func forgottenRowsAreCaught() throws {
        let engine = PlantedFaultEngine(fault: .deferredRowsForgotten, description: try Self.description(.deferred), threads: 1)
        let violation = try #require(LayoutInvariants.firstViolation(in: engine))
        #expect(violation.contains("section 0's footer"), "\(violation)")
    }

    @Test func anEstimateChangedByAnUlpIsCaught() throws {
        // Estimated mode, the unmeasured items laid out an ulp taller than the estimate.
        let description = try Self.description(.estimated)
        let taller = try LayoutDescription(width: 390, sections: description.sections.map { section in
            var copy = section
            copy.measuredItemHeights = section.measuredItemHeights.map { $0 ?? section.estimatedItemHeight!.nextUp }
            return copy
        })
        struct Taller: LayoutEngine {
            var shown: LayoutDescription
            var inner: ReferenceLayoutEngine
            var layoutDescription: LayoutDescription { shown }
            var contentSize: Size { inner.contentSize }
            mutating func prepare(_ description: LayoutDescription) { shown = description }
            func elements(in rect: Rect) -> [LayoutElement] { inner.elements(in: rect) }
            func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { inner.frame(ofItemAt: indexPath) }
            func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? { inner.frame(ofSupplementary: kind, inSection: section) }
            mutating func apply(_ update: LayoutUpdate) throws(LayoutError) { try shown.apply(update) }
        }
        let violation = try #require(LayoutInvariants.firstViolation(in: Taller(shown: description, inner: ReferenceLayoutEngine(taller))))
        #expect(violation.contains("section 0 item 3 is unmeasured"), "\(violation)")
    }
}
