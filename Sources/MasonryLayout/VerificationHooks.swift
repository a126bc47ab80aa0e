// Settings and facts of the optimized engine for the verifier's own use, not for apps.
/// Settings and facts of the optimized engine for the verifier's own use (`@_spi(Verification)
/// import MasonryLayout`), not for apps: the settings change how the engine gets to its frames,
/// never the frames; the facts (its checkpoint interval) tell the fuzzer where its edges are.
@_spi(Verification)
public enum VerificationHooks {
    /// The fewest items (over all sections, plus one per section) for which the optimized engine's
    /// `prepare` lays sections out on several threads: 16,384 unless lowered here.
    public static var minimumItemsForThreads: Int { ParallelBatches.minimumItemsForThreads }

    /// Runs `body` with the optimized engine's threading threshold at `items` for every engine
    /// prepared on this thread (or task) inside it, so that small layouts take the threaded path.
    public static func withMinimumItemsForThreads<Result>(_ items: Int, _ body: () throws -> Result) rethrows -> Result {
        try ParallelBatches.$minimumItemsForThreads.withValue(items, operation: body)
    }

    /// The optimized engine's checkpoint interval K for a section of `columns` columns (a
    /// checkpoint every K items: the state the kernels restart from): max(64, 16 × columns)
    /// rounded up to a power of two. The fuzzer aims item counts and update indices at its
    /// multiples from here, so that the rule is the engine's own, never restated. O(1).
    public static func checkpointInterval(columns: Int) -> Int {
        SectionShape(placement: .shortestColumn, columnCount: columns).interval
    }

    /// The column counts the sorted-heights kernel lays out (`SortedColumns`), for the fuzzer's
    /// slab sections. O(1).
    public static var sortedHeightsColumnCounts: ClosedRange<Int> { SectionLayout.sortedHeightsColumns }

    /// The most window cells, (columns - span + 1) × span, that the span kernel's search for
    /// an item's columns scans directly before it takes block maxima: the fuzzer aims spans at
    /// it. O(1).
    public static var directWindowSearchCells: Int { ShortestWindow.directSearchCells }

    /// The columns a rect query's 64-bit column mask holds: a section of exactly this many has
    /// a mask of all ones, and more test their other columns on their own. The fuzzer aims a
    /// corner at it. O(1).
    public static var fullColumnMaskWidth: Int { SectionQuery.maskedColumns }

    /// The most checkpoints a round-robin rect query counts to find each column's first
    /// candidate; a query whose rect brackets more of them finds it by a binary search. The
    /// fuzzer aims a corner past it. O(1).
    public static var countedCheckpointBracket: Int { SectionQuery.countedCheckpoints }

    /// The sections a fresh `prepare` of `description` on `threads` threads keeps in a shared
    /// slab (every section of a batch of several), under the current threading threshold
    /// (`withMinimumItemsForThreads`): the engine's own batch plan, so that the fuzzer counts
    /// the slabs it really makes. O(sections).
    public static func slabSections(in description: LayoutDescription, threads: Int) -> [Int] {
        OptimizedLayoutEngine.slabSections(in: description, threads: threads)
    }

    /// Which sections of `engine` keep their buffers in one shared allocation (`SectionSlab`):
    /// per section an identity that the sections of one slab share, nil for a section whose
    /// buffers are its own. Tests see from here that a fresh prepare of several sections puts
    /// them in one slab, that a repeated prepare keeps it, and that a section leaves it when it
    /// outgrows its place or its slab is a copy's too. O(sections).
    public static func slabs(of engine: OptimizedLayoutEngine) -> [ObjectIdentifier?] {
        engine.slabIdentities()
    }

    /// Section `section` of `description`'s adaptive fit: the room its columns share
    /// (`available`), the room each takes (`stride`), and how far the room falls short of one more
    /// column, masonry.js's `excess` (`LayoutArithmetic.adaptiveFit`, `columnCountExcess`): a
    /// `columnCountTolerance` above the excess rounds the count to nearest. The fuzzer draws
    /// minimum widths and tolerances around these from here, so that the rule is the engine's
    /// own; nil for a fixed count. O(1).
    public static func adaptiveFit(ofSection section: Int, in description: LayoutDescription)
        -> (available: Double, stride: Double, excess: Double)? {
        guard case .adaptive(let minColumnWidth, _) = description.sections[section].columnCount else { return nil }
        let sectionDescription = description.sections[section]
        let (available, stride) = LayoutArithmetic.adaptiveFit(width: description.width, inset: sectionDescription.inset,
                                                               columnSpacing: sectionDescription.columnSpacing, minColumnWidth: minColumnWidth)
        return (available, stride, LayoutArithmetic.columnCountExcess(available: available, stride: stride))
    }

