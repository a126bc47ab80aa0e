// Tests that the floor benchmark's value chain gives the reference engine's y values bit for bit.
import MasonryLayout
import MasonryWorkloads
import Testing

/// The floor benchmark's value chain gives the reference engine's y values bit for bit: it is a
/// floor of the same computation, not of an easier one.
@Suite struct ValueChainFloorTests {
    /// Each section's local y from the floor, against the reference laying out that section
    /// alone (its local y is then its y) or, in `continueColumns` mode, the whole description
    /// (one coordinate space).
    func expectFloorMatchesReference(_ description: LayoutDescription, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var floor = [Double](repeating: .nan, count: description.itemCount)
        floor.withUnsafeMutableBufferPointer { ValueChainFloor.layOut(description, into: $0) }
        var expected: [Double] = []
        switch description.sectionStart {
        case .belowLongestColumn:
            for section in description.sections {
                let alone = try LayoutDescription(width: description.width, placement: description.placement,
                                                  tieBreak: description.tieBreak, columnWidthRounding: description.columnWidthRounding,
                                                  sections: [section])
                let reference = ReferenceLayoutEngine(alone)
                expected += section.itemHeights.indices.map { reference.frame(ofItemAt: ItemIndexPath(section: 0, item: $0))!.y }
            }
        case .continueColumns:
            let reference = ReferenceLayoutEngine(description)
            for (index, section) in description.sections.enumerated() {
                expected += section.itemHeights.indices.map { reference.frame(ofItemAt: ItemIndexPath(section: index, item: $0))!.y }
            }
        }
        let mismatch = zip(floor, expected).enumerated().first { $0.element.0.bitPattern != $0.element.1.bitPattern }
        #expect(mismatch == nil, "item \(mismatch?.offset ?? 0) of \(description.jsonText().prefix(300))", sourceLocation: sourceLocation)
    }

    @Test func randomDescriptionsGiveTheReferenceY() throws {
        var generator = RandomLayoutGenerator(seed: 0xF100)
        for _ in 0..<300 {
            try expectFloorMatchesReference(generator.description())
        }
    }

    /// Every register layout of the sorted heights, and the in-memory merge above 16 columns.
    @Test(arguments: [1, 2, 3, 4, 5, 8, 9, 12, 13, 16, 17, 41, 64])
    func everyColumnCountGivesTheReferenceY(columns: Int) throws {
        var generator = RandomLayoutGenerator(seed: UInt64(columns))
        for placement in Placement.allCases {
            let sections = (0..<4).map { _ in
                SectionDescription(columns: columns, itemSpacing: 0.5, itemHeights: generator.itemHeights(count: 700))
            }
            try expectFloorMatchesReference(LayoutDescription(width: 2000, placement: placement, sections: sections))
            try expectFloorMatchesReference(LayoutDescription(width: 2000, placement: placement, sectionStart: .continueColumns,
                                                              sections: sections))
        }
    }
}
