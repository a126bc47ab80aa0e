// The floor a keepColumns re-measure is measured against: the column-height chain over a suffix, nothing else.
/// The floor a `remeasure: keepColumns` re-measure is measured against: items re-stacked in the
/// columns they keep, each at `y = ` its column's height, which becomes `y + (height +
/// itemSpacing)` (`LayoutArithmetic.grow`, the engine's one grow), and nothing else: no spans,
/// checkpoints, last items or covered columns. Each item's new y depends on every earlier
/// item of its column, and floating-point addition does not associate, so an exact re-stack
/// has no shortcut: this chain is the machine's limit for it.
///
/// Two floors: `chain` reads each item's column (`UInt16`) and height and grows the column
/// heights only; `restack` also writes each item's extent as the engine stores it
/// (`ItemExtent`, 16 bytes: y and height), the least a re-stack must write. O(items) each.
package enum RestackFloor {
    /// Grows `columnHeights` (by column) over items `items`: the column-height chain alone.
    package static func chain(_ items: Range<Int>, columns: UnsafePointer<UInt16>, heights: UnsafePointer<Double>, itemSpacing: Double,
                              columnHeights: UnsafeMutablePointer<Double>) {
        run(items, columns: columns, heights: heights, itemSpacing: itemSpacing, columnHeights: columnHeights, extents: NoExtents())
    }

    /// `chain` that also writes item i's extent (its y and height) to `extents[i]`, which holds
    /// at least `items.upperBound` extents of `extentStride` bytes.
    package static func restack(_ items: Range<Int>, columns: UnsafePointer<UInt16>, heights: UnsafePointer<Double>, itemSpacing: Double,
                                columnHeights: UnsafeMutablePointer<Double>, extents: UnsafeMutableRawPointer) {
        run(items, columns: columns, heights: heights, itemSpacing: itemSpacing, columnHeights: columnHeights,
            extents: ExtentStream(extents.assumingMemoryBound(to: ItemExtent.self)))
    }

    /// The bytes of one extent as the engine stores it.
    package static var extentStride: Int { MemoryLayout<ItemExtent>.stride }

    /// Item `item`'s y in extents `restack` wrote.
    package static func y(ofItem item: Int, in extents: UnsafeRawPointer) -> Double {
        extents.assumingMemoryBound(to: ItemExtent.self)[item].y
    }

    /// The one loop of both floors, specialized for each `Sink` (no branch per item).
    @inline(__always)
    private static func run<Sink: ExtentSink>(_ items: Range<Int>, columns: UnsafePointer<UInt16>, heights: UnsafePointer<Double>,
                                              itemSpacing: Double, columnHeights: UnsafeMutablePointer<Double>, extents: Sink) {
        for item in items {
            let column = Int(columns[item])
            let y = columnHeights[column]
            let height = heights[item]
            extents.write(item, y: y, height: height)
            columnHeights[column] = LayoutArithmetic.grow(y, by: LayoutArithmetic.advance(itemHeight: height, itemSpacing: itemSpacing))
        }
    }
}

/// Where a floor's loop puts each item's extent: nowhere, or the engine's extent stream.
private protocol ExtentSink {
    func write(_ item: Int, y: Double, height: Double)
}

/// The chain alone: no extent written.
private struct NoExtents: ExtentSink {
    @inline(__always)
    func write(_ item: Int, y: Double, height: Double) {}
}

/// Each extent written in one sequential stream, as the kernels write it.
private struct ExtentStream: ExtentSink {
    let extents: UnsafeMutablePointer<ItemExtent>

    init(_ extents: UnsafeMutablePointer<ItemExtent>) {
        self.extents = extents
    }

    @inline(__always)
    func write(_ item: Int, y: Double, height: Double) {
        extents[item] = ItemExtent(y: y, height: height)
    }
}
