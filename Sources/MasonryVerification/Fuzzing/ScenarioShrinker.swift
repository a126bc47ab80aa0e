// Shrinks a failing scenario chain by delta debugging to a small one that fails the same way.
import Foundation
@_spi(Verification) import MasonryLayout
import MasonryWorkloads

/// Shrinks a failing scenario chain to a small one that fails the same way (a mismatch stays a
/// mismatch, a crash a crash, a timeout a timeout).
///
/// Delta debugging, one dimension at a time, each candidate built only when it is tried and
/// checked at most once (a later round's same candidate is skipped): fewer threads; fewer
/// chained scenarios; the case projected onto where it failed (`FailurePoint`: the updates up
/// to the failing one, the section and the query it names alone); fewer updates (anchor steps
/// taken after them move back), queries and anchor steps; fewer sections; fewer items in each
/// section (its first n only, the fewest first, n among the powers of two and the checkpoint
/// boundaries, so a fault that needs 4,097 items stops at 4,097 in a check per count; whole
/// blocks of the engine's checkpoint interval, so that a count's remainder past a checkpoint
/// stays; then halves, quarters, down to single items in a section of at most 512, so a fault
/// that needs 65 items ends with 65); fewer columns (the fewest first, either side of each power
/// of two: 64 and 65 too); shorter and simpler updates; zero insets, spacing,
/// headers and footers; heights replaced by small integers that keep their order and ties (then
/// 1, 0, rounded, halved); a simpler width; format v1 where it still fails (vertical, left to
/// right, trailing spacing included, no floor rounding, display scale 1, no spans, fixed column
/// counts, updates without spans, queries with closed edges and unpinned headers); format v2
/// where it still fails (nulls measured with their estimate in the description and in updates,
/// deferred turned estimated, measuring updates without nulls turned plain ones, estimates
/// without nulls dropped). A removal of updates, sections or items that moves the frames a failing
/// query or anchor step was at is tried again with queries touching every frame, or anchor steps at
/// every item, of the smaller layout. Rounds repeat until one changes nothing, the
/// deadline passes or the check budget is spent; the smallest failing chain so far is the answer.
/// A failure that needs several threads may show in only some runs (a race): when the rounds
/// end on one, its chain is run again (`confirmationRuns`), and if a run passes, the rounds are
/// repeated with each candidate that passes checked again as often as the failure rate says
/// (`retries(afterFailing:of:)`), so that one lucky run of a candidate does not end the shrink.
package struct ScenarioShrinker {
    /// What a candidate did.
    package enum Verdict {
        case fails(CheckFailure)
        case passes
        /// The time ran out before the candidate finished: shrinking stops.
        case outOfTime
    }

    /// The smallest failing chain found, and how the search went.
    package struct Outcome {
        package var chain: ScenarioChain
        package var threads: Int
        /// The failure of `chain` on `threads` threads.
        package var failure: CheckFailure
        /// Candidates checked.
        package var checks: Int
        /// Whether the deadline or the check budget ended the search before it was done.
        package var stoppedEarly: Bool
        /// A failure that needs several threads was run `runs` times in all at the end of the
        /// rounds and failed in `failedRuns` of them, counting the run that kept it: fewer is a
        /// failure that shows in only some runs, whose rounds were repeated with each candidate
        /// that passed checked `retriesOfAPass` more times. 1 of 1 where nothing was re-run.
        package var failedRuns = 1
        package var runs = 1
        package var retriesOfAPass = 0
    }

    /// Stop by this time (nil: no deadline).
    package var deadline: ContinuousClock.Instant?
    /// Stop after this many candidate checks.
    package var maximumChecks: Int

    package init(deadline: ContinuousClock.Instant? = nil, maximumChecks: Int = 100_000) {
        self.deadline = deadline
        self.maximumChecks = maximumChecks
    }

    /// Runs of a failing chain that needs several threads, the one that kept it included, at the
    /// end of the rounds: a failure in 1 run in 3 passes all 7 reruns about 1 time in 17. The planted
    /// race's chains failed on every run alone, but beside the other suites in one test process
    /// (Dispatch's threads busy) 13 of its 30 shrinks stopped above the 0 items it needs, at 2 to
    /// 18, and in a CI rehearsal its shrunk chain failed 0 of 20 replays.
    package static let confirmationRuns = 8

    /// The retries of a pass for a failure that showed in `failed` of `runs` runs: enough that a
    /// candidate failing as often passes every run about 1 time in 100 (with at least one run
    /// counted failing), 0 when every run failed, and at most `mostRetries`. O(1).
    package static func retries(afterFailing failed: Int, of runs: Int) -> Int {
        guard failed < runs else { return 0 }
        let rate = Double(max(failed, 1)) / Double(runs)
        let runsNeeded = (log(0.01) / log1p(-rate)).rounded(.up)
        return min(mostRetries, max(1, Int(runsNeeded) - 1))
    }

    /// The most retries of a pass: a race that failed 1 run in 64 is still shrunk, 64 runs a
    /// candidate at most (a race's candidates are small: milliseconds each).
    package static let mostRetries = 63

    /// Shrinks `chain`, which fails with `failure` on `threads` threads. `test` runs a candidate;
    /// `progress` hears of each smaller failing chain.
    package func shrink(_ chain: ScenarioChain, threads: Int, failure: CheckFailure,
                       progress: (Outcome) -> Void = { _ in },
                       test: (ScenarioChain, Int) -> Verdict) -> Outcome {
        withoutActuallyEscaping(progress) { progress in
            withoutActuallyEscaping(test) { test in
                let search = Search(Outcome(chain: chain, threads: threads, failure: failure, checks: 0, stoppedEarly: false),
                                    deadline: deadline, maximumChecks: maximumChecks, progress: progress, test: test)
                search.run()
                return search.best
            }
        }
    }
}

