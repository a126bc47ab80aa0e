// SectionKernel: the kernel that lays a section out, which decides its buffers.
/// Which kernel lays a section out, and so which buffers its storage has.
@usableFromInline
enum SectionKernel: Equatable, Sendable {
    /// Shortest column, every item one column wide: per item its y, height and column.
    case shortestColumn
    /// `shortestColumn` with columns of unequal widths (format v3's `columnWeights`): its
    /// placement, loop and buffers, and each column's x and width in a table
    /// (`SectionHandle.columnTable`), which only its frames read. A case of its own, so that the
    /// one switch a lookup or a query already makes on the kernel picks its frames, and equal
    /// columns keep format v2's arithmetic with no branch on weights.
    case weightedShortestColumn
    /// Round robin, every item one column wide: per item its y (its column follows from its
    /// index, its height stays in the description).
    case roundRobin
    /// Some item covers several columns (`itemSpans`), either placement: per item its y, height
    /// and covered columns; per checkpoint also each column's last item and the round-robin
    /// position. Only sections with such an item pay for it: the two kernels above, and their
    /// speed, are those of span-free sections.
    case spans(Placement)

    /// The kernel of a section placed by `placement` whose items all cover one column, or not;
    /// `weighted`, a shortest-column section's columns of unequal widths (round robin's weighted
    /// sections take the spans kernel: `OptimizedLayoutEngine.shape`).
    init(placement: Placement, spans: Bool, weighted: Bool = false) {
        assert(!weighted || spans || placement == .shortestColumn, "weighted round robin takes the spans kernel")
        self = spans ? .spans(placement) : placement == .roundRobin ? .roundRobin : weighted ? .weightedShortestColumn : .shortestColumn
    }

    /// Whether the kernel stores each item's `ItemExtent` (all but round robin, which keeps a
    /// local y and reads heights from the description). A switch, not `!= .roundRobin`: lookups
    /// inline this into an app's code, where the derived `==` of an enum with a payload is an
    /// out-of-line call (measured: a lookup's 29 instructions became 58).
    @inlinable var storesExtents: Bool {
        switch self {
        case .shortestColumn, .weightedShortestColumn, .spans: true
        case .roundRobin: false
        }
    }

    /// Whether the kernel stores a column per item (the sorted-heights kernels, equal columns or
    /// weighted); a switch, as `storesExtents` is.
    @inlinable var storesColumnPerItem: Bool {
        switch self {
        case .shortestColumn, .weightedShortestColumn: true
        case .roundRobin, .spans: false
        }
    }

    /// Whether checkpoints keep each column's last item (the kernels that store a column per item).
    var tracksLastItems: Bool { self != .roundRobin }

    /// Whether this is the kernel of sections with spans.
    @inlinable var hasSpans: Bool {
        if case .spans = self { true } else { false }
    }

    /// The kernel as a number (the spans kernel's by its placement), for `SectionShape`'s `==`.
    @inline(__always)
    var number: Int {
        switch self {
        case .shortestColumn: 0
        case .weightedShortestColumn: 1
        case .roundRobin: 2
        case .spans(.shortestColumn): 3
        case .spans(.roundRobin): 4
        }
    }

    /// The placement rule the kernel follows.
    var placement: Placement {
        switch self {
        case .shortestColumn, .weightedShortestColumn: .shortestColumn
        case .roundRobin: .roundRobin
        case .spans(let placement): placement
        }
    }
}
