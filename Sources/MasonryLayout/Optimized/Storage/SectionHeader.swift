// SectionHeader: a section's sizes, geometry and totals, and where its buffers are, at the head of its storage.
/// A section's size, geometry and layout results, and where its buffers are: the header of its
/// `SectionStorage`.
@usableFromInline
struct SectionHeader {
    @usableFromInline var shape: SectionShape
    @usableFromInline var layout: SectionBufferLayout
    /// 8-byte words the storage's own allocation holds (at least `layout.wordCount` when its
    /// buffers are there, 0 when they are in a slab), so a reset can reuse it.
    var allocatedWords = 0
    /// Where `layout`'s offsets count from: the storage's own words or `slab`'s, set by
    /// `SectionStorage.make` (until then an aligned address never read).
    @usableFromInline var words = UnsafeMutablePointer<UInt64>(bitPattern: MemoryLayout<UInt64>.alignment)!
    /// The slab holding the buffers, retained by the storage this is the header of (released
    /// when it moves or in its `deinit`); nil when they are its own. Unmanaged, so that the
    /// header stays a trivial value: a strong reference made every copy of it a call (112
    /// instructions, with the retain and release, in each lay-out).
    var slab: Unmanaged<SectionSlab>?
    @usableFromInline var geometry: SectionGeometry
    /// Items laid out.
    @usableFromInline var itemCount = 0
    /// Checkpoints written (`shape.checkpointCount(items: itemCount)` after a lay-out).
    var checkpointCount = 1
    /// The round-robin position before item 0 (it continues from the previous section in
    /// `continueColumns` mode), and after the last item.
    @usableFromInline var startPosition: Int
    var endPosition: Int
    /// `max(column heights) + inset.bottom`, or with trailing spacing excluded the deepest
    /// item bottom (or column start) + inset.bottom: where the footer starts.
    var localBottom = 0.0
    /// `localBottom + footerHeight`.
    var height = 0.0
}
