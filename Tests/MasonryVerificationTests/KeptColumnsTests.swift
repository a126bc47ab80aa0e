// Tests of the keepColumns invariant: a re-measure that moves a laid-out item to another column is caught.
import MasonryLayout
@testable import MasonryVerification
import Testing

@Suite struct KeptColumnsTests {
    /// An engine that claims `keepColumns` but reflows: the invariant's target, planted.
    struct ReflowingEngine: LayoutEngine {
        var claimed: LayoutDescription
        var inner: ReferenceLayoutEngine
        init(_ description: LayoutDescription) throws {
            claimed = description
            inner = ReferenceLayoutEngine(try LayoutDescription(width: description.width, remeasure: .reflow, sections: description.sections))
        }
        var layoutDescription: LayoutDescription { claimed }
        mutating func prepare(_ description: LayoutDescription) { claimed = description }
        var contentSize: Size { inner.contentSize }
        func elements(in rect: Rect) -> [LayoutElement] { inner.elements(in: rect) }
        func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { inner.frame(ofItemAt: indexPath) }
        func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? { inner.frame(ofSupplementary: kind, inSection: section) }
        mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
            try claimed.apply(update)
            try inner.apply(update)
        }
    }

    static let description = try! LayoutDescription(width: 300, remeasure: .keepColumns, sections: [
        SectionDescription(columns: 3, itemHeights: [100, 10, 10, 10, 10, 10]),
    ])
    static let remeasure = LayoutUpdate.setItemHeights(section: 0, startingAt: 1, heights: [500])

    @Test func aReflowingEngineIsCaught() throws {
        var engine = try ReflowingEngine(Self.description)
        let kept = KeptColumns(before: Self.remeasure, in: engine)
        try engine.apply(Self.remeasure)
        let violation = try #require(kept.firstViolation(after: engine))
        #expect(violation.contains("moved section 0 item"))
    }

    @Test(arguments: [false, true])
    func bothEnginesKeepTheirColumns(optimized: Bool) throws {
        var engine: any LayoutEngine = optimized ? OptimizedLayoutEngine(Self.description, threads: 1) : ReferenceLayoutEngine(Self.description)
        let kept = KeptColumns(before: Self.remeasure, in: engine)
        try engine.apply(Self.remeasure)
        #expect(kept.firstViolation(after: engine) == nil)
        // Other updates place items anew: nothing to keep.
        #expect(KeptColumns(before: .insertItems(section: 0, at: 0, heights: [1]), in: engine).firstViolation(after: engine) == nil)
    }
}