/// The search's state: a class, because every pass builds candidates from the current best.
private final class Search {
    private(set) var best: ScenarioShrinker.Outcome
    private let deadline: ContinuousClock.Instant?
    private let maximumChecks: Int
    private let progress: (ScenarioShrinker.Outcome) -> Void
    private let test: (ScenarioChain, Int) -> ScenarioShrinker.Verdict
    /// Hashes of the candidates already checked (with their thread counts): a later round
    /// builds many of the same ones again, and their verdict cannot have changed.
    private var tried: Set<Int> = []

    init(_ start: ScenarioShrinker.Outcome, deadline: ContinuousClock.Instant?, maximumChecks: Int,
         progress: @escaping (ScenarioShrinker.Outcome) -> Void, test: @escaping (ScenarioChain, Int) -> ScenarioShrinker.Verdict) {
        best = start
        self.deadline = deadline
        self.maximumChecks = maximumChecks
        self.progress = progress
        self.test = test
    }

    private var stopped: Bool { best.stoppedEarly }
    private var chain: ScenarioChain { best.chain }

    func run() {
        runRounds()
        guard !stopped, best.threads > 1 else { return }
        confirm()
        best.retriesOfAPass = ScenarioShrinker.retries(afterFailing: best.failedRuns, of: best.runs)
        guard best.retriesOfAPass > 0, !stopped else { return }
        // The verdicts so far counted one run each: any may have been a lucky pass.
        tried.removeAll()
        runRounds()
    }

    private func runRounds() {
        var previous: ScenarioChain?
        while !stopped, previous != chain || previous == nil {
            previous = chain
            reduceThreads()
            reduceChain()
            for link in chain.scenarios.indices where !stopped {
                reduceLink(link)
            }
        }
    }

    /// Runs the best chain again, up to `confirmationRuns` in all, counting the runs that fail as it did.
    private func confirm() {
        while best.runs < ScenarioShrinker.confirmationRuns, !outOfBudget {
            best.checks += 1
            best.runs += 1
            switch test(chain, best.threads) {
            case .fails(let failure) where failure.kind == best.failure.kind: best.failedRuns += 1
            case .fails, .passes: break
            case .outOfTime: best.stoppedEarly = true
            }
        }
    }

    /// Whether the deadline has passed or the checks are spent; marks the search stopped if so.
    private var outOfBudget: Bool {
        if !stopped, best.checks >= maximumChecks || deadline.map({ ContinuousClock.now >= $0 }) == true {
            best.stoppedEarly = true
        }
        return stopped
    }

