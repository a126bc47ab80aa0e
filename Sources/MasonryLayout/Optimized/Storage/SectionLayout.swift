// One section as the optimized engine stores it: a copy-on-write value over one `SectionStorage`.
/// One section as the optimized engine stores it: a value over one `SectionStorage`
/// allocation, copied on write when shared.
///
/// Per item it keeps the local y (8 bytes) and, for shortest-column placement, the column
/// (2 bytes); x and width are per section, heights are the description's own array. Round
/// robin needs no column array: the column is `(startPosition + item) % columns`. Every
/// K = `shape.interval` items it keeps a checkpoint: the column heights (so a change at item i
/// re-lays out the section from the checkpoint before i), the smallest of them (the search key
/// of rect queries) and, for shortest column, each column's last item so far (so a rect query
/// finds the items that reach down into it, see `SectionQuery`).
///
/// `@unchecked Sendable`: the storage is only written when uniquely referenced (copy on write),
/// so values on different threads never share memory that one of them writes.
@usableFromInline
struct SectionLayout: @unchecked Sendable {
    @usableFromInline private(set) var storage: SectionStorage

    /// Shared by every placeholder: a write replaces it (it is never uniquely referenced).
    private static let placeholder = SectionLayout(storage: SectionStorage.make(SectionHeader(
        shape: SectionShape(placement: .roundRobin, columnCount: 1),
        layout: SectionBufferLayout(shape: SectionShape(placement: .roundRobin, columnCount: 1), itemCapacity: 0),
        geometry: .empty, startPosition: 0, endPosition: 0)))

    private init(storage: SectionStorage) {
        self.storage = storage
    }

    /// A placeholder with no columns; `reset` makes it a section. Allocates nothing.
    init() {
        storage = Self.placeholder.storage
    }

