// Tests that the floor's C chain gives the Swift floor's y values bit for bit.
@testable import MasonryBenchmarkHarness
import MasonryLayout
import MasonryWorkloads
import Testing

/// The C build of the floor's shortest-column chain (`CValueChain`) gives `ValueChainFloor`'s y
/// values bit for bit: the two time the same computation, so their figures compare.
@Suite struct CValueChainFloorTests {
    /// Every item's y from both chains, compared by bit pattern.
    func expectSameY(_ description: LayoutDescription, sourceLocation: SourceLocation = #_sourceLocation) {
        var swift = [Double](repeating: .nan, count: description.itemCount)
        var c = [Double](repeating: .nan, count: description.itemCount)
        swift.withUnsafeMutableBufferPointer { ValueChainFloor.layOut(description, into: $0) }
        c.withUnsafeMutableBufferPointer { CValueChain.layOut(description, into: $0) }
        let mismatch = zip(swift, c).enumerated().first { $0.element.0.bitPattern != $0.element.1.bitPattern }
        #expect(mismatch == nil, "item \(mismatch?.offset ?? 0): Swift \(mismatch?.element.0 ?? 0), C \(mismatch?.element.1 ?? 0)",
                sourceLocation: sourceLocation)
    }

    /// Every register layout of the C chain (1 to 5 columns scalar, 6 to 16 in pairs with an odd
    /// height alone or not), its in-memory merge above, and the Swift floor's own layouts, on every height distribution (`equal`: every placement a tie;
    /// `zeros`: every item of height 0), in one and in several sections, each section starting
    /// below the longest column or continuing the columns.
    @Test(arguments: Array(1...17) + [41, 64])
    func everyColumnCountAndDistributionGivesTheSwiftY(columns: Int) throws {
        for heights in HeightDistribution.allCases {
            for sections in [1, 5] {
                let description = Workload(placement: .shortestColumn, items: 2000, sections: sections, columns: columns,
                                           heights: heights).makeDescription()
                expectSameY(description)
                // Continued columns allow no headers (the workload gives several sections one).
                let headless = description.sections.map { section in
                    var section = section
                    section.headerHeight = 0
                    return section
                }
                expectSameY(try LayoutDescription(width: description.width, sectionStart: .continueColumns, sections: headless))
            }
        }
    }

    @Test func randomDescriptionsGiveTheSwiftY() throws {
        var generator = RandomLayoutGenerator(seed: 0xC0F1)
        for _ in 0..<200 {
            let description = generator.description()
            expectSameY(try LayoutDescription(width: description.width, sectionStart: description.sectionStart,
                                              sections: description.sections))
        }
    }

    @Test func onlyShortestColumnHasACChain() throws {
        let sections = [SectionDescription(columns: 3, itemHeights: [1, 2, 3])]
        #expect(CValueChain.covers(try LayoutDescription(width: 300, sections: sections)))
        #expect(!CValueChain.covers(try LayoutDescription(width: 300, placement: .roundRobin, sections: sections)))
    }
}
