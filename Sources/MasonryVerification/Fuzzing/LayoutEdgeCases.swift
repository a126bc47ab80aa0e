// Fuzz draws at the content's exact edges: collapsed items and sections, first-screen and near-miss queries.
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

/// The fuzz case's draws at the content's exact edges, from a random stream of their own so
/// that a case without them is the case it was before they existed:
///
/// - collapsed items: a section starting with a run of hidden cells (height 0, no item spacing)
///   across a checkpoint, some of them at the content's very top, y = 0, where a y scaled by the
///   queries' rounding slack is still exactly the y;
/// - collapsed sections: empty sections with no header, footer or insets (a filtered-out
///   category), which start where the next section starts, and empty ones with a header only;
/// - the first screen: a query from y = 0, the one every app makes first;
/// - a near miss: a line one ulp above a section's header, which reaches only a pinned header
///   whose `(top + localBottom) - height` rounded above the section's top (preferred when one
///   does).
struct LayoutEdgeCases {
    private var random: SplitMix64
    /// Whether this case's descriptions begin a section with hidden cells.
    let collapsesItems: Bool
    /// Whether this case's descriptions get empty sections of no height.
    let collapsesSections: Bool

    init(seed: UInt64) {
        random = SplitMix64(seed: seed ^ 0xED6E_CA5E_5EED_0001)
        collapsesItems = random.unitDouble() < 0.06
        collapsesSections = random.unitDouble() < 0.1
    }

    private mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    private mutating func chance(_ probability: Double) -> Bool { random.unitDouble() < probability }

    /// `description` with this case's collapsed items and sections (unchanged when it has
    /// neither, or when the result would not be valid).
    mutating func applied(to description: LayoutDescription) -> LayoutDescription {
        guard !description.sections.isEmpty, collapsesItems || collapsesSections else { return description }
        var sections = description.sections
        if collapsesItems { collapseItems(in: &sections) }
        if collapsesSections { insertCollapsedSections(into: &sections) }
        let rules = RandomLayoutGenerator.Rules(of: description)
        return (try? rules.description(width: description.width, sections: sections)) ?? description
    }

    /// Begins one section (the first, half of the time) with k·K - 1, k·K or k·K + 1 hidden
    /// cells for its checkpoint interval K (at most 2,049), with no item spacing; the first
    /// section sometimes loses its header and top inset too, so the run lies at y = 0.
    private mutating func collapseItems(in sections: inout [SectionDescription]) {
        let index = chance(0.5) ? 0 : integer(0...(sections.count - 1))
        var section = sections[index]
        let interval = VerificationHooks.checkpointInterval(columns: section.columns)
        let count = min(2049, [interval - 1, interval, interval + 1, 2 * interval + 1][integer(0...3)])
        section.itemHeights = Array(repeating: 0, count: count) + section.itemHeights
        section.itemSpans = section.itemSpans.map { Array(repeating: .single, count: count) + $0 }
        section.itemSpacing = 0
        if index == 0, chance(0.6) {
            section.headerHeight = 0
            section.inset.top = 0
        }
        sections[index] = section
    }

    /// Inserts one to three empty sections of no height, each before a random section (with the
    /// columns of the one it precedes, so that `continueColumns` keeps one count), half of them
    /// followed by a category with no items: an empty section with only a header. Its height is a
    /// full-precision fraction, often far above its top, where the pinned y, `(top + height) -
    /// height`, rounds off the top as often as not (up to 60 points, it does in 2% of cases).
    private mutating func insertCollapsedSections(into sections: inout [SectionDescription]) {
        for _ in 0..<integer(1...3) {
            let index = integer(0...(sections.count - 1))
            var empty = sections[index]
            empty.itemHeights = []
            empty.itemSpans = nil
            empty.inset = EdgeInsets()
            empty.headerHeight = 0
            empty.footerHeight = 0
            var inserted = [empty]
            if chance(0.5) {
                var headerOnly = empty
                headerOnly.headerHeight = random.unitDouble() * [60, 1e6, 1e12][integer(0...2)]
                inserted.append(headerOnly)
            }
            sections.insert(contentsOf: inserted, at: index)
        }
    }

    /// The queries at the edges of `engine`'s layout: the first screen half of the time, and a
    /// near miss above a random header (pinned half of the time) when a section has one.
    mutating func queries(for engine: ReferenceLayoutEngine) -> [LayoutQuery] {
        let content = engine.contentSize
        let horizontal = engine.layoutDescription.axis == .horizontal
        var queries: [LayoutQuery] = []
        if chance(0.5) {
            let width = Swift.max(content.width, 1) * [1, 0.5][integer(0...1)]
            let height = Swift.max(content.height, 1) * [0, 0.1, 0.25, 1][integer(0...3)]
            queries.append(LayoutQuery(Rect(x: 0, y: 0, width: width, height: height), pinningHeaders: chance(0.3)))
        }
        let headers = engine.layoutDescription.sections.indices.compactMap { section in
            engine.frame(ofSupplementary: .header, inSection: section).map { (section, $0) }
        }
        if !headers.isEmpty {
            let lines = headers.map { section, header in
                (section, horizontal ? Rect(x: header.x.nextDown, y: 0, width: 0, height: Swift.max(content.height, 1))
                                     : Rect(x: 0, y: header.y.nextDown, width: Swift.max(content.width, 1), height: 0))
            }
            // Half of the time a line that a pinned header reaches, when one of (up to) four does:
            // its pinned y rounded above its section's top, a rounding the engines must share.
            let reached = chance(0.5) ? (0..<Swift.min(4, lines.count)).map { _ in lines[integer(0...(lines.count - 1))] }.first { section, line in
                engine.elements(in: line, edges: .closed, pinningHeaders: true).contains { $0.kind == .header && $0.section == section }
            } : nil
            let (_, line) = reached ?? lines[integer(0...(lines.count - 1))]
            queries.append(LayoutQuery(line, pinningHeaders: reached != nil || chance(0.5)))
        }
        return queries
    }
}

extension SectionDescription {
    /// Whether the section is empty and has no header, footer or vertical insets: it starts
    /// where the next one starts (a collapsed section).
    var hasNoHeight: Bool {
        itemHeights.isEmpty && headerHeight == 0 && footerHeight == 0 && inset.top == 0 && inset.bottom == 0
    }
}