    /// Tries a candidate; keeps it when it fails the same way. Returns whether it was kept.
    @discardableResult
    private func attempt(_ candidate: ScenarioChain?, threads: Int? = nil) -> Bool {
        guard let candidate, !stopped else { return false }
        let threads = threads ?? best.threads
        guard candidate != chain || threads != best.threads else { return false }
        var hasher = Hasher()
        hasher.combine(candidate)
        hasher.combine(threads)
        guard tried.insert(hasher.finalize()).inserted else { return false }
        for _ in 0...best.retriesOfAPass {
            if outOfBudget { return false }
            best.checks += 1
            switch test(candidate, threads) {
            case .fails(let failure) where failure.kind == best.failure.kind:
                best.chain = candidate
                best.threads = threads
                best.failure = failure
                progress(best)
                return true
            case .fails:
                return false
            case .passes:
                continue
            case .outOfTime:
                best.stoppedEarly = true
                return false
            }
        }
        return false
    }

    // MARK: Dimensions

    private func reduceThreads() {
        for fewer in [1, 2] where fewer < best.threads {
            if attempt(chain, threads: fewer) { return }
        }
    }

    /// Drops chained scenarios, the last first (the first is laid out by a new engine).
    private func reduceChain() {
        var index = chain.scenarios.count - 1
        while index >= 0, chain.scenarios.count > 1, !stopped {
            var candidate = chain
            candidate.remove(index)
            attempt(candidate)
            index = min(index, chain.scenarios.count) - 1
        }
    }

