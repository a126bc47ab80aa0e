/// TEMPORARY (format v2, phase 1): the reference engine standing in for the optimized engine's
/// kernels on the format v2 features those kernels do not implement yet.
///
/// `OptimizedLayoutEngine` lays a description out with its own kernels unless `isNeeded(for:)`:
/// it uses item spans, the horizontal axis, or `trailingItemSpacing: "exclude"`.
/// Such a description is laid out, updated and queried by a `ReferenceLayoutEngine` held here,
/// with the reference's costs (O(elements) per query, a full layout per update). Everything else
/// of format v2 runs on the kernels: right to left, `floor` rounding and `displayScale` (through
/// `SectionGeometry`), adaptive column counts (resolved by the description; a `setWidth` that
/// changes a count lays the layout out again), open-edge and pinned-header queries. Phase 2 gives
/// the kernels spans, transposition and trailing-spacing exclusion, and removes this type.
@usableFromInline
final class FormatV2Fallback: Sendable {
    @usableFromInline let engine: ReferenceLayoutEngine

    init(_ description: LayoutDescription) {
        engine = ReferenceLayoutEngine(description)
    }

    /// Whether `description` uses a format v2 feature that the optimized kernels do not implement
    /// yet: item spans, the horizontal axis, or trailing spacing excluded. O(sections).
    static func isNeeded(for description: LayoutDescription) -> Bool {
        description.axis == .horizontal || description.trailingItemSpacing == .exclude
            || description.sections.contains { $0.itemSpans != nil }
    }
}
