// The optimized engine: reference frames bit for bit from compact buffers, threaded prepare, fast queries.
import Foundation

/// The engine an app ships: the reference engine's frames, bit for bit, from compact per-section
/// buffers, branch-free placement kernels, sections laid out on several threads, indexed rect
/// queries and incremental updates.
///
/// Costs: prepare O(items) for up to 16 columns (a sorted-heights merge per item) and
/// O(items × log2(columns)) above, spread over threads by section in `belowLongestColumn` mode;
/// a section with spans O(items × columns) (a window search per item; `SpanKernel`); a rect
/// query O(log(sections) + log(items) + K + k) for k hits (round robin: O(columns × log(items)
/// + k log k); a section with spans O(log(items) + K × (blocks holding hits)), or
/// O(columns × log(items) + …) when its columns are far apart; `SectionQuery`); an item lookup
/// O(1); appending k items O(k + K); changing item i of section s re-lays out section s from the
/// checkpoint before i and moves later sections by their tops, O(items after i + sections). In
/// `continueColumns` mode a change re-lays out every later section too, which depends on it. K
/// is the checkpoint interval (64 items, 16 per column above 4 columns). Memory: 8 bytes per
/// item for round robin, 18 for shortest column, 20 for a section with spans, plus checkpoints
/// (under 1 byte per item).
///
/// Every section is laid out in layout coordinates (vertical); a horizontal layout's frames,
/// query rects and content size are transposed where they cross the public interface, which
/// costs one pass over a query's answer and nothing in `prepare`. Right to left is in the
/// sections' geometry (`SectionGeometry`), which gives each item's x.
public struct OptimizedLayoutEngine: LayoutEngine, Sendable {
    public private(set) var layoutDescription: LayoutDescription
    /// The content size in layout coordinates (vertical).
    private var layoutContentSize = Size(width: 0, height: 0)
    /// Threads `prepare` may use (1: the calling thread only).
    public let threads: Int
    @usableFromInline private(set) var sections: [SectionLayout] = []
    /// `sectionTops[s]` is section s's top, `sectionTops[count]` the bottom of the last one. All
    /// zero in `continueColumns` mode, whose sections share one coordinate space.
    @usableFromInline private(set) var sectionTops: [Double] = [0]

    /// All the machine's active cores.
    public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    public init(_ description: LayoutDescription, threads: Int = OptimizedLayoutEngine.defaultThreadCount) {
        layoutDescription = description
        self.threads = max(1, threads)
        prepare(description)
    }

    public var contentSize: Size { layoutDescription.axis.onScreen(layoutContentSize) }