    private func reduceLink(_ link: Int) {
        func scenario() -> LayoutScenario { chain.scenarios[link] }
        func with(_ change: (inout LayoutScenario) -> Void) -> ScenarioChain {
            var copy = scenario()
            change(&copy)
            var candidate = chain
            candidate.replace(link, with: copy)
            return candidate
        }
        /// The chain with this link's width or sections changed, when the description is still valid.
        func described(width: Double?, _ change: (inout [SectionDescription]) -> Void) -> ScenarioChain? {
            let old = scenario().description
            var sections = old.sections
            change(&sections)
            guard let description = Self.description(old, width: width, sections: sections) else { return nil }
            return with { $0.description = description }
        }

        // Removing items moves the frames after them, and a query that touched one may then miss
        // it: when a query is what fails, a removal is tried again with queries touching every
        // element of the smaller layout (the query pass then drops all but the one that fails);
        // when an anchor step is, with steps at every item of it (`reanchoredSteps`).
        let failed = best.failure.message
        let point = ScenarioShrinker.FailurePoint(failed)
        if point.link == link { project(link, onto: point, with: with, described: described) }
        let reanchor: ((ScenarioChain, Range<Int>) -> ScenarioChain?)? = failed.contains(" query ") ? { chain, _ in Self.reanchored(chain, link: link) }
            : failed.contains("anchors[") ? { chain, _ in ScenarioShrinker.reanchoredSteps(chain, link: link) } : nil
        // Removing items of `section` (the range `items` gives for a removal's): in a layout too
        // big for queries at every frame, queries at the frames near the element the failing
        // query answered wrongly, where the removal moved it (a query failure of 32,808 items
        // stopped at 7,207 without them).
        let reanchorItems = { (section: Int, items: @escaping (Range<Int>) -> Range<Int>) -> ((ScenarioChain, Range<Int>) -> ScenarioChain?)? in
            guard let reanchor else { return nil }
            guard failed.contains(" query ") else { return reanchor }
            return { [unowned self] candidate, range in
                if let every = reanchor(candidate, range) { return every }
                let now = ScenarioShrinker.FailurePoint(best.failure.message)
                guard now.link == link, now.section == section, let item = now.item else { return nil }
                let removed = items(range)
                let moved = removed.upperBound <= item ? item - removed.count : removed.contains(item) ? removed.lowerBound : item
                return Self.reanchored(candidate, link: link, near: (section, moved))
            }
        }
        reduceList(count: { scenario().updates.count }, alternative: reanchor) { range in with { $0 = $0.removingUpdates(in: range) } }
        reduceList(count: { scenario().queries.count }) { range in with { $0.queries.removeSubrange(range) } }
        reduceList(count: { scenario().anchors.count }) { range in with { $0.anchors.removeSubrange(range) } }
        reduceList(count: { scenario().description.sections.count }, alternative: reanchor) { range in
            described(width: nil) { $0.removeSubrange(range) }
        }
        var section = 0
        while section < scenario().description.sections.count, !stopped {
            // Whole checkpoint blocks first (K items at a time, K the engine's interval for the
            // section's columns): a fault at item k·K + r needs a count that keeps r, which
            // halves of an arbitrary count rarely do (such a reproducer stopped at 769 items
            // where 129 fail).
            let interval = { VerificationHooks.checkpointInterval(columns: scenario().description.sections[section].columns) }
            // The first items only, the fewest first (the items up to the one that failed, the
            // powers of two, the checkpoint boundaries): a fault that needs n items stops at the
            // first count it holds for, in a check or so per count.
            let failingItem = point.link == link && point.section == section ? point.item : nil
            let count = scenario().description.sections[section].itemHeights.count
            for kept in ScenarioShrinker.prefixCounts(below: count, columns: scenario().description.sections[section].columns,
                                                     failingItem: failingItem) where !stopped {
                let removed = kept..<count
                let candidate = described(width: nil) { $0[section].removeItems(in: removed) }
                    .map { ScenarioShrinker.shiftingUpdates(of: $0, link: link, section: section, removed: removed) }
                if attempt(candidate) || (candidate.flatMap { reanchorItems(section, { $0 })?($0, removed) }).map({ attempt($0) }) == true { break }
            }
            reduceList(count: { scenario().description.sections[section].itemHeights.count / interval() },
                       alternative: reanchorItems(section, { ($0.lowerBound * interval())..<($0.upperBound * interval()) })) { blocks in
                let items = (blocks.lowerBound * interval())..<(blocks.upperBound * interval())
                return described(width: nil) { $0[section].removeItems(in: items) }
                    .map { ScenarioShrinker.shiftingUpdates(of: $0, link: link, section: section, removed: items) }
            }
            // Single items only in a section of at most 512: in a bigger one the fault needs
            // its count (the passes above got as near as they could), and going down to single
            // items would check each of thousands of items (a quadratic cost at the minimum).
            let finest = { max(1, scenario().description.sections[section].itemHeights.count > 512
                                   ? scenario().description.sections[section].itemHeights.count / 64 : 1) }
            reduceList(count: { scenario().description.sections[section].itemHeights.count }, alternative: reanchorItems(section, { $0 }),
                       finest: finest) { range in
                described(width: nil) { $0[section].removeItems(in: range) }
                    .map { ScenarioShrinker.shiftingUpdates(of: $0, link: link, section: section, removed: range) }
            }
            section += 1
        }
        reduceColumns(described)
        simplifyFormatV2(link, with)
        simplifyFormatV3(link, described: described, with: with)
        reduceUpdates(link, with)
        simplifyLengths(described)
        simplifyHeights(link, described: described, with: with)
        let description = scenario().description
        let widest = description.sections.map(\.columns).max() ?? 1
        for width in [description.width.rounded(), 100, Double(4 * widest), Double(widest)] where width < description.width {
            if attempt(described(width: width) { _ in }) { break }
        }
    }

    /// The cheapest candidates, tried before any halving: the case projected onto where it
    /// failed (`FailurePoint`): the updates up to the one after which it showed, the section it
    /// named alone (or with the sections before it), the query that answered differently alone.
    /// One check each, where halving would take a few of the case's full size.
    private func project(_ link: Int, onto point: ScenarioShrinker.FailurePoint,
                         with: ((inout LayoutScenario) -> Void) -> ScenarioChain,
                         described: (Double?, (inout [SectionDescription]) -> Void) -> ScenarioChain?) {
        let scenario = chain.scenarios[link]
        if let update = point.update, update + 1 < scenario.updates.count {
            attempt(with { $0 = $0.removingUpdates(in: (update + 1)..<$0.updates.count) })
        }
        let sections = chain.scenarios[link].description.sections.count
        if let section = point.section, section < sections, sections > 1 {
            if !attempt(described(nil) { $0 = [$0[section]] }), section + 1 < sections {
                attempt(described(nil) { $0.removeSubrange((section + 1)...) })
            }
        }
        if let rect = point.queryRect {
            let queries = chain.scenarios[link].queries
            let failing = queries.filter { "\($0.rect)" == rect }
            if !failing.isEmpty, failing.count < queries.count { attempt(with { $0.queries = failing }) }
        }
    }

