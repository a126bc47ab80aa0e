/// The round-robin placement loop of the optimized engine.
///
/// Item `i` goes to column `(start + i) % n`, so each column's local y values are a running
/// (prefix) sum of its items' advances. Once the position is back at column 0, a row of `n`
/// items is one vector operation: the row's y values are the column heights, and the heights
/// grow by the row's advances, lane by lane; one 8-lane loop serves every column count up to 8.
enum RoundRobinKernel {
    /// Places items `range` of a section whose heights start at `heights` (item 0), from the
    /// column heights in `state` and round-robin `position` (before `range.lowerBound`, whose
    /// checkpoint exists), into `section`'s buffers, writing a checkpoint at every multiple of
    /// the interval. Leaves the heights after the last item in `state`.
    static func place(
        heights: UnsafePointer<Double>, range: Range<Int>, itemSpacing: Double,
        state: UnsafeMutableBufferPointer<Double>, position: inout Int, into section: SectionHandle
    ) {
        let shape = section.shape
        let extents = section.items(0..<range.upperBound).extents
        var item = range.lowerBound
        while item < range.upperBound {
            if item > range.lowerBound {  // item is a multiple of the interval
                let checkpoint = item >> shape.intervalShift
                section.checkpointHeights(checkpoint).baseAddress!.update(from: state.baseAddress!, count: state.count)
                section.checkpointY[checkpoint] = state.min()!
            }
            let blockEnd = min(range.upperBound, (item >> shape.intervalShift + 1) << shape.intervalShift)
            placeRun(heights + item, count: blockEnd - item, itemSpacing: itemSpacing, state: state,
                     position: &position, output: ExtentOutput(extents: extents + item))
            item = blockEnd
        }
    }

    /// Places `count` items starting at round-robin `position`, writing each item into
    /// `output`; updates `state` (column heights) and `position`.
    @inline(__always)
    static func placeRun<Output: RoundRobinOutput>(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
        state: UnsafeMutableBufferPointer<Double>, position: inout Int, output: Output
    ) {
        let columns = state.count
        var index = 0
        // Scalar until the position wraps to column 0 and while fewer than 8 items remain.
        func placeOne() {
            let height = heights[index]
            output.write(y: state[position], height: height, at: index)
            state[position] = LayoutArithmetic.grow(state[position], by: LayoutArithmetic.advance(itemHeight: height, itemSpacing: itemSpacing))
            position = position + 1 == columns ? 0 : position + 1
            index += 1
        }
        while index < count, position != 0 {
            placeOne()
        }
        if columns <= 8 {
            var lanes = SIMD8<Double>(repeating: 0)
            for column in 0..<columns { lanes[column] = state[column] }
            let spacing = SIMD8<Double>(repeating: itemSpacing)
            // Rows of `columns` items, each read (and written) as 8 lanes: keep 8 items in range.
            while count - index >= 8 {
                let rowHeights = UnsafeRawPointer(heights + index).loadUnaligned(as: SIMD8<Double>.self)
                output.write(row: lanes, heights: rowHeights, columns: columns, at: index)
                lanes = lanes + (rowHeights + spacing)  // grow(by: advance), lane-wise
                index += columns
            }
            for column in 0..<columns { state[column] = lanes[column] }
        }
        while index < count {
            placeOne()
        }
    }
}

/// Where the round-robin loop writes: the engine's item extents, or the floor's y values.
protocol RoundRobinOutput {
    func write(y: Double, height: Double, at index: Int)
    /// A row of `columns` items from `index` (at least 8 items of room).
    func write(row: SIMD8<Double>, heights: SIMD8<Double>, columns: Int, at index: Int)
}

/// Each item's `ItemExtent`.
struct ExtentOutput: RoundRobinOutput {
    let extents: UnsafeMutablePointer<ItemExtent>

    @inline(__always)
    func write(y: Double, height: Double, at index: Int) {
        extents[index] = ItemExtent(y: y, height: height)
    }

    @inline(__always)
    func write(row: SIMD8<Double>, heights: SIMD8<Double>, columns: Int, at index: Int) {
        for column in 0..<columns { extents[index + column] = ItemExtent(y: row[column], height: heights[column]) }
    }
}

/// Each item's y only. Lanes past `columns` carry junk that the next row's store overwrites.
struct LocalYOutput: RoundRobinOutput {
    let localY: UnsafeMutablePointer<Double>

    @inline(__always)
    func write(y: Double, height: Double, at index: Int) {
        localY[index] = y
    }

    @inline(__always)
    func write(row: SIMD8<Double>, heights: SIMD8<Double>, columns: Int, at index: Int) {
        UnsafeMutableRawPointer(localY + index).storeBytes(of: row, as: SIMD8<Double>.self)
    }
}
