/// TEMPORARY (format v2, phase 1): the reference engine standing in for the optimized engine's
/// kernels on the format v2 features those kernels do not implement yet.
///
/// `OptimizedLayoutEngine` lays a description out with its own kernels unless it uses one of
/// `unsupportedFeatures`: item spans, the horizontal axis, or `trailingItemSpacing: "exclude"`.
/// Such a description is laid out, updated and queried by a `ReferenceLayoutEngine` held here,
/// with the reference's costs (O(elements) per query, a full layout per update). Everything else
/// of format v2 runs on the kernels: right to left, `floor` rounding and `displayScale` (through
/// `SectionGeometry`), adaptive column counts (resolved by the description; a `setWidth` that
/// changes a count lays the layout out again), open-edge and pinned-header queries. Phase 2 gives
/// the kernels spans, transposition and trailing-spacing exclusion, and removes this type.
final class FormatV2Fallback: Sendable {
    let engine: ReferenceLayoutEngine

    init(_ description: LayoutDescription) {
        engine = ReferenceLayoutEngine(description)
    }

    /// The format v2 features of `description` that the optimized kernels do not implement yet
    /// (empty: the kernels lay it out). O(sections).
    static func unsupportedFeatures(of description: LayoutDescription) -> [String] {
        var features: [String] = []
        if description.axis == .horizontal { features.append("axis \"horizontal\"") }
        if description.trailingItemSpacing == .exclude { features.append("trailingItemSpacing \"exclude\"") }
        if description.sections.contains(where: { $0.itemSpans != nil }) { features.append("itemSpans") }
        return features
    }
}