    /// Delta debugging over a list: removes everything, then halves, quarters… down to single
    /// elements, keeping each removal that still fails. `remove` builds the candidate without
    /// the elements in a range of the current list; `alternative`, when given, makes a second
    /// candidate from one that passes.
    private func reduceList(count: () -> Int, alternative: ((ScenarioChain, Range<Int>) -> ScenarioChain?)? = nil,
                            finest: () -> Int = { 1 }, remove: (Range<Int>) -> ScenarioChain?) {
        func removes(_ range: Range<Int>) -> Bool {
            guard let candidate = remove(range) else { return false }
            return attempt(candidate) || (alternative?(candidate, range)).map { attempt($0) } == true
        }
        guard count() > 0, !removes(0..<count()) else { return }
        var granularity = 2
        while !stopped {
            let total = count()
            guard total > 0 else { return }
            let size = (total + granularity - 1) / granularity
            var removed = false
            for start in stride(from: 0, to: total, by: size) where !stopped {
                if removes(start..<min(start + size, total)) {
                    removed = true
                    break
                }
            }
            if removed {
                granularity = max(granularity - 1, 2)
            } else if size <= finest() {
                return
            } else {
                granularity = min(granularity * 2, total)
            }
        }
    }

    /// Fewer columns: everywhere at once (`continueColumns` needs one count), then section by section.
    private func reduceColumns(_ described: (Double?, (inout [SectionDescription]) -> Void) -> ScenarioChain?) {
        let sections = chain.scenarios.flatMap(\.description.sections)
        let most = sections.map(\.columns).max() ?? 1
        // Three quarters too, between a half and one fewer: from 9 columns (checkpoint interval
        // 256) it reaches 6 (interval 128), where a fault that needs 5 to 7 columns stays.
        for columns in ScenarioShrinker.columnCounts(below: most) {
            // A fixed count takes no columnCountTolerance (format v3): it goes with the count it rounded.
            if attempt(described(nil) { list in
                for index in list.indices {
                    list[index].columns = min(list[index].columns, columns)
                    list[index].columnCountTolerance = nil
                    // Weights (format v3) stay one per column: the first ones.
                    list[index].columnWeights = list[index].columnWeights.map { Array($0.prefix(list[index].columns)) }
                }
            }) {
                return
            }
        }
    }