    /// The header, read through its pointer: `storage.header` is a class property, and every
    /// access to one pays a dynamic exclusivity check.
    @inline(__always) var header: SectionHeader { storage.withUnsafeMutablePointerToHeader { $0.pointee } }
    @inline(__always) var itemCount: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.itemCount } }
    @inline(__always) var height: Double { storage.withUnsafeMutablePointerToHeader { $0.pointee.height } }
    @inline(__always) var localBottom: Double { storage.withUnsafeMutablePointerToHeader { $0.pointee.localBottom } }
    @inline(__always) var endPosition: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.endPosition } }

    /// The slab holding this section's buffers, if they are in one.
    var slab: SectionSlab? { storage.withUnsafeMutablePointerToHeader { $0.pointee.slab?.takeUnretainedValue() } }

    /// Moves the section's columns (a width change that keeps their count): `geometry`, and
    /// the table `writeColumns` writes (`LayoutDescription.writeColumnTable`). O(columns), after
    /// unsharing.
    mutating func moveColumns(to geometry: SectionGeometry, _ writeColumns: (UnsafeMutableBufferPointer<Double>) -> Void) {
        makeUnique(itemCapacity: itemCount, keepingItems: itemCount, checkpoints: header.checkpointCount)
        storage.withHandle { $0.setColumns(geometry, writeColumns) }
    }

    /// The smallest start height and the largest end height: no element of the section lies
    /// above the first, or reaches below the second (up to rounding).
    var verticalExtent: (lowest: Double, highest: Double) {
        storage.withHandle { ($0.checkpointHeights(0).min()!, $0.endHeights.max()!) }
    }

    /// Calls `body` with the column heights after the last item.
    func withEndHeights<Result>(_ body: (UnsafeMutableBufferPointer<Double>) -> Result) -> Result {
        storage.withHandle { body($0.endHeights) }
    }

    // MARK: Writing

    /// Makes this an empty section of `shape` whose column `c` starts at `startHeight(c)`,
    /// with room for `itemCapacity` items, its buffers `region` of a slab or, without one, its
    /// own. Keeps its storage when it is not shared: a repeated `prepare` then writes to memory
    /// it already owns (its own words when they fit, carved anew for the new shape; its region
    /// of a slab when it is the same), and a storage whose buffers were in a slab moves to the
    /// new region without a new allocation. A region of a reused slab is taken only by the
    /// section that already owns it: another section (a copy's) may hold it, so a section that
    /// does not gets buffers of its own.
    mutating func reset(shape: SectionShape, geometry: SectionGeometry, columns writeColumns: (UnsafeMutableBufferPointer<Double>) -> Void,
                        startPosition: Int, itemCapacity: Int, in region: SlabRegion? = nil,
                        startHeight: (Int, ColumnFrames) -> Double) {
        let layout = region?.layout ?? SectionBufferLayout(shape: shape, itemCapacity: itemCapacity)
        func fresh(_ layout: SectionBufferLayout) -> SectionHeader {
            SectionHeader(shape: shape, layout: layout, geometry: geometry, startPosition: startPosition, endPosition: startPosition)
        }
        let reused = isKnownUniquelyReferenced(&storage) && storage.withUnsafeMutablePointers { header, buffers in
            // A repeated prepare of the same description: the same buffers, only the contents change.
            if header.pointee.shape == shape, header.pointee.layout == layout, header.pointee.words == (region?.words ?? buffers) {
                header.pointee.geometry = geometry
                header.pointee.itemCount = 0
                header.pointee.checkpointCount = 1
                header.pointee.startPosition = startPosition
                header.pointee.endPosition = startPosition
                return true
            }
            if let region {
                // Only a storage whose buffers were in a slab moves into one (words of its own
                // would stay allocated, used by no section), and only into a new slab.
                guard region.slabIsNew, let previous = header.pointee.slab else { return false }
                header.pointee = fresh(layout)
                header.pointee.place(in: region)
                previous.release()
                return true
            }
            let words = header.pointee.allocatedWords
            guard words >= layout.wordCount, words <= 2 * layout.wordCount + 256 else { return false }
            SectionHandle.bindBuffers(buffers, layout, shape: shape)
            header.pointee = fresh(layout)
            header.pointee.allocatedWords = words
            header.pointee.words = buffers
            return true
        }
        if !reused {
            if let region, region.slabIsNew {
                storage = SectionStorage.make(fresh(layout), in: region)
            } else {
                storage = SectionStorage.make(fresh(region == nil ? layout : SectionBufferLayout(shape: shape, itemCapacity: itemCapacity)))
            }
        }
        storage.withHandle { section in
            section.setColumns(geometry, writeColumns)
            Self.writeStartHeights(section, startHeight)
            section.endHeights.baseAddress!.update(from: section.checkpointHeights(0).baseAddress!, count: shape.columnCount)
            if shape.kernel.tracksLastItems { section.lastItems(0).update(repeating: SectionHandle.noItem) }
            if shape.kernel.hasSpans { section.checkpointPositions[0] = UInt32(truncatingIfNeeded: startPosition) }
        }
    }

    /// Moves the section's columns (`moveColumns`) and gives column `c` the start height
    /// `startHeight(c, columns)` (checkpoint 0), keeping its items, their stored columns and its
    /// later checkpoints, which a `layOut(from: 0, …)` then rewrites: a width change under
    /// stamps. O(columns).
    mutating func restart(geometry: SectionGeometry, columns writeColumns: (UnsafeMutableBufferPointer<Double>) -> Void,
                          startHeight: (Int, ColumnFrames) -> Double) {
        moveColumns(to: geometry, writeColumns)  // unshares the storage, keeping every item
        storage.withHandle { Self.writeStartHeights($0, startHeight) }
    }

    /// Writes checkpoint 0's column heights, `startHeight(c)`, and their minimum.
    private static func writeStartHeights(_ section: SectionHandle, _ startHeight: (Int, ColumnFrames) -> Double) {
        let columns = section.columnFrames
        let start = section.checkpointHeights(0)
        var lowest = Double.infinity
        for column in start.indices {
            start[column] = startHeight(column, columns)
            lowest = min(lowest, start[column])
        }
        section.checkpointY[0] = lowest
    }

    /// Makes the storage unshared with room for `itemCapacity` items, keeping the first
    /// `keepingItems` items and `checkpoints` checkpoints. Grows geometrically, so appending
    /// costs O(1) per item.
    private mutating func makeUnique(itemCapacity: Int, keepingItems: Int, checkpoints: Int) {
        var header = self.header
        let current = header.layout.itemCapacity
        if isKnownUniquelyReferenced(&storage), current >= itemCapacity { return }
        let capacity = itemCapacity > current && keepingItems > 0 ? max(itemCapacity, 2 * current) : max(itemCapacity, current)
        header.layout = SectionBufferLayout(shape: header.shape, itemCapacity: capacity)
        let copy = SectionStorage.make(header)
        copy.withHandle { target in
            storage.withHandle { source in target.copy(from: source, items: keepingItems, checkpoints: checkpoints) }
        }
        storage = copy
    }

    /// Lays out items `first...` of `section` again (after their heights changed, or to add new
    /// ones), from the last checkpoint at or before `first`; in a section with spans, items
    /// before `kept` keep their columns and are re-stacked (`remeasure: keepColumns`). O(items
    /// after the checkpoint).
    ///
    /// The section comes as a pointer into the description's array (`Array.withElementPointer`),
    /// not borrowed: a borrowed section passed into a call that writes memory is copied whole
    /// first, which cost about 200 instructions a section once format v3 made the description
    /// three arrays wide (0.4% of a 1,000-item prepare, more with many small sections).
    mutating func layOut(from first: Int, keepingColumnsUntil kept: Int = 0, section: UnsafePointer<SectionDescription>,
                         rules: SectionRules) {
        let header = self.header
        let shape = header.shape
        let block = min(first >> shape.intervalShift, header.checkpointCount - 1)
        let resume = block << shape.intervalShift
        let total = SectionDescription.laidOutItemCount(of: section, rules.unmeasuredItems)
        // Kept items are re-stacked from their stored columns: a new allocation must copy those too.
        makeUnique(itemCapacity: total, keepingItems: max(resume, min(kept, header.itemCount)), checkpoints: block + 1)
        let itemSpacing = section.pointee.itemSpacing
        let highestIndexWins = rules.tieBreak == .highestIndex
        storage.withHandle { handle in
            section.pointee.itemHeights.withUnsafeBufferPointer { heights in
                switch shape.kernel {
                case .roundRobin:
                    var position = (handle.header.pointee.startPosition + resume) % shape.columnCount
                    let state = handle.endHeights
                    state.baseAddress!.update(from: handle.checkpointHeights(block).baseAddress!, count: state.count)
                    RoundRobinKernel.place(heights: heights.baseAddress!, range: resume..<total, itemSpacing: itemSpacing,
                                           state: state, position: &position, into: handle)
                case .shortestColumn, .weightedShortestColumn:
                    withScratchBuffer(of: UInt32.self, count: shape.columnCount) { lastItems in
                        _ = lastItems.update(fromContentsOf: handle.lastItems(block))
                        let lane = ShortestColumnKernel.Lane(heights: heights.baseAddress!, itemCount: total, itemSpacing: itemSpacing,
                                                             lastItems: lastItems.baseAddress!, section: handle)
                        Self.placeShortest(resume..<total, from: block, lane: lane, highestIndexWins: highestIndexWins)
                    }
                case .spans(let placement):
                    let place = { (spans: UnsafePointer<ItemSpan>?) in
                        SpanKernel.place(resume..<total, heights: heights.baseAddress!, spans: spans, itemSpacing: itemSpacing,
                                         placement: placement, highestIndexWins: highestIndexWins, flowTolerance: rules.flowTolerance,
                                         keepingColumnsUntil: kept, section: handle)
                    }
                    if let spans = section.pointee.itemSpans {
                        handle.header.pointee.endPosition = spans.withUnsafeBufferPointer { place($0.baseAddress) }
                    } else {
                        handle.header.pointee.endPosition = place(nil)
                    }
                }
            }
            Self.finish(handle, itemCount: total, section: section, rules: rules)
        }
    }

    /// Lays out sections `run` of `sections` into `layouts`, each just `reset` to `shape`, from
    /// their first items: the sorted-heights kernel's sections as one job (`FreshRunLayout`:
    /// the column count dispatched and the columns' last items kept once for the run, each
    /// section only its state, its loop and its totals), any other one by `layOut(from: 0)`.
    ///
    /// Per section about 160 instructions less than `layOut(from: 0)`, which copies the header
    /// twice, checks the storage's uniqueness and capacity, and dispatches the kernel and the
    /// column count (`Results/README.md`, "4096 sections: a run of sections as one job").
    static func layOutFresh(_ layouts: UnsafeMutableBufferPointer<SectionLayout>, _ run: Range<Int>,
                            of sections: UnsafePointer<SectionDescription>, shape: SectionShape, rules: SectionRules) {
        let runLayout = FreshRunLayout(layouts: layouts, run: run, sections: sections, columnCount: shape.columnCount, rules: rules)
        if shape.kernel.storesColumnPerItem, runLayout.visit(columns: shape.columnCount) != nil { return }
        for index in run { layouts[index].layOut(from: 0, section: sections + index, rules: rules) }
    }

    /// Column counts the sorted-heights kernel lays out (`SingleLayout`).
    static var sortedHeightsColumns: ClosedRange<Int> { SingleLayout.columnRange }

    /// Records a lay-out's totals once the kernel has written the items and end heights (and,
    /// with spans, the end position).
    fileprivate static func finish(_ handle: SectionHandle, itemCount: Int, section: UnsafePointer<SectionDescription>, rules: SectionRules) {
        let shape = handle.shape
        handle.header.pointee.itemCount = itemCount
        handle.header.pointee.checkpointCount = shape.checkpointCount(items: itemCount)
        if !shape.kernel.hasSpans {
            handle.header.pointee.endPosition = (handle.header.pointee.startPosition + itemCount) % shape.columnCount
        }
        let deepest = switch rules.trailingItemSpacing {
        case .include: handle.endHeights.max()!
        case .exclude: section.pointee.itemHeights.withUnsafeBufferPointer { handle.deepestItemBottom(heights: $0.baseAddress!) }
        }
        let localBottom = LayoutArithmetic.localBottom(
            deepest: deepest, reservingRowsFor: SectionDescription.deferredItemCount(of: section, rules.unmeasuredItems), columns: shape.columnCount,
            estimatedItemHeight: section.pointee.estimatedItemHeight ?? 0, insetBottom: section.pointee.inset.bottom)
        handle.header.pointee.localBottom = localBottom
        handle.header.pointee.height = LayoutArithmetic.sectionHeight(localBottom: localBottom, footerHeight: section.pointee.footerHeight)
        // Our own condition, not DEBUG: an app's Debug build of this library must not replay every
        // layout (O(items × columns) per prepare). Scripts/test and CI set it.
        #if MASONRY_INTERNAL_CHECKS
        handle.checkInvariants(section: section.pointee, rules: rules)
        #endif
    }

    /// Runs the shortest-column kernel from checkpoint `block` with the state type that fits
    /// the column count, and leaves the end heights in the section.
    private static func placeShortest(_ range: Range<Int>, from block: Int, lane: ShortestColumnKernel.Lane, highestIndexWins: Bool) {
        let section = lane.section
        let start = UnsafeBufferPointer(section.checkpointHeights(block))
        func run<State: ShortestColumnState>(_ state: State) {
            var state = state
            ShortestColumnKernel.place(&state, range: range, lane: lane, highestIndexWins: highestIndexWins)
            state.store(columnHeights: section.endHeights.baseAddress!)
        }
        switch section.shape.columnCount {
        case 1:
            run(SingleColumn(start: start[0]))
        case SingleLayout.columnRange:
            SingleLayout(range: range, lane: lane, highestIndexWins: highestIndexWins).visit(columns: section.shape.columnCount)
        default:
            let nodes = TournamentColumns.nodeCount(columns: start.count)
            withScratchBuffer(of: UInt64.self, count: nodes) { treeHeights in
                withScratchBuffer(of: UInt32.self, count: nodes) { winners in
                    run(TournamentColumns(columnHeights: start, highestIndexWins: highestIndexWins,
                                          heights: treeHeights.baseAddress!, winners: winners.baseAddress!))
                }
            }
        }
    }
}

