// RoundRobinKernel: the vectorized round-robin placement loop.
/// The round-robin placement loop of the optimized engine.
///
/// Item `i` goes to column `(start + i) % n`, so each column's local y values are a running
/// (prefix) sum of its items' advances. Once the position is back at column 0, a row of `n`
/// items is one vector operation: the row's y values are the column heights, and the heights
/// grow by the row's advances, lane by lane. Lanes past `n` carry junk that the next row's
/// store overwrites, which lets one 8-lane loop serve every column count up to 8.
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
        let localY = section.localY(0..<range.upperBound)
        var item = range.lowerBound
        while item < range.upperBound {
            if item > range.lowerBound {  // item is a multiple of the interval
                let checkpoint = item >> shape.intervalShift
                section.checkpointHeights(checkpoint).baseAddress!.update(from: state.baseAddress!, count: state.count)
                section.checkpointY[checkpoint] = state.min()!
            }
            let blockEnd = min(range.upperBound, (item >> shape.intervalShift + 1) << shape.intervalShift)
            placeRun(heights + item, count: blockEnd - item, itemSpacing: itemSpacing, state: state,
                     position: &position, localY: localY + item)
            item = blockEnd
        }
    }

    /// Places `count` items starting at round-robin `position`, writing each item's local y;
    /// updates `state` (column heights) and `position`.
    static func placeRun(
        _ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
        state: UnsafeMutableBufferPointer<Double>, position: inout Int,
        localY: UnsafeMutablePointer<Double>
    ) {
        let columns = state.count
        var index = 0
        // Scalar until the position wraps to column 0 and while fewer than 8 items remain.
        func placeOne() {
            let advance = LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing)
            localY[index] = state[position]
            state[position] = LayoutArithmetic.grow(state[position], by: advance)
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
            // Rows of `columns` items, each read and written as 8 lanes: keep 8 items in range.
            while count - index >= 8 {
                let rowHeights = UnsafeRawPointer(heights + index).loadUnaligned(as: SIMD8<Double>.self)
                UnsafeMutableRawPointer(localY + index).storeBytes(of: lanes, as: SIMD8<Double>.self)
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
