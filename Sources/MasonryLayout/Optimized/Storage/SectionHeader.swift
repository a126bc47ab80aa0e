// SectionHeader: a section's sizes, geometry and totals, at the head of its storage.
/// A section's size, geometry and layout results: the header of its `SectionStorage`.
@usableFromInline
struct SectionHeader: Sendable {
    @usableFromInline var shape: SectionShape
    @usableFromInline var layout: SectionBufferLayout
    /// 8-byte words the allocation holds (at least `layout.wordCount`), so a reset can reuse it.
    var allocatedWords = 0
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