    /// Lays out `description`, reusing the previous layout's buffers where sections keep their shape.
    ///
    /// - Complexity: O(items) per column count: a constant per item up to 16 columns (the
    ///   column heights live in registers), O(log columns) per item above (a tournament tree),
    ///   O(columns) per item in a section with spans; sections spread over `threads`. About 18
    ///   bytes per item (10 for round robin, 20 with spans).
    public mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        switch description.sectionStart {
        case .belowLongestColumn:
            // Reuse the previous layout's sections, and their buffers, in place.
            var layouts = sections
            sections = []
            layouts.removeSubrange(min(layouts.count, description.sections.count)...)
            layouts.append(contentsOf: repeatElement(SectionLayout(), count: description.sections.count - layouts.count))
            // Sections are independent in their own coordinates: lay them out in parallel.
            ParallelBatches.forEachBatch(&layouts, itemCounts: Self.laidOutItemCounts(of: description) { _ in true },
                                         threads: threads) { batch, layouts in
                Self.layOutFresh(layouts, batch, of: description)
            }
            sections = layouts
            updateTops(from: 0)  // sectionTops[0] is 0 in either mode: the rest is rebuilt in place
        case .continueColumns:
            sections = []
            layOutContinuing(fromSection: 0, item: 0)
        }
    }

    /// Lays out sections `batch` of `description` (`belowLongestColumn` mode) into `layouts`. A
    /// batch of several sections keeps their buffers in one slab (`SectionSlab`), each kind of
    /// buffer in section order, so that the kernels' streams run on from one section to the
    /// next; a repeated prepare of the same sizes reuses it.
    ///
    /// Every section is set up first and laid out after, one at a time in section order: the
    /// set-up's code and the kernel's each run for the whole batch while they are warm (4096
    /// sections: 0.95x the time of the set-up and the kernel taken in turn, a section at a time;
    /// `Results/README.md`, "4096 sections: set up first, then one kernel at a time").
    private static func layOutFresh(_ layouts: UnsafeMutableBufferPointer<SectionLayout>, _ batch: Range<Int>,
                                    of description: LayoutDescription) {
        let rules = SectionRules(description)
        description.sections.withUnsafeBufferPointer { sections in
            guard Self.keepsInSlab(batch) else {
                for index in batch {
                    reset(&layouts[index], toSection: index, of: description, after: nil)
                    layouts[index].layOut(from: 0, section: sections.baseAddress! + index, rules: rules)
                }
                return
            }
            func capacity(_ index: Int) -> Int {
                SectionDescription.laidOutItemCount(of: sections.baseAddress! + index, description.unmeasuredItems)
            }
            // Not `withScratchBuffer`, which takes BitwiseCopyable elements (SectionShape holds a
            // public enum): this one's ~1,900 instructions are paid once a batch, not a section.
            withUnsafeTemporaryAllocation(of: SectionShape.self, capacity: batch.count) { shapes in
                var sizes = SectionBufferLayout.RegionSizes.zero
                var memo = RegionMemo()
                for (offset, index) in batch.enumerated() {
                    shapes.initializeElement(at: offset, to: shape(ofSection: sections.baseAddress! + index, of: description))
                    memo.load(shapes[offset], itemCapacity: capacity(index))
                    sizes = sizes + memo.sizes
                }
                // The previous prepare's slab when it has the size this one needs (a repeated
                // prepare): each section that owns its region there keeps it (`SectionLayout.reset`).
                let reused = layouts[batch.lowerBound].slab.flatMap { $0.wordCount == sizes.total ? $0 : nil }
                let slab = reused ?? SectionSlab.make(words: sizes.total)
                var cursor = SlabCursor(slab: sizes)
                for (offset, index) in batch.enumerated() {
                    let shape = shapes[offset]
                    reset(&layouts[index], toSection: index, of: description, after: nil, shape: shape,
                          in: cursor.place(shape, itemCapacity: capacity(index), in: slab, slabIsNew: reused == nil))
                }
                // Runs of sections of one shape, each laid out as one job (`SectionLayout.layOutFresh`).
                var start = batch.lowerBound
                while start < batch.upperBound {
                    let shape = shapes[start - batch.lowerBound]
                    var end = start + 1
                    while end < batch.upperBound, shapes[end - batch.lowerBound] == shape { end += 1 }
                    SectionLayout.layOutFresh(layouts, start..<end, of: sections.baseAddress!, shape: shape, rules: rules)
                    start = end
                }
            }
        }
    }

    /// The sections a fresh `prepare` of `description` on `threads` threads keeps in a slab
    /// (the sections of each batch of several), under the current threading threshold
    /// (`VerificationHooks.slabSections(in:threads:)`). O(sections).
    static func slabSections(in description: LayoutDescription, threads: Int) -> [Int] {
        guard description.sectionStart == .belowLongestColumn else { return [] }
        return ParallelBatches.plan(itemCounts: laidOutItemCounts(of: description) { _ in true }, threads: max(1, threads))
            .filter(keepsInSlab).flatMap { $0 }
    }

    /// Whether `layOutFresh` keeps `batch`'s sections in one slab: a batch of several (one
    /// section alone keeps its single allocation).
    private static func keepsInSlab(_ batch: Range<Int>) -> Bool {
        batch.count > 1
    }

    /// Each section's slab by identity, nil where its buffers are its own
    /// (`VerificationHooks.slabs(of:)`). O(sections).
    func slabIdentities() -> [ObjectIdentifier?] {
        sections.map { $0.slab.map(ObjectIdentifier.init) }
    }

    /// The sections of `description` laid out by `kernel` (`VerificationHooks
    /// .weightedSortedHeightsSections(in:)`). O(sections), and O(items) for the spans of sections
    /// that give them.
    static func sections(of description: LayoutDescription, laidOutBy kernel: SectionKernel) -> [Int] {
        let shapes = shapes(of: description)
        return shapes.indices.filter { shapes[$0].kernel == kernel }
    }

    /// Each section's shape in `description`.
    private static func shapes(of description: LayoutDescription) -> [SectionShape] {
        description.sections.indices.map { index in description.sections.withElementPointer(index) { shape(ofSection: $0, of: description) } }
    }

    /// The shape of `section` in `description`.
    private static func shape(ofSection section: UnsafePointer<SectionDescription>, of description: LayoutDescription) -> SectionShape {
        shape(columns: section.pointee.columns, itemSpans: section.pointee.itemSpans, weighted: SectionColumns(of: section).isWeighted,
              of: description)
    }

    /// The shape of a section of `columns` columns with `itemSpans` in `description`, weighted as
    /// `SectionColumns.isWeighted` says: its kernel the one its spans need.
    private static func shape(columns: Int, itemSpans: [ItemSpan]?, weighted: Bool, of description: LayoutDescription) -> SectionShape {
        // With keepColumns a shortest-column item may stay off the rule's column after a
        // re-measure, so those sections keep covered columns per item, as sections with spans
        // do (round robin's columns never depend on heights: kept and placed agree).
        let keepsColumns = description.remeasure == .keepColumns && description.placement == .shortestColumn && columns > 1
        // A flow tolerance above 0 places items off the shortest column, which the span-free
        // kernels' sorted states cannot express; 0 is format v2's rule, and keeps their speed.
        let tolerates = (description.flowTolerance ?? 0) > 0 && columns > 1
        // Weighted columns (format v3) read each column's x and width from a table: shortest
        // column in a kernel case of its own (`SectionKernel.weightedShortestColumn`: the
        // sorted-heights loop, which looks at heights only), round robin in the spans kernel. The
        // equal-column kernels' lookups and queries keep format v2's arithmetic and cost (a
        // branch on weights inside them cost a lookup 8 of its 29 instructions).
        let weightedRoundRobin = weighted && description.placement == .roundRobin
        let spans = keepsColumns || tolerates || weightedRoundRobin || (itemSpans.map { needsSpanKernel($0, columns: columns) } ?? false)
        return SectionShape(kernel: SectionKernel(placement: description.placement, spans: spans, weighted: weighted), columnCount: columns,
                            hasWeightedColumns: weighted)
    }

    /// Makes `layout` section `index` of `description` with no items yet, its columns where
    /// `previous` (in `continueColumns` mode) left them, its kernel the one its spans need
    /// (`shape`, when the caller has it), its buffers `region` of a slab or its own.
    private static func reset(_ layout: inout SectionLayout, toSection index: Int, of description: LayoutDescription,
                              after previous: SectionLayout?, shape knownShape: SectionShape? = nil, in region: SlabRegion? = nil) {
        // The fields through a pointer: the section borrowed into `layout.reset` would be copied whole.
        let shape = knownShape ?? description.sections.withElementPointer(index) { Self.shape(ofSection: $0, of: description) }
        let (columnStart, insetTop, items, stamps) = description.sections.withElementPointer(index) { section in
            (LayoutArithmetic.columnStart(headerHeight: section.pointee.headerHeight, insetTop: section.pointee.inset.top),
             section.pointee.inset.top, SectionDescription.laidOutItemCount(of: section, description.unmeasuredItems),
             section.pointee.stamps)
        }
        let geometry = description.geometry(ofSection: index)
        // A local function, not a closure value: a closure bound to a `let` is taken to escape,
        // and its context is allocated (276 instructions a section, a 1,000-item prepare 2.1%).
        func columnTable(_ table: UnsafeMutableBufferPointer<Double>) {
            description.writeColumnTable(ofSection: index, geometry: geometry, into: table)
        }
        switch description.sectionStart {
        case .belowLongestColumn:
            guard let stamps else {
                layout.reset(shape: shape, geometry: geometry, columns: columnTable, startPosition: 0, itemCapacity: items, in: region) { _, _ in
                    columnStart
                }
                return
            }
            layout.reset(shape: shape, geometry: geometry, columns: columnTable, startPosition: 0, itemCapacity: items, in: region) {
                LayoutArithmetic.stamped(columnStart, column: $0, columns: $1, stamps: stamps)
            }
        case .continueColumns:
            let stamped = { (column: Int, columns: ColumnFrames, height: Double) in
                stamps.map { LayoutArithmetic.stamped(height, column: column, columns: columns, stamps: $0) } ?? height
            }
            guard let previous else {
                layout.reset(shape: shape, geometry: geometry, columns: columnTable, startPosition: 0, itemCapacity: items) {
                    stamped($0, $1, 0 + insetTop)
                }
                return
            }
            previous.withEndHeights { end in
                layout.reset(shape: shape, geometry: geometry, columns: columnTable, startPosition: previous.endPosition, itemCapacity: items) {
                    stamped($0, $1, end[$0] + insetTop)
                }
            }
        }
    }

    /// Section `index` of `description` (`belowLongestColumn` mode) after a width change that
    /// keeps its column count but moves its columns under its stamps: its new geometry, its
    /// columns' start heights stamped again, and its items laid out again from the first (with
    /// `keepColumns`, re-stacked in the columns they keep, as the reference keeps them).
    private static func restamp(_ layout: inout SectionLayout, section index: Int, of description: LayoutDescription, rules: SectionRules) {
        let geometry = description.geometry(ofSection: index)
        description.sections.withElementPointer(index) { section in
            let columnStart = LayoutArithmetic.columnStart(headerHeight: section.pointee.headerHeight, insetTop: section.pointee.inset.top)
            let stamps = section.pointee.stamps ?? []
            layout.restart(geometry: geometry, columns: { description.writeColumnTable(ofSection: index, geometry: geometry, into: $0) }) {
                LayoutArithmetic.stamped(columnStart, column: $0, columns: $1, stamps: stamps)
            }
            layout.layOut(from: 0, keepingColumnsUntil: rules.remeasure == .keepColumns ? layout.itemCount : 0, section: section, rules: rules)
        }
    }

    /// Moves `layout`'s columns to where section `index` of `description` has them (a width
    /// change that keeps their count). O(columns).
    private static func moveColumns(_ layout: inout SectionLayout, toSection index: Int, of description: LayoutDescription) {
        let geometry = description.geometry(ofSection: index)
        layout.moveColumns(to: geometry) { description.writeColumnTable(ofSection: index, geometry: geometry, into: $0) }
    }

    /// Each section's laid-out item count where `counts(section)`, else 0 (the weights of
    /// `ParallelBatches`), read through pointers (`SectionDescription.laidOutItemCount(of:_:)`).
    private static func laidOutItemCounts(of description: LayoutDescription, where counts: (Int) -> Bool) -> [Int] {
        description.sections.withUnsafeBufferPointer { sections in
            sections.indices.map { counts($0) ? SectionDescription.laidOutItemCount(of: sections.baseAddress! + $0, description.unmeasuredItems) : 0 }
        }
    }

    /// Whether a section of `columns` columns with these spans needs the spans kernel: some
    /// item covers more than one column. O(items), only for sections that give spans.
    private static func needsSpanKernel(_ spans: some Sequence<ItemSpan>, columns: Int) -> Bool {
        columns > 1 && spans.contains { $0.columnCount(in: columns) > 1 }
    }

    /// Section `index` of the description, laid out, after `previous` in `continueColumns` mode.
    private func laidOutSection(_ index: Int, after previous: SectionLayout?) -> SectionLayout {
        var layout = SectionLayout()
        Self.reset(&layout, toSection: index, of: layoutDescription, after: previous)
        layoutDescription.sections.withElementPointer(index) { layout.layOut(from: 0, section: $0, rules: SectionRules(layoutDescription)) }
        return layout
    }

    /// Section tops from section `first` on: a sequential prefix sum of section heights.
    private mutating func updateTops(from first: Int) {
        // In place: a prepare that reuses the engine allocates no new tops.
        sectionTops.removeSubrange((first + 1)...)
        sectionTops.reserveCapacity(sections.count + 1)
        for index in first..<sections.count {
            sectionTops.append(LayoutArithmetic.nextSectionTop(after: sectionTops[index], sectionHeight: sections.borrowElement(index) { $0.height }))
        }
        layoutContentSize = Size(width: layoutDescription.width, height: sectionTops[sections.count])
    }

    /// Re-lays out section `first` from `item`, then every later section (they continue its columns).
    private mutating func layOutContinuing(fromSection first: Int, item: Int) {
        let description = layoutDescription
        sections.removeSubrange(min(first + (item > 0 ? 1 : 0), sections.count)...)
        if item > 0 {
            description.sections.withElementPointer(first) { sections[first].layOut(from: item, section: $0, rules: SectionRules(description)) }
        }
        for index in sections.count..<description.sections.count {
            sections.append(laidOutSection(index, after: sections.last))
        }
        sectionTops = Array(repeating: 0, count: sections.count + 1)
        layoutContentSize = Size(width: description.width, height: sections.last?.localBottom ?? 0)
    }

    /// Re-lays out section `index` from `item` and everything that depends on it; from its first
    /// item, with the spans kernel, when `newSpans` (an update's) give a span-free section an
    /// item covering several columns. With `remeasure: keepColumns` the items before `kept`
    /// keep their columns.
    private mutating func layOutSection(_ index: Int, from item: Int, keepingColumnsUntil kept: Int = 0, newSpans: [ItemSpan]? = nil) {
        let kept = layoutDescription.remeasure == .keepColumns ? kept : 0
        let needsSpanKernel = newSpans.map {
            !sections[index].header.shape.kernel.hasSpans && Self.needsSpanKernel($0, columns: layoutDescription.sections[index].columns)
        } ?? false
        switch layoutDescription.sectionStart {
        case .belowLongestColumn:
            if needsSpanKernel { Self.reset(&sections[index], toSection: index, of: layoutDescription, after: nil) }
            layoutDescription.sections.withElementPointer(index) {
                sections[index].layOut(from: needsSpanKernel ? 0 : item, keepingColumnsUntil: needsSpanKernel ? 0 : kept, section: $0,
                                       rules: SectionRules(layoutDescription))
            }
            updateTops(from: index)
        case .continueColumns:
            layOutContinuing(fromSection: index, item: needsSpanKernel ? 0 : item)
        }
    }

    /// After a width change: lays out again the sections whose column count changed (adaptive
    /// ones; in `continueColumns` mode, where they share one count, all of them) or that have
    /// stamps (which may meet other columns now), and gives the others their new x and column
    /// width only (their heights do not depend on the width).
    private mutating func changeWidth() {
        let description = layoutDescription
        let changed = sections.indices.map { sections[$0].header.shape.columnCount != description.sections[$0].columns }
        // Stamps (format v3) meet other columns when the columns move: those sections start again too.
        let restamped = sections.indices.map { !changed[$0] && description.sections.borrowElement($0) { $0.stamps != nil } }
        layoutContentSize.width = description.width
        // The first section laid out again, whichever the reason: the tops are summed from it.
        guard let first = sections.indices.first(where: { changed[$0] || restamped[$0] }) else {
            for index in sections.indices {
                Self.moveColumns(&sections[index], toSection: index, of: description)
            }
            return
        }
        switch description.sectionStart {
        case .belowLongestColumn:
            var layouts = sections
            sections = []
            let itemCounts = Self.laidOutItemCounts(of: description) { changed[$0] || restamped[$0] }
            ParallelBatches.forEachBatch(&layouts, itemCounts: itemCounts, threads: threads) { batch, layouts in
                let rules = SectionRules(description)
                for index in batch {
                    if changed[index] {
                        Self.reset(&layouts[index], toSection: index, of: description, after: nil)
                        description.sections.withElementPointer(index) { layouts[index].layOut(from: 0, section: $0, rules: rules) }
                    } else if restamped[index] {
                        Self.restamp(&layouts[index], section: index, of: description, rules: rules)
                    } else {
                        Self.moveColumns(&layouts[index], toSection: index, of: description)
                    }
                }
            }
            sections = layouts
            updateTops(from: first)
        case .continueColumns:
            layOutContinuing(fromSection: 0, item: 0)
        }
    }

    // MARK: Updates

    /// Applies an incremental change; a refused update leaves the engine as it was.
    ///
    /// - Complexity: lays out again only from the last checkpoint before the first changed item
    ///   to the end of its section (in `continueColumns` mode, to the end of the layout, as
    ///   every later item may move), plus O(sections) for the section tops; `setWidth` lays out
    ///   only the sections whose column count changes and moves the others in O(1) each.
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try layoutDescription.apply(update)
        switch update {
        // With keepColumns, a re-measure keeps every placed item's columns (deferred items measured
        // for the first time are placed); appends, inserts and deletes keep those before them.
        case .appendItems(let section, _, let spans), .appendMeasurements(let section, _, let spans):
            let placed = sections[section].itemCount
            layOutSection(section, from: placed, keepingColumnsUntil: placed, newSpans: spans)
        case .setItemHeights(let section, let start, _, let spans), .setMeasurements(let section, let start, _, let spans):
            layOutSection(section, from: start, keepingColumnsUntil: sections[section].itemCount, newSpans: spans)
        case .insertItems(let section, let index, _, let spans), .insertMeasurements(let section, let index, _, let spans):
            layOutSection(section, from: index, keepingColumnsUntil: index, newSpans: spans)
        case .deleteItems(let section, let range):
            layOutSection(section, from: range.lowerBound, keepingColumnsUntil: range.lowerBound)
        case .insertSection(_, let index):
            switch layoutDescription.sectionStart {
            case .belowLongestColumn:
                sections.insert(laidOutSection(index, after: nil), at: index)
                updateTops(from: index)
            case .continueColumns:
                layOutContinuing(fromSection: index, item: 0)
            }
        case .deleteSection(let index):
            sections.remove(at: index)
            switch layoutDescription.sectionStart {
            case .belowLongestColumn: updateTops(from: min(index, sections.count))
            case .continueColumns: layOutContinuing(fromSection: index, item: 0)
            }
        case .setWidth:
            changeWidth()
        }
    }

    /// Applies `updates` as one batch, all or nothing, with the layout of applying them one by
    /// one. A batch of re-measures without spans (`setItemHeights`, `setMeasurements`) lays each section out
    /// once, from the first item any of them changed: a frame that measured k runs of cells
    /// re-lays out the suffix once, not k times (measured: a `keepColumns` scrolling session's
    /// frames make 8.8 updates on average). With `keepColumns`, only re-measures of items
    /// already laid out are batched so (deferred items measured for the first time are placed,
    /// and a later re-measure in the same batch would keep their columns); other batches apply
    /// one by one.
    ///
    /// - Complexity: the description's checks of every update, then one lay-out per changed
    ///   section from its first changed item; other batches, the updates' own costs plus a copy
    ///   of the description (O(items): the checks run on it first, so that a refused update
    ///   leaves the engine untouched).
    public mutating func apply(contentsOf updates: [LayoutUpdate]) throws(LayoutError) {
        let placed = sections.map(\.itemCount)
        let batched = updates.allSatisfy { update in
            switch update {
            // Without spans: new spans may move a section to the spans kernel, laid out from its start.
            case .setItemHeights(let section, let start, _, .none), .setMeasurements(let section, let start, _, .none):
                layoutDescription.remeasure == .reflow || !placed.indices.contains(section) || start + update.itemCount <= placed[section]
            default:
                false
            }
        }
        guard batched else {
            var description = layoutDescription  // checked on a copy first: all or nothing
            for update in updates { try description.apply(update) }
            for update in updates { try apply(update) }
            return
        }
        // The description changes in place (a copy would copy its heights), what each re-measure
        // replaced kept to put back if a later one is refused.
        var undos: [RemeasureUndo] = []
        var firstChanged: [Int: Int] = [:]
        for update in updates {
            do {
                if let undo = try layoutDescription.applyRemeasure(update) {
                    undos.append(undo)
                    firstChanged[undo.section] = min(firstChanged[undo.section] ?? undo.range.lowerBound, undo.range.lowerBound)
                }
            } catch {
                for undo in undos.reversed() { layoutDescription.undo(undo) }
                throw error
            }
        }
        for (section, first) in firstChanged.sorted(by: { $0.key < $1.key }) {
            layOutSection(section, from: first, keepingColumnsUntil: placed[section])
        }
    }

    // MARK: Lookups

    /// The frame of an item, or nil when it does not exist. Inlinable: the call UIKit makes per
    /// item compiles into the caller.
    ///
    /// - Complexity: O(1): three loads from one section's buffers (y, height, column).
    @inlinable
    public func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        let section = indexPath.section
        guard section >= 0, section < sections.count else { return nil }
        let frame = SectionLayout.frame(ofItem: indexPath.item, in: storage(ofSection: section),
                                        top: sectionTops.withUnsafeBufferPointer { $0[section] }) { item in
            // Round robin's heights, from the description without bounds checks: the section
            // has checked `item` against its item count, which is the heights' count. (Checked
            // subscripts keep the loads even where a caller uses only y: a trap is an effect.)
            layoutDescription.sections.withUnsafeBufferPointer { $0[section].itemHeights.withUnsafeBufferPointer { $0[item] } }
        }
        // Vertical from the start, the frame as laid out: one compare on the lookup's path.
        return layoutDescription.axis == .vertical && layoutDescription.scrollOrigin == .start ? frame : frame.map(screenMapping.onScreen)
    }

    /// Frames and query rects between layout coordinates and the view's (mirrored from the end
    /// with `scrollOrigin: "end"`, transposed for a horizontal layout).
    @usableFromInline
    var screenMapping: ScreenMapping {
        ScreenMapping(axis: layoutDescription.axis, origin: layoutDescription.scrollOrigin, contentLength: layoutContentSize.height)
    }

    /// Section `section`'s storage, unretained (`sections` keeps it alive while `self` is
    /// borrowed): lookups and queries then pay no retain and release, which the optimizer
    /// otherwise keeps around them.
    @inlinable @inline(__always)
    func storage(ofSection section: Int) -> Unmanaged<SectionStorage> {
        sections.withUnsafeBufferPointer { Unmanaged.passUnretained($0[section].storage) }
    }

    public func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        layoutFrame(ofSupplementary: kind, inSection: section).map(screenMapping.onScreen)
    }

    /// - Complexity: O(1): the section's top and the stamp.
    public func frame(ofStamp stamp: Int, inSection section: Int) -> Rect? {
        guard sections.indices.contains(section),
              let frame = layoutDescription.sections.borrowElement(section, { section -> Rect? in
                  guard let stamps = section.stamps, stamps.indices.contains(stamp) else { return nil }
                  return stamps[stamp]
              }) else { return nil }
        return screenMapping.onScreen(LayoutArithmetic.stampFrame(frame, sectionTop: sectionTops[section]))
    }

    /// A header's or footer's frame in layout coordinates.
    private func layoutFrame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        let (headerHeight, footerHeight) = layoutDescription.sections.borrowElement(section) { ($0.headerHeight, $0.footerHeight) }
        switch kind {
        case .header where headerHeight > 0:
            return Rect(x: 0, y: sectionTops[section], width: layoutDescription.width, height: headerHeight)
        case .footer where footerHeight > 0:
            let localBottom = sections.borrowElement(section) { $0.localBottom }
            return Rect(x: 0, y: LayoutArithmetic.absoluteY(localBottom, sectionTop: sectionTops[section]),
                        width: layoutDescription.width, height: footerHeight)
        default:
            return nil
        }
    }

    // MARK: Rect queries

    /// Every element whose frame intersects `rect` (closed intervals).
    ///
    /// - Complexity: O(log sections + log items + k) for k elements returned: a search over the
    ///   sections' tops, then over the checkpoints of each section the rect meets (per column in
    ///   round robin; through the span index where a section has spans).
    public func elements(in rect: Rect) -> [LayoutElement] {
        elements(in: rect, edges: .closed, pinningHeaders: false)
    }

    /// Open edges filter the closed answer with the exact open test (an open hit is a closed
    /// hit): the same O(log n + k) cost.
    public func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        var result: [LayoutElement] = []
        result.reserveCapacity(64)
        let layoutRect = screenMapping.inLayout(rect)
        appendElements(in: layoutRect, pinningHeaders: pinningHeaders, to: &result)
        if edges == .open {
            result.removeAll { !$0.frame.intersects(layoutRect, edges: .open) }
        }
        mapOnScreen(&result, from: 0)
        return result
    }

    /// Appends the elements in `rect` to `result` without allocating when `result` has room:
    /// the query for a caller that reuses one buffer.
    public func elements(in rect: Rect, into result: inout [LayoutElement]) {
        let start = result.count
        appendElements(in: screenMapping.inLayout(rect), pinningHeaders: false, to: &result)
        mapOnScreen(&result, from: start)
    }

    /// An answer found in layout coordinates, in the view's (mirrored from the end, transposed
    /// for a horizontal layout): one pass, none for a vertical layout from the start.
    private func mapOnScreen(_ result: inout [LayoutElement], from start: Int) {
        let mapping = screenMapping
        guard !mapping.isIdentity else { return }
        for index in start..<result.count {
            result[index].frame = mapping.onScreen(result[index].frame)
        }
    }

    /// The closed-edge answer, headers pinned if asked, appended to `result`.
    private func appendElements(in rect: Rect, pinningHeaders: Bool, to result: inout [LayoutElement]) {
        var section = firstSection(reaching: rect.minY)
        while section < sections.count, lowestPoint(ofSection: section) <= rect.maxY {
            appendElements(ofSection: section, in: rect, pinningHeaders: pinningHeaders, to: &result)
            section += 1
        }
        if pinningHeaders, layoutDescription.sectionStart == .belowLongestColumn {  // continueColumns has no headers
            appendPinnedHeaders(from: section, in: rect, to: &result)
        }
    }

    /// The headers of sections from `first` on, which start below `rect` but whose pinned header
    /// reaches into it: `(sectionTop + localBottom) - headerHeight` rounds at most 2^-52 of the
    /// content height above the section's top (the local bottom holds the header), so only
    /// sections starting within 2^-50 of it below the rect can have one. Usually none.
    private func appendPinnedHeaders(from first: Int, in rect: Rect, to result: inout [LayoutElement]) {
        let reach = rect.maxY + (layoutContentSize.height * 0x1p-50 + Double.leastNormalMagnitude)
        var section = first
        while section < sections.count, sectionTops[section] <= reach {
            if let header = header(ofSection: section, pinnedTo: rect), header.intersects(rect) {
                result.append(LayoutElement(kind: .header, section: section, frame: header))
            }
            section += 1
        }
    }

    /// A section's header frame, pinned for `rect` when given (MasonryLayout.docc/Queries.md).
    private func header(ofSection section: Int, pinnedTo rect: Rect?) -> Rect? {
        guard var header = layoutFrame(ofSupplementary: .header, inSection: section) else { return nil }
        if let rect {
            header.y = LayoutArithmetic.pinnedHeaderY(rectMinY: rect.minY, sectionTop: sectionTops[section],
                                                      localBottom: sections.borrowElement(section) { $0.localBottom },
                                                      headerHeight: header.height)
        }
        return header
    }

    /// No element of a section lies above this (exact): its top, or its shortest column's start.
    private func lowestPoint(ofSection section: Int) -> Double {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn: sectionTops[section]
        case .continueColumns: sections.borrowElement(section) { $0.verticalExtent.lowest }
        }
    }

    /// No element of a section reaches below this, up to `roundingSlack`.
    private func highestPoint(ofSection section: Int) -> Double {
        switch layoutDescription.sectionStart {
        case .belowLongestColumn: sectionTops[section + 1]
        case .continueColumns: sections.borrowElement(section) { $0.verticalExtent.highest }
        }
    }

    /// The first section that may hold an element whose bottom reaches `minY` (binary search:
    /// section bottoms never decrease).
    private func firstSection(reaching minY: Double) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if highestPoint(ofSection: middle) * SectionLayout.roundingSlack < minY {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private func appendElements(ofSection section: Int, in rect: Rect, pinningHeaders: Bool, to result: inout [LayoutElement]) {
        if let header = header(ofSection: section, pinnedTo: pinningHeaders ? rect : nil), header.intersects(rect) {
            result.append(LayoutElement(kind: .header, section: section, frame: header))
        }
        // The heights alone, not the section borrowed: `appendItems` writes to memory, so a borrowed
        // section would be copied whole (measured: 200 instructions a query, 6% of a viewport's).
        layoutDescription.sections.withUnsafeBufferPointer { $0[section].itemHeights }.withUnsafeBufferPointer { heights in
            SectionLayout.appendItems(in: rect, section: section, of: storage(ofSection: section), top: sectionTops[section],
                                      heights: heights, to: &result)
        }
        if let footer = layoutFrame(ofSupplementary: .footer, inSection: section), footer.intersects(rect) {
            result.append(LayoutElement(kind: .footer, section: section, frame: footer))
        }
    }
}