/// The description-wide rules a section's lay-out follows.
struct SectionRules {
    let tieBreak: TieBreak
    let trailingItemSpacing: TrailingItemSpacing
    let unmeasuredItems: UnmeasuredItems
    let remeasure: Remeasure
    /// Format v3's `flowTolerance`, where the spans kernel places shortest-column items by it
    /// (`OptimizedLayoutEngine.shape`); nil where it is not given.
    let flowTolerance: Double?

    init(_ description: LayoutDescription) {
        tieBreak = description.tieBreak
        trailingItemSpacing = description.trailingItemSpacing
        unmeasuredItems = description.unmeasuredItems
        remeasure = description.remeasure
        flowTolerance = description.flowTolerance
    }

    init(tieBreak: TieBreak, trailingItemSpacing: TrailingItemSpacing = .include, unmeasuredItems: UnmeasuredItems = .estimated,
         remeasure: Remeasure = .reflow, flowTolerance: Double? = nil) {
        self.tieBreak = tieBreak
        self.trailingItemSpacing = trailingItemSpacing
        self.unmeasuredItems = unmeasuredItems
        self.remeasure = remeasure
        self.flowTolerance = flowTolerance
    }
}

/// One section's kernel run with sorted heights: the state from the checkpoint, the loop, the
/// end heights.
private struct SingleLayout: SortedHeightsVisitor {
    let range: Range<Int>
    let lane: ShortestColumnKernel.Lane
    let highestIndexWins: Bool

