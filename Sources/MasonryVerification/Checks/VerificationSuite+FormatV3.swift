// The format v3 cases of `masonry verify`'s matrix: self-sizing feeds measured at random depths, in each mode.
import MasonryLayout
import MasonryWorkloads

extension VerificationSuite {
    /// Format v3's layouts in the matrix: a 4-column photo feed of `large` items in one section,
    /// every item unmeasured but the first tenth (estimate 300), in each mode: estimated with
    /// `reflow`, estimated with `keepColumns`, deferred with each. Their updates measure
    /// (`measurementUpdate`).
    static func formatV3Cases(large: Int) -> [Case] {
        var random = SplitMix64(seed: 0x5633_4645_4544)
        let heights = HeightDistribution.photo.heights(count: large, columnWidth: 390 / 4, generator: &random)
        let measured = large / 10
        let section = SectionDescription(
            columnCount: .fixed(4), inset: EdgeInsets(top: 8.5, left: 4, bottom: 6, right: 4.25), columnSpacing: 3.5,
            itemSpacing: 2.75, headerHeight: 40.5, footerHeight: 20,
            measuredItemHeights: heights.indices.map { $0 < measured ? heights[$0] : nil }, estimatedItemHeight: 300)
        return [(UnmeasuredItems.estimated, Remeasure.reflow), (.estimated, .keepColumns), (.deferred, .reflow), (.deferred, .keepColumns)]
            .map { mode, remeasure in
                let description = try! LayoutDescription(width: 390, unmeasuredItems: mode, remeasure: remeasure, sections: [section])
                return Case(name: "self-sizing-feed/items:\(large)/unmeasured:\(mode.rawValue)/remeasure:\(remeasure.rawValue)",
                            description: description, measures: true)
            }
    }

    /// How many layouts `formatV3Cases` makes.
    static let formatV3CaseCount = 4

    /// A measuring update of `description`'s largest section (the feed; random updates may have
    /// added others, or deleted it): as a feed measures. Estimated mode:
    /// the next 1 to 64 items at a random depth measured (some already measured: re-measured),
    /// now and then set back to the estimate (null). Deferred mode: the next run of unmeasured
    /// items measured in order, now and then a measured item re-measured, or (refused by both
    /// engines) an item measured out of order or un-measured.
    static func measurementUpdate(for description: LayoutDescription, random: inout RandomLayoutGenerator) -> LayoutUpdate {
        guard let feed = description.sections.indices.max(by: {
            description.sections[$0].itemHeights.count < description.sections[$1].itemHeights.count
        }), !description.sections[feed].itemHeights.isEmpty else { return .appendMeasurements(section: 0, heights: [nil, nil]) }
        let section = description.sections[feed]
        let count = section.itemHeights.count
        let run = Int.random(in: 1...64, using: &random.generator)
        let height = { (generator: inout SplitMix64) in Double(Int.random(in: 40...700, using: &generator)) }
        switch description.unmeasuredItems {
        case .estimated:
            let start = Int.random(in: 0..<count, using: &random.generator)
            let length = min(run, count - start)
            let backToEstimate = Int.random(in: 0..<6, using: &random.generator) == 0
            return .setMeasurements(section: feed, startingAt: start,
                                    heights: (0..<length).map { _ in backToEstimate ? nil : height(&random.generator) })
        case .deferred:
            let firstUnmeasured = count - (section.isUnmeasured?.count(where: { $0 }) ?? 0)
            switch Int.random(in: 0..<8, using: &random.generator) {
            case 0 where firstUnmeasured > 0:
                return .setItemHeights(section: feed, startingAt: Int.random(in: 0..<firstUnmeasured, using: &random.generator),
                                       heights: [height(&random.generator)])
            case 1 where firstUnmeasured + 1 < count:
                return .setItemHeights(section: feed, startingAt: firstUnmeasured + 1, heights: [height(&random.generator)])
            case 2 where firstUnmeasured > 0:
                return .setMeasurements(section: feed, startingAt: firstUnmeasured - 1, heights: [nil])
            default:
                let length = min(run, count - firstUnmeasured)
                guard length > 0 else { return .appendMeasurements(section: feed, heights: [nil, nil, nil]) }
                return .setItemHeights(section: feed, startingAt: firstUnmeasured, heights: (0..<length).map { _ in height(&random.generator) })
            }
        }
    }
}
