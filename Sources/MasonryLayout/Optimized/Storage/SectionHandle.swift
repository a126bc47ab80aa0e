// The optimized engine's one window onto a section's raw memory, its typed pointers range-checked.
/// The optimized engine's one window onto a section's raw memory: every typed pointer into a
/// `SectionStorage` comes from here, with its range checked in debug builds (the pattern of
/// swift-collections' `Heap._UnsafeHandle`). Valid only inside `SectionStorage.withHandle`.
///
/// The buffers are `UnsafeMutableBufferPointer`s, whose subscripts check their bounds in debug
/// builds too; the kernels take raw pointers to ranges that `items(_:)` checks once per run.
@usableFromInline
struct SectionHandle {
    @usableFromInline let header: UnsafeMutablePointer<SectionHeader>
    @usableFromInline let base: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    init(header: UnsafeMutablePointer<SectionHeader>) {
        self.header = header
        base = UnsafeMutableRawPointer(header.pointee.words)
    }

    /// Binds each buffer of `layout` for `shape` to its element type (once, when a layout is
    /// carved out of an allocation or a slab), so that the typed accesses below are well defined.
    static func bindBuffers(_ words: UnsafeMutablePointer<UInt64>, _ layout: SectionBufferLayout, shape: SectionShape) {
        let base = UnsafeMutableRawPointer(words)
        // The checkpoint region: Doubles (smallest heights, end heights, column heights), then UInt32s.
        (base + 8 * layout.checkpointY).bindMemory(to: Double.self, capacity: layout.lastItems - layout.checkpointY)
        let uint32Words = SectionBufferLayout.lastItemWords(shape, checkpoints: layout.checkpointCapacity)
            + SectionBufferLayout.positionWords(shape, checkpoints: layout.checkpointCapacity)
        (base + 8 * layout.lastItems).bindMemory(to: UInt32.self, capacity: 2 * uint32Words)
        if shape.kernel.storesExtents {
            (base + 8 * layout.extents).bindMemory(to: ItemExtent.self, capacity: layout.itemCapacity)
        } else {
            (base + 8 * layout.extents).bindMemory(to: Double.self, capacity: layout.itemCapacity)
        }
        if shape.kernel.hasSpans {
            (base + 8 * layout.columns).bindMemory(to: CoveredColumns.self, capacity: 2 * (layout.columnTable - layout.columns))
        } else {
            (base + 8 * layout.columns).bindMemory(to: UInt16.self, capacity: 4 * (layout.columnTable - layout.columns))
        }
        (base + 8 * layout.columnTable).bindMemory(to: Double.self, capacity: layout.columnRegionEnd - layout.columnTable)
    }

    @inlinable @inline(__always) var layout: SectionBufferLayout { header.pointee.layout }
    @inlinable @inline(__always) var shape: SectionShape { header.pointee.shape }
    @inlinable @inline(__always) var itemCount: Int { header.pointee.itemCount }

