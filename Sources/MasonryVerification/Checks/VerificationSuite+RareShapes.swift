// The rare shapes of `masonry verify`'s matrix (many columns in both placements, exactly 64 columns, two sections of one shape, spans under every update kind), and a run with or without them.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

extension VerificationSuite {
    /// The shapes a small random layout rarely has, at the medium size (10K items in `smoke`):
    /// many columns in both placements (65, 72 and 256, sections long enough for several of
    /// the engine's checkpoints),
    /// so that queries reach columns 64 and up; two consecutive sections of the same shape
    /// (`paired-sections`, a name kept from the pair kernel that laid them out together until
    /// stop 55), which the engine keeps in one slab, with the random updates falling in either; and
    /// sections with spans in both placements whose updates go through every kind in turn
    /// (`RandomLayoutGenerator.UpdateKind`, spans in most item updates); and a section of
    /// exactly as many columns as a query's column mask holds (64: a mask of all ones). They
    /// are the matrix's only cases of 64 columns or more: a planted fault there
    /// (`RareShapePlantedFaultTests`) passes the rest of it and fails at theirs.
    static func rareShapeCases(medium: Int) -> [Case] {
        var random = SplitMix64(seed: 0x5241_5245)
        let inset = EdgeInsets(top: 8.5, left: 4, bottom: 6, right: 4.25)
        func section(items: Int, columns: Int, spacing: Double, width: Double, heights: HeightDistribution = .uniform,
                     headers: Bool = false, spans: SpanPattern? = nil) -> SectionDescription {
            let columnWidth = width / Double(columns)
            return SectionDescription(columns: columns, inset: inset, columnSpacing: spacing, itemSpacing: 2.75,
                                      headerHeight: headers ? 40.5 : 0, footerHeight: headers ? 20 : 0,
                                      itemHeights: heights.heights(count: items, columnWidth: columnWidth, generator: &random),
                                      itemSpans: spans?.spans(count: items, generator: &random))
        }
        func split(_ sections: Int, _ make: (Int) -> SectionDescription) -> [SectionDescription] {
            (0..<sections).map { make(SectionSplit.itemCount(ofSection: $0, items: medium, sections: sections)) }
        }
        let wide = try! LayoutDescription(width: 1000, sections: [section(items: medium, columns: 65, spacing: 3.5, width: 1000)])
        let wideRoundRobin = try! LayoutDescription(
            width: 1200, placement: .roundRobin, tieBreak: .highestIndex,
            sections: [section(items: medium, columns: 72, spacing: 3.5, width: 1200, heights: .heavyTailed)])
        // 256 columns, not the format's 1024: at 1024 the interval (16,384) leaves no checkpoint
        // in 10K items, every query scans them all, and the case took 9 of smoke's 31 s.
        let widest = try! LayoutDescription(width: 2048, columnWidthRounding: .nearest,
                                            sections: [section(items: medium, columns: 256, spacing: 0.5, width: 2048, heights: .photo)])
        let paired = try! LayoutDescription(width: 390, sections: split(2) {
            section(items: $0, columns: 4, spacing: 3.5, width: 390, heights: .photo, headers: true)
        })
        let spans = try! LayoutDescription(width: 390, sections: split(3) {
            section(items: $0, columns: 4, spacing: 3.5, width: 390, heights: .photo, headers: true, spans: .feed)
        })
        let spansRoundRobin = try! LayoutDescription(width: 390, placement: .roundRobin, trailingItemSpacing: .exclude, sections: split(3) {
            section(items: $0, columns: 3, spacing: 3.5, width: 390, spans: SpanPattern(name: "dense", fullEvery: 7, twoColumnShare: 0.2))
        })
        let fullMaskColumns = VerificationHooks.fullColumnMaskWidth
        let fullMask = try! LayoutDescription(width: 1000, sections: [
            section(items: medium, columns: fullMaskColumns, spacing: 2.5, width: 1000, heights: .photo, headers: true),
        ])
        return [
            Case(name: "many-columns-checkpoints/items:\(medium)/sections:1/columns:65", description: wide),
            Case(name: "many-columns-round-robin/items:\(medium)/sections:1/columns:72", description: wideRoundRobin),
            Case(name: "wide-shortest-column/items:\(medium)/sections:1/columns:256", description: widest),
            Case(name: "paired-sections/items:\(medium)/sections:2/columns:4", description: paired),
            Case(name: "spans-every-update-kind/items:\(medium)/sections:3/columns:4", description: spans, cyclesUpdateKinds: true),
            Case(name: "spans-round-robin-every-update-kind/items:\(medium)/sections:3/columns:3", description: spansRoundRobin,
                 cyclesUpdateKinds: true),
            Case(name: "full-column-mask/items:\(medium)/sections:1/columns:\(fullMaskColumns)", description: fullMask),
        ]
    }

    /// How many layouts `rareShapeCases` makes.
    static let rareShapeCaseCount = 7

    /// Which of the matrix's cases a run takes: every one (`masonry verify`), or, for a test
    /// that shows what only the rare shapes catch, every one but them, or only them (the same
    /// cases either way: each case's layout and random draws come from its name alone).
    enum Selection: Sendable {
        case everyCase
        case withoutRareShapes
        case rareShapesOnly
    }
}
