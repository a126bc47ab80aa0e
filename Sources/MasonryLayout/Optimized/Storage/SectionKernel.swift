// SectionKernel: the kernel that lays a section out, which decides its buffers.
/// Which kernel lays a section out, and so which buffers its storage has.
@usableFromInline
enum SectionKernel: Equatable, Sendable {
    /// Shortest column, every item one column wide: per item its y, height and column.
    case shortestColumn
    /// Round robin, every item one column wide: per item its y (its column follows from its
    /// index, its height stays in the description).
    case roundRobin
    /// Some item covers several columns (`itemSpans`), either placement: per item its y, height
    /// and covered columns; per checkpoint also each column's last item and the round-robin
    /// position. Only sections with such an item pay for it: the two kernels above, and their
    /// speed, are those of span-free sections.
    case spans(Placement)

    /// The kernel of a section placed by `placement` whose items all cover one column, or not.
    init(placement: Placement, spans: Bool) {
        self = spans ? .spans(placement) : placement == .shortestColumn ? .shortestColumn : .roundRobin
    }

    /// Whether checkpoints keep each column's last item (the kernels that store a column per item).
    var tracksLastItems: Bool { self != .roundRobin }

    /// Whether this is the kernel of sections with spans.
    @inlinable var hasSpans: Bool {
        if case .spans = self { true } else { false }
    }

    /// The placement rule the kernel follows.
    var placement: Placement {
        switch self {
        case .shortestColumn: .shortestColumn
        case .roundRobin: .roundRobin
        case .spans(let placement): placement
        }
    }
}