    /// Format v1 where it still fails: the rules (vertical, left to right, include trailing
    /// spacing, no floor rounding, display scale 1, from the start, no flow tolerance or a smaller one), then no spans, fixed column counts and
    /// none of format v3's column options (no `maxColumnWidth`, leading alignment, no
    /// `columnCountTolerance`, no stamps or only the first, no column weights or equal ones) in every section at once and one by one, then the updates without spans, then plain queries
    /// (closed edges, headers not pinned), all at once and one by one.
    private func simplifyFormatV2(_ link: Int, _ with: ((inout LayoutScenario) -> Void) -> ScenarioChain) {
        func rebuilt(_ change: (inout RandomLayoutGenerator.Rules, inout [SectionDescription]) -> Void) -> ScenarioChain? {
            let old = chain.scenarios[link].description
            var rules = RandomLayoutGenerator.Rules(of: old)
            var sections = old.sections
            change(&rules, &sections)
            guard rules != RandomLayoutGenerator.Rules(of: old) || sections != old.sections,
                  let description = try? rules.description(width: old.width, sections: sections) else { return nil }
            return with { $0.description = description }
        }
        let ruleChanges: [(inout RandomLayoutGenerator.Rules) -> Void] = [
            { $0.axis = .vertical }, { $0.direction = .leftToRight }, { $0.trailingItemSpacing = .include }, { $0.unmeasuredItems = .estimated },
            { $0.remeasure = .reflow }, { $0.scrollOrigin = .start }, { $0.flowTolerance = nil },
            // A smaller tolerance needs fewer items to reach its boundary: 1, then halves.
            { $0.flowTolerance = $0.flowTolerance.map { min($0, 1) } }, { $0.flowTolerance = $0.flowTolerance.map { ($0 / 2).rounded(.down) } },
            { if $0.rounding == .floor { $0.rounding = .none } }, { $0.displayScale = 1 },
        ]
        for change in ruleChanges where !stopped {
            attempt(rebuilt { rules, _ in change(&rules) })
        }
        // Format v3's column options go with v2's section fields: each is one field back to v2.
        let sectionChanges: [(inout SectionDescription) -> Void] = [
            { $0.itemSpans = nil },
            // The count it resolved to, fixed: the tolerance that may have rounded it goes with it.
            { $0.columns = $0.columns; $0.columnCountTolerance = nil },
            { $0.maxColumnWidth = nil }, { $0.columnAlignment = .leading }, { $0.columnCountTolerance = nil },
            // Stamps: none, then the first alone.
            { $0.stamps = nil }, { $0.stamps = $0.stamps.map { Array($0.prefix(1)) } },
            // Column weights: none (equal columns at the same count), then all 1 (the equal split
            // through the weighted arithmetic).
            { $0.columnWeights = nil }, { $0.columnWeights = $0.columnWeights.map { Array(repeating: 1, count: $0.count) } },
        ]
        for change in sectionChanges where !stopped {
            if !attempt(rebuilt { _, sections in for index in sections.indices { change(&sections[index]) } }) {
                for section in chain.scenarios[link].description.sections.indices where !stopped {
                    attempt(rebuilt { _, sections in if sections.indices.contains(section) { change(&sections[section]) } })
                }
            }
        }
        let plainUpdates = { (scenario: inout LayoutScenario, index: Int?) in
            for position in scenario.updates.indices where index == nil || index == position {
                scenario.updates[position] = ScenarioShrinker.update(scenario.updates[position], spans: nil)
            }
        }
        if !attempt(with { plainUpdates(&$0, nil) }) {
            for index in chain.scenarios[link].updates.indices where !stopped {
                attempt(with { plainUpdates(&$0, index) })
            }
        }
        let plainQueries = { (scenario: inout LayoutScenario, index: Int?) in
            for position in scenario.queries.indices where index == nil || index == position {
                scenario.queries[position] = LayoutQuery(scenario.queries[position].rect)
            }
        }
        if !attempt(with { plainQueries(&$0, nil) }) {
            for index in chain.scenarios[link].queries.indices where !stopped {
                attempt(with { plainQueries(&$0, index) })
            }
        }
    }

    /// Format v2 where it still fails: the nulls measured with their estimate (in every section
    /// at once, then one by one), estimates without nulls dropped, then the updates' nulls
    /// measured and measuring updates without nulls turned plain (all at once, then one by one).
    /// Deferred mode turned estimated is a rule change of `simplifyFormatV2`.
    private func simplifyFormatV3(_ link: Int, described: (Double?, (inout [SectionDescription]) -> Void) -> ScenarioChain?,
                                  with: ((inout LayoutScenario) -> Void) -> ScenarioChain) {
        guard ScenarioShrinker.usesFormatV3(chain.scenarios[link]) else { return }
        for change in [ScenarioShrinker.measureNulls, ScenarioShrinker.dropEstimates] where !stopped {
            if !attempt(described(nil) { change(&$0, nil) }) {
                for section in chain.scenarios[link].description.sections.indices where !stopped {
                    attempt(described(nil) { change(&$0, section) })
                }
            }
        }
        for change in [ScenarioShrinker.measuringNulls(inUpdatesOf:at:), ScenarioShrinker.plainUpdates(of:at:)] where !stopped {
            if !attempt(with { $0 = change($0, nil) }) {
                for index in chain.scenarios[link].updates.indices where !stopped {
                    attempt(with { $0 = change($0, index) })
                }
            }
        }
    }