    @inline(__always)  // into `FreshRunLayout`'s loop too: called there, 54 instructions a section more
    func visit<Heights: SortedHeights>(_: Heights.Type) {
        let section = lane.section
        let block = range.lowerBound >> section.shape.intervalShift
        var state = SortedColumns<Heights>(columnHeights: UnsafeBufferPointer(section.checkpointHeights(block)),
                                           highestIndexWins: highestIndexWins)
        ShortestColumnKernel.place(&state, range: range, lane: lane, highestIndexWins: highestIndexWins)
        state.store(columnHeights: section.endHeights.baseAddress!)
    }
}

/// A run of fresh sections of one shape laid out by the sorted-heights kernel
/// (`SectionLayout.layOutFresh(_:_:of:shape:rules:)`): per section its columns' last items
/// cleared, its kernel run (`SingleLayout`, already of the run's column count) and its totals.
private struct FreshRunLayout: SortedHeightsVisitor {
    let layouts: UnsafeMutableBufferPointer<SectionLayout>
    let run: Range<Int>
    let sections: UnsafePointer<SectionDescription>
    let columnCount: Int
    let rules: SectionRules

    func visit<Heights: SortedHeights>(_: Heights.Type) {
        let highestIndexWins = rules.tieBreak == .highestIndex
        withScratchBuffer(of: UInt32.self, count: columnCount) { lastItems in
            for index in run {
                let section = sections + index
                let count = SectionDescription.laidOutItemCount(of: section, rules.unmeasuredItems)
                layouts[index].storage.withHandle { handle in
                    // Just reset: its storage unshared, with room for every item (`reset`'s capacity).
                    #if MASONRY_INTERNAL_CHECKS
                    precondition(handle.header.pointee.layout.itemCapacity >= count && handle.header.pointee.itemCount == 0,
                                 "a fresh run's section that was not just reset")
                    #endif
                    section.pointee.itemHeights.withUnsafeBufferPointer { heights in
                        lastItems.update(repeating: SectionHandle.noItem)
                        let lane = ShortestColumnKernel.Lane(heights: heights.baseAddress!, itemCount: count,
                                                             itemSpacing: section.pointee.itemSpacing, lastItems: lastItems.baseAddress!,
                                                             section: handle)
                        SingleLayout(range: 0..<count, lane: lane, highestIndexWins: highestIndexWins).visit(Heights.self)
                    }
                    SectionLayout.finish(handle, itemCount: count, section: section, rules: rules)
                }
            }
        }
    }
}
