// The fuzz case generator: a seed's scenario chain, its shapes and features drawn at the documented rates.
import MasonryLayout
import MasonryWorkloads

extension Fuzzer {
    /// The case for `seed`: a scenario chain whose shape and features are drawn at the rates
    /// MasonryLayout.docc/Verification.md states: small layouts mostly, now and then
    /// thousands of sections, a section of thousands of items, section counts around the
    /// threaded batch plan, item counts at checkpoint boundaries, many columns, a layout above
    /// the engine's own threading threshold, the rare corners (`RareCorner`: 65+ columns past
    /// several checkpoints in both placements, with queries past column 64; sections in one slab
    /// with updates in any; spans in a big section through every update kind); extreme
    /// lengths; up to eight updates (indices at checkpoint boundaries where the counts are; in format v3 cases, at times a measuring
    /// update before each); the engine prepared again with another
    /// description and back; queries after every step, touching the frames the step moved;
    /// hidden cells and collapsed sections, first-screen and near-miss queries (`LayoutEdgeCases`);
    /// format v3's null heights, estimated and deferred, and updates that measure them, in order
    /// and out of it, and inserted sections with nulls (`RandomLayoutGenerator.withUnmeasuredItems`,
    /// `measurementUpdate`); format v3's column options, in descriptions and inserted sections
    /// (`RandomLayoutGenerator.withColumnOptions`) and items flowing from the end
    /// (`withLayoutOptions`); anchor steps, taken before updates and restored after them
    /// (`AnchorStepDraws`).
    package static func scenario(seed: UInt64) -> ScenarioChain {
        var generator = FuzzCaseGenerator(seed: seed)
        return generator.chain()
    }
}

/// Draws one fuzz case: a shape, independent features, then the chain.
struct FuzzCaseGenerator {
    /// The case's overall form.
    enum Form: String, CaseIterable {
        /// 1 to 6 sections of up to 40 items (sometimes 120).
        case small
        /// Some sections' item counts at checkpoint boundaries.
        case checkpointBoundaries
        /// Sections past one vector's lanes: 9, 16, 17, 10 to 40, 41 to 1024 columns.
        case manyColumns
        /// Section counts of m × B - 1, m × B or m × B + 1 for a batch count B of the threaded
        /// plan (threads × 4 batches per thread), all sections of one size.
        case batchPlan
        /// A section of 1,001 to 5,000 items.
        case bigSection
        /// 300 to 2,000 sections of up to 6 items.
        case thousandsOfSections
        /// 17,000 to 24,000 items: the engine's own threading threshold (16,384) is passed.
        case aboveThreadingThreshold
        /// One of the cross-products the others rarely make (`RareCorner`).
        case rareCorners
    }

    var random: RandomLayoutGenerator
    let form: Form
    /// The corner of a `rareCorners` case.
    let rareCorner: RareCorner?
    let extremeLengths: Bool
    let reprepares: Bool
    /// Collapsed items and sections, first-screen and near-miss queries.
    var edgeCases: LayoutEdgeCases
    /// Format v3's unmeasured items and measuring updates, from a stream of their own: a case
    /// without them is the case it was before format v3.
    var measurements: RandomLayoutGenerator
    /// Anchor steps, from a stream of their own: a case is otherwise the case it was before them.
    var anchors: AnchorStepDraws
    /// Format v3's layout options (`maxColumnWidth`, center alignment, `columnCountTolerance`,
    /// `scrollOrigin: end`, `flowTolerance`, stamps), from a stream of their own: a case without
    /// them is the case it was before them.
    var layoutOptions: RandomLayoutGenerator

    init(seed: UInt64) {
        random = RandomLayoutGenerator(seed: seed)
        edgeCases = LayoutEdgeCases(seed: seed)
        measurements = RandomLayoutGenerator(seed: seed ^ 0x3EA5_0ED0_0000_0003)
        anchors = AnchorStepDraws(seed: seed)
        layoutOptions = RandomLayoutGenerator(seed: seed ^ 0xC0_1A_0F_7E_0000_0004)
        let roll = Int(random.generator.next() % 1000)
        let form: Form = switch roll {
        case 0..<3: .aboveThreadingThreshold
        case 3..<23: .thousandsOfSections
        case 23..<53: .bigSection
        case 53..<103: .batchPlan
        case 103..<303: .checkpointBoundaries
        case 303..<353: .manyColumns
        case 353..<379: .rareCorners  // 3.25 a thousand for each of eight corners
        default: .small
        }
        self.form = form
        rareCorner = form == .rareCorners ? Self.rareCorner(&random) : nil
        extremeLengths = random.generator.unitDouble() < 0.15
        let reprepare = random.generator.unitDouble() < 0.15
        // Not for the forms of tens of thousands of items: a chain of two or three such layouts
        // costs that much more per case and adds nothing the other forms' re-prepares lack.
        reprepares = reprepare && form != .aboveThreadingThreshold && form != .rareCorners
    }

    mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.generator.next() % UInt64(range.count))
    }

    private mutating func chance(_ probability: Double) -> Bool { random.generator.unitDouble() < probability }

    /// The shape of this case's descriptions.
    private mutating func shape() -> RandomLayoutGenerator.Shape {
        var shape = RandomLayoutGenerator.Shape()
        shape.extremeLengths = extremeLengths ? 0.3 : 0
        shape.formatV2 = .fuzzing
        switch form {
        case .small:
            shape.sections = 1...6
            shape.items = 0...(chance(0.1) ? 120 : 40)
        case .checkpointBoundaries:
            shape.sections = 1...4
            shape.items = 0...300
            shape.checkpointBoundaries = 0.7
        case .manyColumns:
            shape.sections = 1...3
            shape.items = 0...200
            shape.columns = .many
            shape.checkpointBoundaries = 0.3
            shape.largestBoundary = 4096  // 16 × 256 columns
        case .batchPlan, .bigSection, .thousandsOfSections, .aboveThreadingThreshold, .rareCorners:
            break  // drawn in `description()`
        }
        return shape
    }

    private mutating func description() -> LayoutDescription {
        // No layout options in the forms of tens of thousands of items: their cases stay what they
        // were, whose shrinks spend most of their budget on their size (a planted fault's
        // 32,855-item rare corner took 58 s of its 60 to reach 4,097 items from the end in a debug
        // build, 46 s from the start with column options, and past 60 under CI's load).
        let tensOfThousands = form == .rareCorners || form == .aboveThreadingThreshold
        let drawn = layoutOptions.withLayoutOptions(edgeCases.applied(to: drawnDescription()),
                                                    rates: tensOfThousands ? .none : .fuzzing)
        return measurements.withUnmeasuredItems(drawn, rates: .fuzzing)
    }

    private mutating func drawnDescription() -> LayoutDescription {
        var shape = shape()
        switch form {
        case .small, .checkpointBoundaries, .manyColumns:
            return random.description(shape)
        case .rareCorners:
            return rareCornerDescription(rareCorner!)
        case .batchPlan:
            let batches = [8, 12, 16, 32][integer(0...3)]  // threads × 4 for 2, 3, 4 and 8 threads
            let count = max(1, integer(1...3) * batches + integer(-1...1))
            let items = integer(0...12)
            shape.sections = count...count
            shape.items = items...items
            shape.emptySections = 0
        case .bigSection:
            shape.sections = 1...3
            shape.items = 1001...5000
        case .thousandsOfSections:
            shape.sections = 300...2000
            shape.items = 0...6
        case .aboveThreadingThreshold:
            let sections = [8, 16, 33, 64][integer(0...3)]
            let items = integer(17_000...24_000) / sections
            shape.sections = sections...sections
            shape.items = items...items
            shape.columns = .exactly(integer(2...8))
            shape.emptySections = 0
            shape.continueColumns = 0
        }
        var description = random.description(shape)
        if form == .bigSection, description.sections.count > 1 {
            // One big section among small ones.
            description = (try? description.replacingItemCounts { index, count in index == 0 ? count : min(count, 20) }) ?? description
        }
        return description
    }

    /// Updates for the scenario, and the description after them.
    private mutating func updates(for description: LayoutDescription, count: Int) -> [LayoutUpdate] {
        let boundaries = form == .checkpointBoundaries || form == .manyColumns ? 0.35 : 0.05
        var current = description
        var updates: [LayoutUpdate] = []
        // Format v3's measuring updates come on top of format v2's (before each, at the rate
        // `FormatV3Rates.fuzzing` states, drawn from their own stream), so that v2's shares stay.
        for index in 0..<count {
            // A big spanned section's updates go through every kind in turn.
            let kind = rareCorner == .spansInBigSection ? RandomLayoutGenerator.UpdateKind.allCases[index % RandomLayoutGenerator.UpdateKind.allCases.count] : nil
            if let measuring = measurements.measurementUpdateIfDrawn(for: current, rates: .fuzzing, boundaries: boundaries, formatV2: .fuzzing) {
                updates.append(measuring)
                try? current.apply(measuring)
            }
            // An inserted section's nulls come from format v3's stream too, after v2's draw of the update.
            let drawn = random.update(for: current, boundaries: boundaries, formatV2: .fuzzing, kind: kind)
            let update = measurements.withUnmeasuredItems(in: layoutOptions.withColumnOptions(in: drawn, of: current, rates: .fuzzing),
                                                          of: current, rates: .fuzzing)
            updates.append(update)
            try? current.apply(update)
        }
        return updates
    }

    /// How many updates a rare-corner case with first description `first` draws: 7 to 10 for
    /// the big spanned section (every kind in turn), 1 or 2 for a shortest-column section of
    /// more than 256 columns, 2 to 8 otherwise. The reference lays a shortest-column item out
    /// in O(columns) and every update lays the description out again: seed 31's case 27,062
    /// (902 columns, 32,804 items, 8 updates, about 1.3 billion instructions a layout) ran past
    /// the fuzzer's 2 s per-case limit on every run.
    private mutating func rareCornerUpdateCount(_ first: LayoutDescription) -> Int {
        switch rareCorner {
        case .spansInBigSection: integer(7...10)
        case .manyColumnsShortestColumn where first.sections.contains(where: { $0.columns > Self.wideColumns }): integer(1...2)
        default: integer(2...8)
        }
    }

    /// The column count past which a many-columns corner is wide: drawn less often, two
    /// checkpoints only, and (shortest column) 1 or 2 updates.
    static let wideColumns = 256

    mutating func chain() -> ScenarioChain {
        let first = description()
        let updateCount = switch form {
        case .aboveThreadingThreshold: integer(0...2)
        case .rareCorners: rareCornerUpdateCount(first)
        default: integer(0...8)
        }
        var scenarios = [scenario(first, updates: updates(for: first, count: updateCount))]
        if reprepares {
            let firstEnd = scenarios[0].updates.reduce(into: first) { description, update in try? description.apply(update) }
            // Another description on the same engine: a new one, the same one changed, or a smaller one.
            let other: LayoutDescription
            switch integer(0...2) {
            case 0: other = description()
            case 1: other = firstEnd.variant(flip: integer(0...5)) ?? description()
            default: other = (try? firstEnd.replacingItemCounts { _, count in count / 2 }.droppingLastSections()) ?? description()
            }
            scenarios.append(scenario(other, updates: updates(for: other, count: integer(0...4))))
            if chance(0.5) {
                // And back: to the first description as it was, or as its updates left it.
                let back = chance(0.6) ? first : firstEnd
                scenarios.append(scenario(back, updates: updates(for: back, count: integer(0...4))))
            }
        }
        return ScenarioChain(scenarios)
    }

    /// The scenario of `description` and `updates`, with queries over the layout after every
    /// step: random ones, and ones touching the frames near what the step changed; before the
    /// updates also the edge cases' (the first screen, a near miss above a header); and anchor
    /// steps (`AnchorStepDraws`), viewports taken mostly before the updates, near what they change.
    private mutating func scenario(_ drawn: LayoutDescription, updates: [LayoutUpdate]) -> LayoutScenario {
        let description = RandomLayoutGenerator.canonical(drawn)
        var reference = ReferenceLayoutEngine(description)
        let elements = allElements(of: reference).map(\.frame)
        var queries = (0..<2).map { _ in query(random.rect(in: reference.contentSize, touching: [])) }
        for _ in 0..<2 where !elements.isEmpty {
            queries.append(query(random.rect(touching: elements[integer(0...(elements.count - 1))], contentWidth: reference.contentSize.width)))
        }
        queries += edgeCases.queries(for: reference)
        if rareCorner == .manyColumnsShortestColumn || rareCorner == .manyColumnsRoundRobin { queries += queriesPastColumn64(of: reference) }
        if rareCorner == .spansWithLaggingColumn { queries += queriesIntoLastBlocks(of: reference) }
        if rareCorner == .roundRobinPastCountedBracket { queries += queriesAcrossManyBlocks(of: reference) }
        let captures = anchors.captures(updateCount: updates.count)
        var steps: [ScenarioAnchor] = []
        for (index, update) in updates.enumerated() {
            steps += anchors.steps(of: captures, after: index, in: reference, before: updates[index...])
            guard (try? reference.apply(update)) != nil else { continue }
            let near = Self.framesNear(update, in: reference)
            if !near.isEmpty {
                queries.append(query(random.rect(touching: near[integer(0...(near.count - 1))], contentWidth: reference.contentSize.width)))
            }
            if index % 2 == 1 { queries.append(query(random.rect(in: reference.contentSize, touching: near))) }
        }
        steps += anchors.steps(of: captures, after: updates.count, in: reference, before: [])
        return LayoutScenario(description: description, updates: updates, queries: queries, anchors: steps)
    }

    /// A query of `rect` with format v2's options at the rates Verification.md states: open edges
    /// (touching elements left out) and pinned headers, each a quarter of the time.
    mutating func query(_ rect: Rect) -> LayoutQuery {
        random.query(rect, openEdges: 0.25, pinningHeaders: 0.25)
    }

    /// Frames of the elements an update moved first: around the changed items, the section's
    /// header and footer, the next section's first items.
    static func framesNear(_ update: LayoutUpdate, in engine: ReferenceLayoutEngine) -> [Rect] {
        let sections = engine.layoutDescription.sections
        let (section, item): (Int, Int)
        switch update {
        case .appendItems(let s, _, _), .appendMeasurements(let s, _, _): (section, item) = (s, max(0, (sections.indices.contains(s) ? sections[s].itemHeights.count : 0) - 1))
        case .setItemHeights(let s, let start, _, _), .insertItems(let s, let start, _, _),
             .setMeasurements(let s, let start, _, _), .insertMeasurements(let s, let start, _, _): (section, item) = (s, start)
        case .deleteItems(let s, let range): (section, item) = (s, range.lowerBound)
        case .insertSection(_, let s), .deleteSection(let s): (section, item) = (s, 0)
        case .setWidth: (section, item) = (0, 0)
        }
        var frames: [Rect] = []
        for path in [(section, item - 1), (section, item), (section, item + 1), (section + 1, 0)] {
            if let frame = engine.frame(ofItemAt: ItemIndexPath(section: path.0, item: path.1)) { frames.append(frame) }
        }
        for kind in [ElementKind.header, .footer] {
            if let frame = engine.frame(ofSupplementary: kind, inSection: section) { frames.append(frame) }
        }
        return frames
    }
}

