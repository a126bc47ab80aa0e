// Tests of the slab a fresh prepare puts several sections' buffers in: shared, reused, left, never written for a copy.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads
import Testing

/// The slab (`SectionSlab`) that holds the buffers of a fresh prepare's sections, seen through
/// `VerificationHooks.slabs(of:)`: who shares it, when a prepare reuses it, when a section
/// leaves it, and that a copy of the engine keeps its frames whatever the original does.
@Suite struct SectionSlabTests {
    /// `sections` sections of 100 to 300 items of random heights in `columns` columns.
    private static func description(sections: Int, columns: Int = 4, seed: UInt64) throws -> LayoutDescription {
        var generator = RandomLayoutGenerator(seed: seed)
        return try LayoutDescription(width: 390, sections: (0..<sections).map { index in
            SectionDescription(columns: columns, itemSpacing: 2, headerHeight: 10,
                               itemHeights: generator.itemHeights(count: 100 + 37 * index % 200))
        })
    }

    @Test func aFreshPrepareOfSeveralSectionsPutsThemInOneSlab() throws {
        let engine = OptimizedLayoutEngine(try Self.description(sections: 9, seed: 1), threads: 1)
        let slabs = VerificationHooks.slabs(of: engine)
        #expect(slabs.first! != nil && Set(slabs).count == 1, "\(slabs)")
        // One section goes alone, with buffers of its own.
        #expect(VerificationHooks.slabs(of: OptimizedLayoutEngine(try Self.description(sections: 1, seed: 1), threads: 1)) == [nil])
    }

    /// A batch's runs of sections of one shape are each laid out as one job
    /// (`SectionLayout.layOutFresh(_:_:of:shape:rules:)`), the sorted-heights kernel's for 2 to
    /// 16 columns, the general lay-out for the rest: runs of several lengths between sections of
    /// other shapes (one column, a tournament's 20, spans, weights), empty sections among them.
    @Test(arguments: [TieBreak.lowestIndex, .highestIndex], [1, 2])
    func runsOfOneShapeBetweenOtherShapesAgree(tieBreak: TieBreak, threads: Int) throws {
        var generator = RandomLayoutGenerator(seed: 11)
        let columns = [4, 4, 4, 3, 3, 1, 20, 4, 2, 2, 2, 2, 5, 4, 4, 16, 16]
        var sections = columns.enumerated().map { index, columns in
            SectionDescription(columns: columns, itemSpacing: 2, headerHeight: 10,
                               itemHeights: generator.itemHeights(count: index == 2 || index == 9 ? 0 : 60 + 29 * index % 150))
        }
        sections[8].itemSpans = sections[8].itemHeights.indices.map { $0 % 5 == 0 ? .full : .columns(1) }
        sections[13].columnWeights = [1, 2, 1, 3]
        let description = try LayoutDescription(width: 390, tieBreak: tieBreak, sections: sections)
        let engine = VerificationHooks.withMinimumItemsForThreads(64) { OptimizedLayoutEngine(description, threads: threads) }
        #expect(!VerificationHooks.slabSections(in: description, threads: threads).isEmpty)
        expectSameLayout(engine, as: ReferenceLayoutEngine(description), generator: &generator)
    }

    @Test func aRepeatedPrepareOfTheSameSizesKeepsTheSlab() throws {
        var engine = OptimizedLayoutEngine(try Self.description(sections: 9, seed: 2), threads: 1)
        let slabs = VerificationHooks.slabs(of: engine)
        // Other heights, the same sections, columns and item counts: the same regions.
        let other = try Self.description(sections: 9, seed: 3)
        engine.prepare(other)
        #expect(VerificationHooks.slabs(of: engine) == slabs)
        var generator = RandomLayoutGenerator(seed: 4)
        expectSameLayout(engine, as: ReferenceLayoutEngine(other), generator: &generator)
    }

    /// The copy shares every section's storage, so the original cannot write the slab's regions
    /// again: its sections take buffers of their own, and the copy keeps its frames.
    @Test(arguments: [1, 2])
    func aCopyKeepsItsFramesWhenTheOriginalIsPreparedAgain(threads: Int) throws {
        let first = try Self.description(sections: 64, seed: 5), second = try Self.description(sections: 64, seed: 6)
        let engine = VerificationHooks.withMinimumItemsForThreads(64) { OptimizedLayoutEngine(first, threads: threads) }
        var original = engine
        VerificationHooks.withMinimumItemsForThreads(64) { original.prepare(second) }
        #expect(VerificationHooks.slabs(of: original).allSatisfy { $0 == nil })
        var generator = RandomLayoutGenerator(seed: 7)
        expectSameLayout(engine, as: ReferenceLayoutEngine(first), generator: &generator)
        expectSameLayout(original, as: ReferenceLayoutEngine(second), generator: &generator)
    }

    /// A section appended to past its capacity moves to buffers of its own; the others stay,
    /// and a later prepare puts them all in a new slab.
    @Test func aSectionThatOutgrowsItsPlaceLeavesTheSlab() throws {
        var engine = OptimizedLayoutEngine(try Self.description(sections: 5, seed: 8), threads: 1)
        var reference = ReferenceLayoutEngine(engine.layoutDescription)
        let slab = VerificationHooks.slabs(of: engine)[0]
        let update = LayoutUpdate.appendItems(section: 2, heights: [40, 10, 25, 70])
        try engine.apply(update)
        try reference.apply(update)
        #expect(VerificationHooks.slabs(of: engine) == [slab, slab, nil, slab, slab])
        var generator = RandomLayoutGenerator(seed: 9)
        expectSameLayout(engine, as: reference, generator: &generator)
        engine.prepare(engine.layoutDescription)
        let slabs = VerificationHooks.slabs(of: engine)
        #expect(slabs[0] != nil && Set(slabs).count == 1)
        expectSameLayout(engine, as: reference, generator: &generator)
    }
}
