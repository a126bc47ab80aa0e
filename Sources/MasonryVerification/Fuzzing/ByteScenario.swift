// Turns arbitrary bytes into a valid scenario, so a coverage-guided fuzzer can steer the differential check.
import MasonryLayout

/// Turns arbitrary bytes into a scenario, so that a coverage-guided fuzzer (libFuzzer) can steer
/// the differential check: each byte chooses a field, a count or a height from tables of
/// ordinary and edge values. Every byte string gives a valid description (invalid choices fall
/// back to simpler ones); running out of bytes reads zeros. Format v3 (unmeasured items,
/// measuring updates, anchors) comes from the bytes after the rest (`formatV3(of:…)`), and its
/// layout options from the bytes after those (`layoutOptions(of:)`).
package struct ByteScenario {
    private var bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }

    mutating func pick<T>(_ values: [T]) -> T { values[next() % values.count] }

    static let widths: [Double] = [390, 1, 7.5, 100, 320, 375, 414.5, 1024.25, 1e6, 3]
    static let lengths: [Double] = [0, 1, 2, 4, 8, 0.5, 10, 12.5, 0.1, 33.25, 100, 1e-300]
    static let heights: [Double] = [0, 1, 2, 3, 100, 150, 200, 249, 0.1, 0.25, .leastNonzeroMagnitude, 2.2250738585072014e-308, 1e15, 1e12, -0.0, 17.5, 333.3]

    /// The scenario the bytes describe, and a thread count (1, 2 or 8).
    package static func scenario(from data: some Collection<UInt8>) -> (scenario: LayoutScenario, threads: Int) {
        var reader = ByteScenario(Array(data))
        let width = reader.pick(widths)
        let placement: Placement = reader.next() % 2 == 0 ? .shortestColumn : .roundRobin
        let tieBreak: TieBreak = reader.next() % 2 == 0 ? .lowestIndex : .highestIndex
        let sectionStart: SectionStart = reader.next() % 3 == 0 ? .continueColumns : .belowLongestColumn
        let rounding: ColumnWidthRounding = reader.next() % 3 == 0 ? .nearest : .none
        let threads = [1, 2, 8][reader.next() % 3]
        let sharedColumns = 1 + reader.next() % 12
        var sections: [SectionDescription] = []
        for _ in 0..<(reader.next() % 5) {
            var section = SectionDescription(columns: sectionStart == .continueColumns ? sharedColumns : 1 + reader.next() % 12, itemHeights: [])
            section.inset = EdgeInsets(top: reader.pick(lengths), left: reader.pick(lengths), bottom: reader.pick(lengths), right: reader.pick(lengths))
            section.columnSpacing = reader.pick(lengths)
            section.itemSpacing = reader.pick(lengths)
            if sectionStart == .belowLongestColumn {
                section.headerHeight = reader.pick(lengths)
                section.footerHeight = reader.pick(lengths)
            }
            let count = reader.next() % 48
            section.itemHeights = (0..<count).map { _ in
                let byte = reader.next()
                return byte < 128 ? Double(byte) : heights[byte % heights.count]
            }
            sections.append(section)
        }
        let description = (try? LayoutDescription(width: width, placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                                                   columnWidthRounding: rounding, sections: sections))
            ?? (try? LayoutDescription(width: max(width, 1000), placement: placement, tieBreak: tieBreak, sectionStart: sectionStart,
                                       columnWidthRounding: .none, sections: sections.map { section in
                                           var plain = section
                                           plain.inset = .zero
                                           plain.columnSpacing = 0
                                           return plain
                                       }))
            ?? (try! LayoutDescription(width: 100, sections: []))
        var updates: [LayoutUpdate] = []
        for _ in 0..<(reader.next() % 5) {
            let section = reader.next() % max(1, description.sections.count + 1)
            let item = reader.next() % 64
            let heights = (0..<(reader.next() % 6)).map { _ in reader.pick(Self.heights) }
            switch reader.next() % 7 {
            case 0: updates.append(.appendItems(section: section, heights: heights))
            case 1: updates.append(.setItemHeights(section: section, startingAt: item, heights: heights))
            case 2: updates.append(.insertItems(section: section, at: item, heights: heights))
            case 3: updates.append(.deleteItems(section: section, range: item..<(item + reader.next() % 4)))
            case 4: updates.append(.insertSection(SectionDescription(columns: description.sections.first?.columns ?? 2, itemHeights: heights), at: section))
            case 5: updates.append(.deleteSection(at: section))
            default: updates.append(.setWidth(reader.pick(widths)))
            }
        }
        let reference = ReferenceLayoutEngine(description)
        let frames = allElements(of: reference).map(\.frame)
        let queries = (0..<(1 + reader.next() % 4)).map { _ -> Rect in
            if !frames.isEmpty, reader.next() % 2 == 0 {
                let frame = frames[reader.next() % frames.count]
                return Rect(x: frame.maxX, y: frame.maxY, width: 0, height: Double(reader.next() % 3))  // a touching corner
            }
            let scale = max(reference.contentSize.height, 1) / 255
            return Rect(x: Double(reader.next()) * width / 255, y: Double(reader.next()) * scale,
                        width: Double(reader.next()), height: Double(reader.next()) * scale)
        }
        let (measuring, anchors) = reader.formatV3(of: description, updates: &updates, queries: queries)
        return (LayoutScenario(description: reader.layoutOptions(of: measuring), updates: updates, queries: queries.map { LayoutQuery($0) }, anchors: anchors,
                               threads: [threads]), threads)
    }
}