extension LayoutDescription {
    /// The description with each section's item count changed (heights and spans kept from the front).
    func replacingItemCounts(_ count: (Int, Int) -> Int) throws(LayoutError) -> LayoutDescription {
        let sections = self.sections.enumerated().map { index, section in
            var copy = section
            let kept = max(0, count(index, section.itemHeights.count))
            copy.itemHeights = Array(section.itemHeights.prefix(kept))
            copy.itemSpans = section.itemSpans.map { Array($0.prefix(kept)) }
            copy.isUnmeasured = section.isUnmeasured.map { Array($0.prefix(kept)) }
            return copy
        }
        return try RandomLayoutGenerator.Rules(of: self).description(width: width, sections: sections)
    }

    /// The description without its last half of sections (at least one kept when there is one).
    fileprivate func droppingLastSections() throws(LayoutError) -> LayoutDescription {
        try RandomLayoutGenerator.Rules(of: self).description(width: width, sections: Array(sections.prefix(max(1, sections.count / 2))))
    }

    /// The same sections laid out by other rules: the other placement, tie rule, section mode,
    /// rounding, direction or axis. Nil when the other rule does not accept the sections.
    fileprivate func variant(flip rule: Int) -> LayoutDescription? {
        var rules = RandomLayoutGenerator.Rules(of: self)
        var sections = self.sections
        switch rule {
        case 0: rules.placement = rules.placement == .shortestColumn ? .roundRobin : .shortestColumn
        case 1: rules.tieBreak = rules.tieBreak == .lowestIndex ? .highestIndex : .lowestIndex
        case 2:
            rules.sectionStart = rules.sectionStart == .belowLongestColumn ? .continueColumns : .belowLongestColumn
            if rules.sectionStart == .continueColumns {
                rules.trailingItemSpacing = .include
                rules.unmeasuredItems = .estimated
                let columns = sections.first?.columns ?? 1
                sections = sections.map { section in
                    var copy = section
                    copy.columns = columns
                    copy.headerHeight = 0
                    copy.footerHeight = 0
                    return copy
                }
            }
        case 3: rules.rounding = rules.rounding == .none ? .nearest : .none
        case 4: rules.direction = rules.direction == .leftToRight ? .rightToLeft : .leftToRight
        default: rules.axis = rules.axis == .vertical ? .horizontal : .vertical
        }
        return try? rules.description(width: width, sections: sections)
    }
}
