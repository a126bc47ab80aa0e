import MasonryLayout

/// Random layout descriptions, updates and query rects for property tests and fuzzing: every
/// field of format v1, both section modes and all tie rules, with the edge values that break
/// engines (zero, subnormal, huge and tied heights, empty sections, zero spacing so frames touch).
///
/// Deterministic: the same seed gives the same sequence on every platform.
public struct RandomLayoutGenerator: Sendable {
    public var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    private mutating func chance(_ probability: Double) -> Bool { generator.unitDouble() < probability }
    private mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }
    private mutating func pick<T>(_ values: [T]) -> T { values[integer(0...(values.count - 1))] }

    /// A length that is often 0, sometimes whole, sometimes fractional.
    private mutating func length(upTo maximum: Double) -> Double {
        switch integer(0...3) {
        case 0: return 0
        case 1: return Double(integer(0...Int(maximum)))
        default: return (generator.unitDouble() * maximum * 64).rounded() / 64 + (chance(0.2) ? generator.unitDouble() : 0)
        }
    }

    /// `count` item heights in one of several styles.
    public mutating func itemHeights(count: Int) -> [Double] {
        let style = integer(0...6)
        let tied = Double(integer(0...300))
        return (0..<count).map { _ in
            switch style {
            case 0: return Double(100 + generator.next() % 150)  // seed 002's heights
            case 1: return tied  // every placement is a tie
            case 2: return chance(0.5) ? 0 : Double(integer(0...3))  // zeros and tiny ties
            case 3: return generator.unitDouble() * 500  // full-precision fractions
            case 4: return pick([0, -0.0, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1e-300, 0.1, 1e12, 1e15, 3.3])  // extremes
            case 5: return (generator.unitDouble() * 400 * 4).rounded() / 4  // quarter points
            default: return length(upTo: 300)
            }
        }
    }

    /// A random valid description with at most `maximumSections` sections of at most
    /// `maximumItems` items each.
    public mutating func description(maximumSections: Int = 6, maximumItems: Int = 60) -> LayoutDescription {
        let sectionStart: SectionStart = chance(0.3) ? .continueColumns : .belowLongestColumn
        let sharedColumns = columnCount()
        let width = pick([1, 7.5, 100, 320, 375, 390, 414.5, 768, 1024.25, 1e6])
        let rounding: ColumnWidthRounding = chance(0.3) ? .nearest : .none
        let sectionCount = chance(0.05) ? 0 : integer(1...max(1, maximumSections))
        var sections: [SectionDescription] = []
        for _ in 0..<sectionCount {
            let columns = sectionStart == .continueColumns ? sharedColumns : columnCount()
            var section = SectionDescription(columns: columns, itemHeights: [])
            if chance(0.6) {
                section.inset = EdgeInsets(top: length(upTo: 20), left: length(upTo: width / 8),
                                           bottom: length(upTo: 20), right: length(upTo: width / 8))
                section.columnSpacing = length(upTo: width / Double(4 * columns))
                section.itemSpacing = length(upTo: 16)
            }
            if sectionStart == .belowLongestColumn, chance(0.5) {
                section.headerHeight = length(upTo: 60)
                section.footerHeight = length(upTo: 40)
            }
            section.itemHeights = itemHeights(count: chance(0.1) ? 0 : integer(0...maximumItems))
            sections.append(section)
        }
        let placement: Placement = chance(0.5) ? .shortestColumn : .roundRobin
        let tieBreak: TieBreak = chance(0.5) ? .lowestIndex : .highestIndex
        let description = { (sections: [SectionDescription]) in
            try LayoutDescription(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                                  columnWidthRounding: rounding, sections: sections)
        }
        if let valid = try? description(sections) { return valid }
        // The insets or spacing left no room: drop them (a column count this width can hold remains).
        let plain = sections.map { section in
            var copy = section
            copy.inset = .zero
            copy.columnSpacing = 0
            copy.columns = min(copy.columns, max(1, Int(width / 2)))
            return copy
        }
        if let valid = try? description(plain) { return valid }
        return try! LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: itemHeights(count: 10))])
    }

    private mutating func columnCount() -> Int {
        switch integer(0...19) {
        case 0: return integer(9...40)  // more columns than one vector holds
        case 1: return 1
        default: return integer(2...8)
        }
    }

    /// A random update that may or may not be valid for `description` (invalid ones must be refused).
    public mutating func update(for description: LayoutDescription) -> LayoutUpdate {
        let sections = description.sections
        let section = sections.isEmpty ? 0 : integer(0...(sections.count - 1))
        let count = sections.isEmpty ? 0 : sections[section].itemHeights.count
        switch integer(0...7) {
        case 0, 1:
            return .appendItems(section: section, heights: itemHeights(count: integer(0...40)))
        case 2:
            let start = integer(0...count)
            return .setItemHeights(section: section, startingAt: start, heights: itemHeights(count: integer(0...(count - start))))
        case 3:
            return .insertItems(section: section, at: integer(0...count), heights: itemHeights(count: integer(0...10)))
        case 4:
            let start = integer(0...count)
            return .deleteItems(section: section, range: start..<integer(start...count))
        case 5:
            var new = sections.isEmpty ? SectionDescription(columns: 2, itemHeights: []) : sections[integer(0...(sections.count - 1))]
            new.itemHeights = itemHeights(count: integer(0...30))
            return .insertSection(new, at: integer(0...sections.count))
        case 6:
            return sections.isEmpty ? .setWidth(description.width) : .deleteSection(at: section)
        default:
            return .setWidth(description.width * pick([0.5, 1, 1.25, 2]))
        }
    }

    /// A query rect: random over (and past) the content, zero-size, or touching an element's edge.
    public mutating func rect(in contentSize: Size, touching frames: [Rect]) -> Rect {
        let width = max(contentSize.width, 1)
        let height = max(contentSize.height, 1)
        if !frames.isEmpty, chance(0.4) {
            let frame = pick(frames)
            switch integer(0...4) {
            case 0: return Rect(x: frame.maxX, y: frame.maxY, width: 0, height: 0)  // a corner point
            case 1: return Rect(x: frame.x, y: frame.maxY, width: frame.width, height: 10)  // touching below
            case 2: return Rect(x: frame.x - 10, y: frame.y - 5, width: 10, height: 5)  // touching top-left corner
            case 3: return Rect(x: 0, y: frame.y, width: width, height: 0)  // a zero-height line
            default: return Rect(x: frame.maxX, y: frame.y, width: 0, height: frame.height)  // a vertical line
            }
        }
        let x = (generator.unitDouble() * 1.2 - 0.1) * width
        let y = (generator.unitDouble() * 1.2 - 0.1) * height
        return Rect(x: x, y: y, width: chance(0.1) ? 0 : generator.unitDouble() * width,
                    height: chance(0.1) ? 0 : generator.unitDouble() * height / 4)
    }
}
