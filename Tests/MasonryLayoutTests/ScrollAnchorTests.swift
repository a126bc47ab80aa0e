// Tests of ScrollAnchor.adjusted(for:in:): the anchor through every kind of update, with and without the updated description.
import MasonryLayout
import Testing

/// `adjusted(for:in:)` for every kind of update, before, at and after the anchor's item and
/// section, with the description after the update (`in:`) and without it.
@Suite struct ScrollAnchorTests {
    /// One update and where the anchor at (1, 2) goes: `without` when no description is given,
    /// `with` when the description after the update is (nil: the index path is gone).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var update: LayoutUpdate
        var without: ItemIndexPath
        var with: ItemIndexPath?
        var testDescription: String { name }

        init(_ name: String, _ update: LayoutUpdate, _ without: (Int, Int), with: (Int, Int)?? = .none) {
            self.name = name
            self.update = update
            self.without = ItemIndexPath(section: without.0, item: without.1)
            // Left out: the index path is still there, so `with` is `without`.
            self.with = with.map { $0.map { ItemIndexPath(section: $0.0, item: $0.1) } } ?? self.without
        }
    }

    static let cases: [Case] = [
        Case("insertItems before", .insertItems(section: 1, at: 0, heights: [1, 2]), (1, 4)),
        Case("insertItems at", .insertItems(section: 1, at: 2, heights: [1, 2, 3]), (1, 5)),
        Case("insertItems after", .insertItems(section: 1, at: 3, heights: [1]), (1, 2)),
        Case("insertItems in another section", .insertItems(section: 0, at: 0, heights: [1]), (1, 2)),
        Case("insertMeasurements before", .insertMeasurements(section: 1, at: 1, heights: [nil, 4]), (1, 4)),
        Case("insertMeasurements at", .insertMeasurements(section: 1, at: 2, heights: [nil]), (1, 3)),
        Case("insertMeasurements after", .insertMeasurements(section: 1, at: 5, heights: [nil]), (1, 2)),
        Case("deleteItems before", .deleteItems(section: 1, range: 0..<2), (1, 0)),
        Case("deleteItems containing, an item takes its place", .deleteItems(section: 1, range: 1..<3), (1, 2)),
        Case("deleteItems containing, none takes its place", .deleteItems(section: 1, range: 2..<5), (1, 2), with: .some(nil)),
        Case("deleteItems after", .deleteItems(section: 1, range: 3..<5), (1, 2)),
        Case("deleteItems in another section", .deleteItems(section: 0, range: 0..<5), (1, 2)),
        Case("insertSection before", .insertSection(SectionDescription(columns: 1, itemHeights: [1]), at: 0), (2, 2)),
        Case("insertSection at", .insertSection(SectionDescription(columns: 1, itemHeights: [1]), at: 1), (2, 2)),
        Case("insertSection after", .insertSection(SectionDescription(columns: 1, itemHeights: [1]), at: 2), (1, 2)),
        Case("deleteSection before", .deleteSection(at: 0), (0, 2)),
        Case("deleteSection containing, a section takes its place", .deleteSection(at: 1), (1, 2)),
        Case("deleteSection after", .deleteSection(at: 2), (1, 2)),
        Case("appendItems", .appendItems(section: 1, heights: [1]), (1, 2)),
        Case("appendMeasurements", .appendMeasurements(section: 1, heights: [nil, 2]), (1, 2)),
        Case("setItemHeights of the item", .setItemHeights(section: 1, startingAt: 0, heights: [9, 9, 9]), (1, 2)),
        Case("setMeasurements of the item", .setMeasurements(section: 1, startingAt: 2, heights: [nil]), (1, 2)),
        Case("setWidth", .setWidth(50), (1, 2)),
    ]

    /// Three sections of five items (the last section has two more, so that deleting the
    /// anchor's section leaves one in its place), estimates for the measurement updates.
    static func description() throws -> LayoutDescription {
        var section = SectionDescription(columns: 1, itemHeights: [10, 10, 10, 10, 10])
        section.estimatedItemHeight = 20
        var last = section
        last.itemHeights += [10, 10]
        return try LayoutDescription(width: 100, sections: [section, section, last])
    }

    @Test(arguments: cases)
    func followsItsItemThroughTheUpdate(_ testCase: Case) throws {
        let anchor = ScrollAnchor(item: ItemIndexPath(section: 1, item: 2), distance: -3.5)
        var updated = try Self.description()
        try updated.apply(testCase.update)
        #expect(anchor.adjusted(for: testCase.update) == ScrollAnchor(item: testCase.without, distance: -3.5))
        #expect(anchor.adjusted(for: testCase.update, in: updated) == testCase.with.map { ScrollAnchor(item: $0, distance: -3.5) })
        // The distance keeps its bits (a negative zero stays one): the item keeps its place on screen.
        let zero = ScrollAnchor(item: anchor.item, distance: -0.0)
        #expect(zero.adjusted(for: testCase.update)?.distance.bitPattern == (-0.0).bitPattern)
    }

    @Test func anAnchorWhoseSectionIsDeletedWithNoneInItsPlaceIsGone() throws {
        let anchor = ScrollAnchor(item: ItemIndexPath(section: 2, item: 6), distance: 1)
        var updated = try Self.description()
        try updated.apply(.deleteSection(at: 2))
        #expect(anchor.adjusted(for: .deleteSection(at: 2), in: updated) == nil)
        // Without the description the index path is kept.
        #expect(anchor.adjusted(for: .deleteSection(at: 2)) == anchor)
    }
}