    /// The weighted sections of `description` that the optimized engine lays out with its
    /// sorted-heights kernel (shortest column, columns of unequal widths, no item spanning several
    /// columns, neither `keepColumns` nor a flow tolerance: `SectionKernel.weightedShortestColumn`),
    /// by the engine's own rule, so that the fuzzer counts the cases that reach that kernel.
    /// O(sections), and O(items) for the spans of sections that give them.
    public static func weightedSortedHeightsSections(in description: LayoutDescription) -> [Int] {
        OptimizedLayoutEngine.sections(of: description, laidOutBy: .weightedShortestColumn)
    }

    /// Section `section` of `description`'s columns as the layout arithmetic places them
    /// (`ColumnFrames`, equal or weighted): each column's physical x and width, in column order. The fuzzer aims
    /// stamps at their edges from here. O(columns).
    public static func columnExtents(ofSection section: Int, in description: LayoutDescription) -> [(x: Double, width: Double)] {
        description.withColumnFrames(ofSection: section) { frames in
            (0..<frames.count).map { (frames.x(ofColumn: $0), frames.width(ofColumn: $0)) }
        }
    }

    /// Whether item `indexPath` of `reference` meets `rect` with open edges as its rect query
    /// tests it: the frame as laid out against the rect in layout coordinates (from the end, the
    /// rect mirrored), which the item's frame on screen against `rect` need not repeat when the
    /// mirror rounds; so that the checker reads the reference's scroll anchor off an answer it
    /// holds instead of querying again. O(1).
    public static func meetsWithOpenEdges(item indexPath: ItemIndexPath, rect: Rect, in reference: ReferenceLayoutEngine) -> Bool {
        reference.meetsWithOpenEdges(item: indexPath, rect: rect)
    }

    /// Section `section`'s deepest column end as `reference` laid it out: its longest column, or
    /// with `trailingItemSpacing: "exclude"` its deepest item bottom, what the section's local
    /// bottom adds the reserved rows and `inset.bottom` to. The deferred-rows invariant reads it
    /// off a reference layout of the measured items only. O(1).
    public static func deepestColumnEnd(ofSection section: Int, in reference: ReferenceLayoutEngine) -> Double {
        reference.deepestColumnEnd(ofSection: section)
    }

    /// Where section `section` of `description` ends when its deepest column ends at `deepest`
    /// (section-local), it holds `deferredItems` deferred items and starts at `top`: its footer's
    /// y (`sectionTop + localBottom`, the reserved rows in `LayoutArithmetic.localBottom`) and the
    /// next section's top (`sectionTop + (localBottom + footerHeight)`, the content's length after
    /// the last section), with the layout arithmetic's own operations in their order, so that the
    /// deferred-rows invariant compares bit for bit (`belowLongestColumn`). O(1).
    public static func sectionEnd(ofSection section: Int, in description: LayoutDescription, top: Double, deepest: Double,
                                  deferredItems: Int) -> (footerY: Double, nextTop: Double) {
        description.sections.borrowElement(section) { section in
            let localBottom = LayoutArithmetic.localBottom(
                deepest: deepest, reservingRowsFor: deferredItems, columns: section.columns,
                estimatedItemHeight: section.estimatedItemHeight ?? 0, insetBottom: section.inset.bottom)
            let height = LayoutArithmetic.sectionHeight(localBottom: localBottom, footerHeight: section.footerHeight)
            return (LayoutArithmetic.absoluteY(localBottom, sectionTop: top), LayoutArithmetic.nextSectionTop(after: top, sectionHeight: height))
        }
    }

    /// Whether this build of the engine replays every section it lays out against the layout
    /// arithmetic (`-DMASONRY_INTERNAL_CHECKS`, as `Scripts/test` and CI build it; never a
    /// client's build, Debug or Release), so that a test can insist on it.
    public static var runsInternalChecks: Bool {
        #if MASONRY_INTERNAL_CHECKS
        true
        #else
        false
        #endif
    }
}
