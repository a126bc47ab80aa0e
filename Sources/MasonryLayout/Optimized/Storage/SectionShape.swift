// What a section's buffers are laid out for: its kernel, column count and checkpoint interval.
/// What a section's buffers are laid out for: its kernel, its column count and its
/// checkpoint interval. Two sections with the same shape can share buffer layouts.
@usableFromInline
struct SectionShape: Equatable, Sendable {
    @usableFromInline var kernel: SectionKernel
    @usableFromInline var columnCount: Int
    /// log2 of the checkpoint interval K: at least 64 items, and 16 per column, so checkpoints
    /// (a height and a last item per column, 12 bytes) stay under one byte per item.
    @usableFromInline var intervalShift: Int
    /// Whether the section's columns are weighted (format v3's `columnWeights`; the spans and
    /// weighted shortest-column kernels only): its buffers then hold each column's x and width
    /// (`SectionHandle.columnTable`).
    @usableFromInline var hasWeightedColumns: Bool

    init(kernel: SectionKernel, columnCount: Int, hasWeightedColumns: Bool = false) {
        assert(hasWeightedColumns == (kernel == .weightedShortestColumn) || kernel.hasSpans,
               "weighted columns take the spans kernel or the weighted shortest-column one")
        self.kernel = kernel
        self.columnCount = columnCount
        self.hasWeightedColumns = hasWeightedColumns
        intervalShift = max(64, 16 * columnCount).roundedUpToPowerOfTwo.trailingZeroBitCount
    }

    /// The shape of a section placed by `placement` whose items all cover one column.
    init(placement: Placement, columnCount: Int) {
        self.init(kernel: SectionKernel(placement: placement, spans: false), columnCount: columnCount)
    }

    @inlinable var interval: Int { 1 << intervalShift }

    /// Field by field, the kernel by its number: the derived `==` was an out-of-line call (an enum
    /// with a payload inside), about 37 instructions, made three times in each section's set-up.
    @usableFromInline @inline(__always)
    static func == (lhs: SectionShape, rhs: SectionShape) -> Bool {
        lhs.columnCount == rhs.columnCount && lhs.kernel.number == rhs.kernel.number && lhs.hasWeightedColumns == rhs.hasWeightedColumns
    }

    /// Checkpoints a section of `items` items has: checkpoint 0 always, checkpoint b > 0 where
    /// item b·K exists.
    @inline(__always)
    func checkpointCount(items: Int) -> Int {
        items == 0 ? 1 : (items - 1) >> intervalShift + 1
    }
}