    /// Shorter updates: fewer heights in each, simpler inserted sections (no lengths, no column options).
    private func reduceUpdates(_ link: Int, _ with: ((inout LayoutScenario) -> Void) -> ScenarioChain) {
        var index = 0
        while index < chain.scenarios[link].updates.count, !stopped {
            func heights() -> [Double?]? { ScenarioShrinker.heights(of: chain.scenarios[link].updates[index]) }
            if heights() != nil {
                reduceList(count: { heights()?.count ?? 0 }) { range in
                    with { scenario in
                        scenario.updates[index] = ScenarioShrinker.update(scenario.updates[index], removingItemsIn: range)
                    }
                }
            }
            if case .insertSection(let section, let at) = chain.scenarios[link].updates[index] {
                var simple = section
                simple.inset = .zero
                simple.columnSpacing = 0
                simple.itemSpacing = 0
                simple.headerHeight = 0
                simple.footerHeight = 0
                simple.maxColumnWidth = nil
                simple.columnAlignment = .leading
                simple.columnCountTolerance = nil
                if simple != section { attempt(with { $0.updates[index] = .insertSection(simple, at: at) }) }
            }
            index += 1
        }
    }

    /// Zero insets, spacing, headers and footers: in every section at once, then one by one.
    private func simplifyLengths(_ described: (Double?, (inout [SectionDescription]) -> Void) -> ScenarioChain?) {
        let simplifications: [(inout SectionDescription) -> Void] = [
            { $0.inset = .zero; $0.columnSpacing = 0; $0.itemSpacing = 0; $0.headerHeight = 0; $0.footerHeight = 0 },
            { $0.inset = .zero },
            { $0.columnSpacing = 0 },
            { $0.itemSpacing = 0 },
            { $0.headerHeight = 0; $0.footerHeight = 0 },
            { $0.headerHeight = $0.headerHeight.rounded(.up); $0.footerHeight = $0.footerHeight.rounded(.up) },
            { $0.itemSpacing = $0.itemSpacing.rounded() },
        ]
        for simplify in simplifications where !stopped {
            if !attempt(described(nil) { list in for index in list.indices { simplify(&list[index]) } }) {
                let count = chain.scenarios.map(\.description.sections.count).max() ?? 0
                for section in 0..<count where !stopped {
                    attempt(described(nil) { list in if list.indices.contains(section) { simplify(&list[section]) } })
                }
            }
        }
    }

    /// Heights towards small integers: the whole link's heights (description and updates) as
    /// ranks (the distinct values in order become 1, 2, 3…, zero stays zero: order and ties kept),
    /// then all 1, then rounded; then section by section; then item by item in small sections.
    private func simplifyHeights(_ link: Int, described: (Double?, (inout [SectionDescription]) -> Void) -> ScenarioChain?,
                                 with: ((inout LayoutScenario) -> Void) -> ScenarioChain) {
        let scenario = chain.scenarios[link]
        let ranks = Self.ranks(scenario.description.sections.flatMap(\.itemHeights) + scenario.description.sections.compactMap(\.estimatedItemHeight)
            + scenario.updates.flatMap { (ScenarioShrinker.heights(of: $0) ?? []).compactMap { $0 } })
        for map in [{ ranks[$0] ?? $0 }, { $0 == 0 ? 0 : 1 }, { $0.rounded() }] as [(Double) -> Double] where !stopped {
            var candidate = chain.scenarios[link]
            candidate.updates = candidate.updates.map { update in
                ScenarioShrinker.heights(of: update).map { ScenarioShrinker.update(update, heights: $0.map { $0.map(map) }) } ?? update
            }
            var sections = candidate.description.sections
            for index in sections.indices {
                sections[index].itemHeights = sections[index].itemHeights.map(map)
                sections[index].estimatedItemHeight = sections[index].estimatedItemHeight.map(map)
            }
            guard let description = Self.description(candidate.description, sections: sections) else { continue }
            candidate.description = description
            if attempt(with { $0 = candidate }) { break }
        }
        for section in chain.scenarios[link].description.sections.indices where !stopped {
            for map in [{ _ in 1 }, { $0.rounded() }] as [(Double) -> Double] where !stopped {
                attempt(described(nil) { $0[section].itemHeights = $0[section].itemHeights.map(map) })
            }
            let count = chain.scenarios[link].description.sections[section].itemHeights.count
            guard count <= 32 else { continue }
            for item in 0..<count where !stopped {
                let height = chain.scenarios[link].description.sections[section].itemHeights[item]
                // Only towards zero or towards a whole number.
                for simpler in [0, 1, height.rounded(), (height / 2).rounded(.down)]
                where simpler != height && (simpler < height || height != height.rounded()) {
                    if attempt(described(nil) { $0[section].itemHeights[item] = simpler }) { break }
                }
            }
        }
    }

