// SectionSlab: one allocation that a fresh prepare's sections share, each kind of region in one stream.
/// One allocation holding the buffers of a run of sections that a fresh `prepare` lays out
/// (`OptimizedLayoutEngine.layOutFresh`): all their checkpoint regions, then all their item
/// regions, then all their column regions, each in section order (`SlabCursor`), so that the
/// kernels' streams run on from one section to the next (`SectionBufferLayout`).
///
/// Each region belongs to the one `SectionStorage` whose header points at it, which keeps the
/// slab alive (`SectionHeader.slab`). A storage writes its region only when it is uniquely referenced, as it writes
/// words of its own, so sections sharing a slab never write each other's memory. A section
/// that outgrows its region (an append) or is copied moves to words of its own; its region then
/// stays unused until the slab's last section lets go of it.
@usableFromInline
final class SectionSlab: ManagedBuffer<Int, UInt64> {
    /// A slab of `words` 8-byte words (unbound: each section binds its region).
    static func make(words: Int) -> SectionSlab {
        unsafeDowncast(create(minimumCapacity: max(1, words)) { _ in words }, to: SectionSlab.self)
    }

    /// The words the regions' offsets count from.
    var words: UnsafeMutablePointer<UInt64> { withUnsafeMutablePointerToElements { $0 } }

    /// The words the slab was made for.
    var wordCount: Int { withUnsafeMutablePointerToHeader { $0.pointee } }
}

/// A section's place in a slab: the slab, its base (its checkpoint region's first word), its
/// buffers' layout from there, and whether the slab was made for this prepare (no section has
/// a region of it yet) or is the previous one's, reused.
struct SlabRegion {
    /// Unowned: the caller keeps the slab alive, and a header that takes the region retains it
    /// (a strong reference here made each copy a call, 52 instructions a section).
    let slab: Unmanaged<SectionSlab>
    let words: UnsafeMutablePointer<UInt64>
    let layout: SectionBufferLayout
    let slabIsNew: Bool
}

/// The region sizes and the layout (its regions all at word 0) of the last shape and capacity
/// asked for: a batch's sections mostly share both (a feed's sections: one shape, item counts
/// that differ by one at most), and computing them anew for each cost about 130 instructions a
/// section.
struct RegionMemo {
    private var shape = SectionShape(placement: .roundRobin, columnCount: 1)
    private var itemCapacity = -1
    private(set) var sizes = SectionBufferLayout.RegionSizes.zero
    private(set) var layout = SectionBufferLayout(shape: SectionShape(placement: .roundRobin, columnCount: 1), itemCapacity: 0)

    /// Makes `sizes` and `layout` those of `shape` with room for `itemCapacity` items.
    @inline(__always)
    mutating func load(_ shape: SectionShape, itemCapacity: Int) {
        guard itemCapacity != self.itemCapacity || shape != self.shape else { return }
        self.shape = shape
        self.itemCapacity = itemCapacity
        sizes = SectionBufferLayout.RegionSizes(shape: shape, itemCapacity: itemCapacity)
        layout = SectionBufferLayout(shape: shape, itemCapacity: itemCapacity, at: .zero)
    }
}

/// Places sections' regions in a slab whose regions total `sizes`, kind by kind, in the order
/// `place` is called: the checkpoint regions from word 0, the item regions after all of them,
/// the column regions after all of those.
struct SlabCursor {
    private var next: SectionBufferLayout.RegionSizes
    private var memo = RegionMemo()

    /// A cursor at the place of the first section in a slab of `sizes`.
    init(slab sizes: SectionBufferLayout.RegionSizes) {
        next = SectionBufferLayout.RegionSizes(checkpoints: 0, items: sizes.checkpoints, columns: sizes.checkpoints + sizes.items)
    }

    /// The region of the next section in `slab`, of `shape` with room for `itemCapacity`
    /// items; moves past it.
    @inline(__always)
    mutating func place(_ shape: SectionShape, itemCapacity: Int, in slab: SectionSlab, slabIsNew: Bool) -> SlabRegion {
        memo.load(shape, itemCapacity: itemCapacity)
        let layout = memo.layout.moved(items: next.items - next.checkpoints, columns: next.columns - next.checkpoints)
        // A region past the slab's end would be memory no section owns: a trap, never a write.
        precondition(next.checkpoints + layout.columnRegionEnd <= slab.wordCount, "a section's region past its slab's end")
        let region = SlabRegion(slab: Unmanaged.passUnretained(slab), words: slab.words + next.checkpoints, layout: layout,
                                slabIsNew: slabIsNew)
        next = next + memo.sizes
        return region
    }
}