    @inlinable @inline(__always)
    func buffer<Element>(at word: Int, count: Int, of _: Element.Type) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: (base + 8 * word).assumingMemoryBound(to: Element.self), count: count)
    }

    // MARK: Items

    /// Each item's local y and height (capacity, not count): shortest column and spans.
    @inlinable @inline(__always)
    var extents: UnsafeMutableBufferPointer<ItemExtent> {
        buffer(at: layout.extents, count: shape.kernel.storesExtents ? layout.itemCapacity : 0, of: ItemExtent.self)
    }

    /// Each item's local y (capacity, not count), round robin without spans only.
    @inlinable @inline(__always)
    var localY: UnsafeMutableBufferPointer<Double> {
        buffer(at: layout.extents, count: shape.kernel.storesExtents ? 0 : layout.itemCapacity, of: Double.self)
    }

    /// Item `item`'s local y.
    @inlinable @inline(__always)
    func y(ofItem item: Int) -> Double {
        switch shape.kernel {
        case .shortestColumn, .weightedShortestColumn, .spans: extents[item].y
        case .roundRobin: localY[item]
        }
    }

    /// Each item's column, shortest-column kernels only (empty otherwise).
    @inlinable @inline(__always)
    var columns: UnsafeMutableBufferPointer<UInt16> {
        buffer(at: layout.columns, count: shape.kernel.storesColumnPerItem ? layout.itemCapacity : 0, of: UInt16.self)
    }

    /// Each item's covered columns, spans kernel only (empty otherwise).
    @inlinable @inline(__always)
    var coveredColumns: UnsafeMutableBufferPointer<CoveredColumns> {
        buffer(at: layout.columns, count: shape.kernel.hasSpans ? layout.itemCapacity : 0, of: CoveredColumns.self)
    }

    /// Where the shortest-column kernel writes items `range`: their extents and columns.
    @inline(__always)
    func items(_ range: Range<Int>) -> (extents: UnsafeMutablePointer<ItemExtent>, columns: UnsafeMutablePointer<UInt16>) {
        assert(range.lowerBound >= 0 && range.upperBound <= columns.count, "items \(range) outside the buffers")
        return (extents.baseAddress! + range.lowerBound, columns.baseAddress! + range.lowerBound)
    }

    /// Where the spans kernel writes items `range`: their extents and covered columns.
    @inline(__always)
    func spannedItems(_ range: Range<Int>) -> (extents: UnsafeMutablePointer<ItemExtent>, covered: UnsafeMutablePointer<CoveredColumns>) {
        assert(range.lowerBound >= 0 && range.upperBound <= coveredColumns.count, "items \(range) outside the buffers")
        return (extents.baseAddress! + range.lowerBound, coveredColumns.baseAddress! + range.lowerBound)
    }

    /// Where the round-robin kernel writes items `range`: their local y.
    @inline(__always)
    func localY(_ range: Range<Int>) -> UnsafeMutablePointer<Double> {
        assert(range.lowerBound >= 0 && range.upperBound <= localY.count, "items \(range) outside the buffers")
        return localY.baseAddress! + range.lowerBound
    }

    /// Item `item`'s column (its first covered column in a section with spans).
    @inlinable @inline(__always)
    func column(ofItem item: Int) -> Int {
        assert(item >= 0 && item < itemCount, "item \(item) not laid out")
        let header = header.pointee
        switch header.shape.kernel {
        case .shortestColumn, .weightedShortestColumn: return Int(columns[item])
        case .roundRobin: return (header.startPosition + item) % header.shape.columnCount
        case .spans: return Int(coveredColumns[item].first)
        }
    }

    /// The columns item `item` covers.
    @inline(__always)
    func covered(byItem item: Int) -> Range<Int> {
        switch shape.kernel {
        case .shortestColumn, .weightedShortestColumn, .roundRobin:
            let column = column(ofItem: item)
            return column..<(column + 1)
        case .spans:
            let covered = coveredColumns[item]
            return Int(covered.first)..<(Int(covered.first) + Int(covered.count))
        }
    }

    // MARK: Columns

    /// Weighted columns (format v3): each column's x and width, in pairs (`ColumnFrames`);
    /// empty for equal columns, whose geometry says both.
    @inlinable @inline(__always)
    var columnTable: UnsafeMutableBufferPointer<Double> {
        buffer(at: layout.columnTable, count: shape.hasWeightedColumns ? 2 * shape.columnCount : 0, of: Double.self)
    }

    /// Each column's x and width: the header's geometry, with the table for weighted columns.
    @inlinable @inline(__always)
    var columnFrames: ColumnFrames {
        ColumnFrames(geometry: header.pointee.geometry, table: shape.hasWeightedColumns ? UnsafePointer(columnTable.baseAddress) : nil,
                     count: shape.columnCount)
    }

    /// Gives the section `geometry` and, with weighted columns, the table `writeColumns` writes.
    /// O(columns).
    func setColumns(_ geometry: SectionGeometry, _ writeColumns: (UnsafeMutableBufferPointer<Double>) -> Void) {
        assert(geometry.isWeighted == shape.hasWeightedColumns, "columns of another shape")
        header.pointee.geometry = geometry
        if shape.hasWeightedColumns { writeColumns(columnTable) }
    }

    // MARK: Checkpoints

    /// Per checkpoint, the smallest column height (shortest column: the y of its item).
    @inline(__always)
    var checkpointY: UnsafeMutableBufferPointer<Double> { buffer(at: layout.checkpointY, count: layout.checkpointCapacity, of: Double.self) }

    /// The column heights before item `checkpoint`·K (checkpoint 0: the section's start heights).
    @inline(__always)
    func checkpointHeights(_ checkpoint: Int) -> UnsafeMutableBufferPointer<Double> {
        assert(checkpoint >= 0 && checkpoint < layout.checkpointCapacity, "checkpoint \(checkpoint) outside the buffers")
        let columns = shape.columnCount
        return buffer(at: layout.checkpointHeights + checkpoint * columns, count: columns, of: Double.self)
    }

    /// Each column's last item before item `checkpoint`·K, `noItem` for none (shortest column
    /// and spans).
    @inline(__always)
    func lastItems(_ checkpoint: Int) -> UnsafeMutableBufferPointer<UInt32> {
        assert(shape.kernel.tracksLastItems, "round robin keeps no last items")
        assert(checkpoint >= 0 && checkpoint < layout.checkpointCapacity, "checkpoint \(checkpoint) outside the buffers")
        let columns = shape.columnCount
        return UnsafeMutableBufferPointer(
            start: (base + 8 * layout.lastItems).assumingMemoryBound(to: UInt32.self) + checkpoint * columns, count: columns)
    }

    /// Per checkpoint the round-robin position before its item (spans only: without spans it
    /// follows from the index).
    @inline(__always)
    var checkpointPositions: UnsafeMutableBufferPointer<UInt32> {
        assert(shape.kernel.hasSpans, "only sections with spans keep positions")
        return UnsafeMutableBufferPointer(start: (base + 8 * layout.positions).assumingMemoryBound(to: UInt32.self),
                                          count: layout.checkpointCapacity)
    }

    /// The column heights after the last item.
    @inline(__always)
    var endHeights: UnsafeMutableBufferPointer<Double> { buffer(at: layout.endHeights, count: shape.columnCount, of: Double.self) }

    static let noItem = UInt32.max

    /// Copies items `0..<items` and checkpoints `0..<checkpoints` of `source` (same shape) here.
    func copy(from source: SectionHandle, items: Int, checkpoints: Int) {
        assert(source.shape == shape && items <= layout.itemCapacity && checkpoints <= layout.checkpointCapacity)
        switch shape.kernel {
        case .roundRobin:
            localY.baseAddress!.update(from: source.localY.baseAddress!, count: items)
        case .shortestColumn, .weightedShortestColumn:
            extents.baseAddress!.update(from: source.extents.baseAddress!, count: items)
            columns.baseAddress!.update(from: source.columns.baseAddress!, count: items)
        case .spans:
            extents.baseAddress!.update(from: source.extents.baseAddress!, count: items)
            coveredColumns.baseAddress!.update(from: source.coveredColumns.baseAddress!, count: items)
            checkpointPositions.baseAddress!.update(from: source.checkpointPositions.baseAddress!, count: checkpoints)
        }
        if shape.kernel.tracksLastItems {
            lastItems(0).baseAddress!.update(from: source.lastItems(0).baseAddress!, count: checkpoints * shape.columnCount)
        }
        checkpointY.baseAddress!.update(from: source.checkpointY.baseAddress!, count: checkpoints)
        checkpointHeights(0).baseAddress!.update(from: source.checkpointHeights(0).baseAddress!, count: checkpoints * shape.columnCount)
        endHeights.baseAddress!.update(from: source.endHeights.baseAddress!, count: shape.columnCount)
        if shape.hasWeightedColumns { columnTable.baseAddress!.update(from: source.columnTable.baseAddress!, count: columnTable.count) }
    }
}