    /// `description` with another width or other sections, when that is still a valid description.
    private static func description(_ description: LayoutDescription, width: Double? = nil,
                                    sections: [SectionDescription]) -> LayoutDescription? {
        try? RandomLayoutGenerator.Rules(of: description).description(width: width ?? description.width, sections: sections)
    }

    /// `chain` with scenario `link`'s queries replaced by rects that touch the frames of its
    /// layout after each step (corner points, zero-height lines along tops and bottoms, vertical
    /// lines along right edges); nil when that would be more than 4,000 queries.
    /// With `near`, only the frames of the items within 4 of item `near.item` of section
    /// `near.section` (the element a failing query answered wrongly, where a removal before it
    /// moved it): a big layout's stand-in for every frame.
    static func reanchored(_ chain: ScenarioChain, link: Int, near: (section: Int, item: Int)? = nil) -> ScenarioChain? {
        var scenario = chain.scenarios[link]
        var reference = ReferenceLayoutEngine(scenario.description)
        let framesOfInterest = { (engine: ReferenceLayoutEngine) -> [Rect] in
            guard let near else { return allElements(of: engine).map(\.frame) }
            return (max(0, near.item - 4)...(near.item + 4)).compactMap { engine.frame(ofItemAt: ItemIndexPath(section: near.section, item: $0)) }
        }
        var frames = framesOfInterest(reference)
        for update in scenario.updates where frames.count <= 1000 {
            if (try? reference.apply(update)) != nil { frames += framesOfInterest(reference) }
        }
        guard frames.count <= 1000, !frames.isEmpty || near == nil else { return nil }
        // Each rect with every combination of options the scenario's queries had (the one that
        // failed among them): open edges and pinned headers fail on rects of their own.
        var options: [LayoutQuery] = []
        for query in scenario.queries where !options.contains(where: { $0.edges == query.edges && $0.pinningHeaders == query.pinningHeaders }) {
            options.append(query)
        }
        if options.isEmpty { options = [LayoutQuery(Rect(x: 0, y: 0, width: 0, height: 0))] }
        var queries: [LayoutQuery] = []
        var seen: Set<[UInt64]> = []
        for frame in frames {
            let width = max(reference.contentSize.width, 1)
            for rect in [Rect(x: frame.maxX, y: frame.maxY, width: 0, height: 0), Rect(x: 0, y: frame.y, width: width, height: 0),
                         Rect(x: 0, y: frame.maxY, width: width, height: 0), Rect(x: frame.maxX, y: frame.y, width: 0, height: frame.height)]
            where seen.insert([rect.x.bitPattern, rect.y.bitPattern, rect.width.bitPattern, rect.height.bitPattern]).inserted {
                queries += options.map { LayoutQuery(rect, edges: $0.edges, pinningHeaders: $0.pinningHeaders) }
            }
        }
        guard queries.count <= 4000 else { return nil }
        scenario.queries = queries
        var copy = chain
        copy.replace(link, with: scenario)
        return copy
    }

    /// Each distinct value's rank among them, from 1 (zero keeps 0).
    private static func ranks(_ values: [Double]) -> [Double: Double] {
        var result: [Double: Double] = [0: 0]
        for (rank, value) in Set(values.filter { $0 != 0 }).sorted().enumerated() { result[value] = Double(rank + 1) }
        return result
    }
}

private extension SectionDescription {
    /// Removes the items in `range`: their heights and, when the section has them, their spans.
    mutating func removeItems(in range: Range<Int>) {
        itemHeights.removeSubrange(range)
        itemSpans?.removeSubrange(range)
        isUnmeasured?.removeSubrange(range)
    }
}
