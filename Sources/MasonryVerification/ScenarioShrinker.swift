import MasonryLayout

/// Shrinks a failing scenario to a small one that still fails: drops updates, queries, sections
/// and items, lowers column counts and simplifies numbers, keeping each change only if the check
/// still fails. Greedy, repeated until nothing shrinks or the budget of checks is spent.
public struct ScenarioShrinker: Sendable {
    public var checker: ScenarioChecker
    public var threads: Int
    /// At most this many checks in all.
    public var budget = 4000

    public init(checker: ScenarioChecker, threads: Int) {
        self.checker = checker
        self.threads = threads
    }

    /// A smaller scenario that still fails (`scenario` itself if nothing smaller does).
    public func shrink(_ scenario: LayoutScenario) -> LayoutScenario {
        var current = scenario
        var checks = 0
        var progressed = true
        while progressed, checks < budget {
            progressed = false
            for candidate in candidates(of: current) {
                guard checks < budget else { break }
                checks += 1
                if checker.check(candidate, threads: threads) != nil {
                    current = candidate
                    progressed = true
                    break
                }
            }
        }
        return current
    }

    /// Smaller or simpler variants of `scenario`, most shrinking first.
    func candidates(of scenario: LayoutScenario) -> [LayoutScenario] {
        var result: [LayoutScenario] = []
        let updates = scenario.updates
        // Drop updates: all, halves, one at a time.
        if !updates.isEmpty {
            result.append(with(scenario) { $0.updates = [] })
            for chunk in Self.chunks(of: updates.count) {
                result.append(with(scenario) { $0.updates.removeSubrange(chunk) })
            }
        }
        // Smaller updates: fewer heights in each, simpler inserted sections.
        for (index, update) in updates.enumerated() {
            for smaller in Self.smaller(update) {
                result.append(with(scenario) { $0.updates[index] = smaller })
            }
        }
        if !scenario.queries.isEmpty {
            result.append(with(scenario) { $0.queries = [] })
            for chunk in Self.chunks(of: scenario.queries.count) {
                result.append(with(scenario) { $0.queries.removeSubrange(chunk) })
            }
        }
        let sections = scenario.description.sections
        for index in sections.indices {
            result.append(contentsOf: described(scenario) { $0.remove(at: index) })
        }
        for index in sections.indices {
            let count = sections[index].itemHeights.count
            for chunk in Self.chunks(of: count) {
                result.append(contentsOf: described(scenario) { $0[index].itemHeights.removeSubrange(chunk) })
            }
        }
        // Fewer columns: everywhere at once (continueColumns needs one count), then section by section.
        let maximumColumns = sections.map(\.columns).max() ?? 1
        for columns in [1, 2, 3, maximumColumns / 2, maximumColumns - 1] where columns >= 1 && columns < maximumColumns {
            result.append(contentsOf: described(scenario) { list in
                for index in list.indices { list[index].columns = min(list[index].columns, columns) }
            })
        }
        // Simpler numbers.
        for index in sections.indices {
            result.append(contentsOf: described(scenario) { list in
                list[index].inset = .zero
                list[index].columnSpacing = 0
                list[index].itemSpacing = 0
            })
            result.append(contentsOf: described(scenario) { list in
                list[index].headerHeight = 0
                list[index].footerHeight = 0
            })
            for simplify in [{ (_: Double) in 1.0 }, { $0.rounded() }, { ($0 / 10).rounded() }] {
                result.append(contentsOf: described(scenario) { list in
                    list[index].itemHeights = list[index].itemHeights.map(simplify)
                })
            }
            for item in sections[index].itemHeights.indices.prefix(16) where sections[index].itemHeights[item] != 0 {
                result.append(contentsOf: described(scenario) { $0[index].itemHeights[item] = 0 })
            }
        }
        result.append(contentsOf: rebuilt(scenario, width: scenario.description.width.rounded()))
        result.append(contentsOf: rebuilt(scenario, width: 100))
        return result.filter { $0 != scenario }
    }

    /// Variants of an update that carry fewer or simpler items.
    static func smaller(_ update: LayoutUpdate) -> [LayoutUpdate] {
        let shorter = { (heights: [Double]) -> [[Double]] in
            chunks(of: heights.count).map { chunk in
                var copy = heights
                copy.removeSubrange(chunk)
                return copy
            } + (heights.allSatisfy { $0 == 1 } ? [] : [heights.map { _ in 1 }])
        }
        // Updates with spans shrink only by dropping their spans for now (format v2 phase 2: both).
        switch update {
        case .appendItems(let section, let heights, let spans):
            return spans != nil ? [.appendItems(section: section, heights: heights)]
                : shorter(heights).map { .appendItems(section: section, heights: $0) }
        case .insertItems(let section, let index, let heights, let spans):
            return spans != nil ? [.insertItems(section: section, at: index, heights: heights)]
                : shorter(heights).map { .insertItems(section: section, at: index, heights: $0) }
        case .setItemHeights(let section, let start, let heights, let spans):
            return spans != nil ? [.setItemHeights(section: section, startingAt: start, heights: heights)]
                : shorter(heights).map { .setItemHeights(section: section, startingAt: start, heights: $0) }
        case .insertSection(let section, let index):
            var simple = section
            simple.inset = .zero
            simple.columnSpacing = 0
            simple.itemSpacing = 0
            simple.headerHeight = 0
            simple.footerHeight = 0
            return shorter(section.itemHeights).map { heights in
                var copy = section
                copy.itemHeights = heights
                return .insertSection(copy, at: index)
            } + (simple == section ? [] : [.insertSection(simple, at: index)])
        case .deleteItems, .deleteSection, .setWidth:
            return []
        }
    }

    /// Ranges that split `count` elements into halves, quarters… down to single elements (at most 64 ranges).
    static func chunks(of count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var size = count
        while size >= 1, ranges.count < 64 {
            var start = 0
            while start < count, ranges.count < 64 {
                ranges.append(start..<min(start + size, count))
                start += size
            }
            if size == 1 { break }
            size = (size + 1) / 2
        }
        return ranges
    }

    private func with(_ scenario: LayoutScenario, _ change: (inout LayoutScenario) -> Void) -> LayoutScenario {
        var copy = scenario
        change(&copy)
        return copy
    }

    /// The scenario with its sections changed, when the result is still a valid description.
    private func described(_ scenario: LayoutScenario, _ change: (inout [SectionDescription]) -> Void) -> [LayoutScenario] {
        var sections = scenario.description.sections
        change(&sections)
        return rebuilt(scenario, sections: sections)
    }

    private func rebuilt(_ scenario: LayoutScenario, width: Double? = nil, sections: [SectionDescription]? = nil) -> [LayoutScenario] {
        let old = scenario.description
        guard let description = try? LayoutDescription(
            width: width ?? old.width, placement: old.placement, tieBreak: old.tieBreak, sectionStart: old.sectionStart,
            columnWidthRounding: old.columnWidthRounding, sections: sections ?? old.sections) else { return [] }
        var copy = scenario
        copy.description = description
        return [copy]
    }
}

extension LayoutScenario {
    /// Items in the description plus items the updates add: the size of a reproducer.
    public var totalItems: Int {
        description.itemCount + updates.reduce(0) { total, update in
            switch update {
            case .appendItems(_, let heights, _), .insertItems(_, _, let heights, _): total + heights.count
            case .insertSection(let section, _): total + section.itemHeights.count
            default: total
            }
        }
    }
}
