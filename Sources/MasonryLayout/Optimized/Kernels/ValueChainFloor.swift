// The floor the optimized engine's prepare is measured against: every item's local y, nothing else.
/// The floor the optimized engine's prepare is measured against: every item's local y from the
/// value chain alone, nothing else computed or stored.
///
/// Shortest column: the column heights kept sorted, and per item `y = s0`, `v = s0 + (height +
/// spacing)`, `s0' = min(v, s1)`, `sk' = min(max(v, sk), sk+1)`, `last' = max(v, last)`: one
/// addition and one minimum on the loop-carried chain, the rest of the merge beside it, in the
/// same `SortedHeights` registers the kernel uses (above 16 columns, a merge through memory).
/// Which column an item goes to, the tie rule, checkpoints and every other output of the
/// engine are left out: they are the engine's cost above this floor. Round robin: the
/// round-robin kernel alone over each section (its value chain is all it computes).
///
/// The y values equal the reference engine's, bit for bit (`ValueChainFloorTests`), which is
/// what makes this a floor of the same computation and not of an easier one. O(items ×
/// columns / 2) for shortest column.
package enum ValueChainFloor {
    /// A section's shortest-column chain: `count` items from `heights` with `itemSpacing`, from
    /// the ascending column heights `sorted` (left there, ascending), each item's y to `localY`.
    package typealias SortedChain = (_ heights: UnsafePointer<Double>, _ count: Int, _ itemSpacing: Double,
                                     _ sorted: UnsafeMutableBufferPointer<Double>, _ localY: UnsafeMutablePointer<Double>) -> Void

    /// Writes each item's section-local y, section after section, to `localY`
    /// (`description.itemCount` entries). `sortedChain`, when given, replaces this type's
    /// shortest-column chain (the benchmark harness passes its C build of the same chain, so
    /// that both run under the same section set-up); round robin always runs its kernel.
    package static func layOut(_ description: LayoutDescription, into localY: UnsafeMutableBufferPointer<Double>,
                               sortedChain: SortedChain? = nil) {
        precondition(localY.count >= description.itemCount, "localY too small")
        var output = localY.baseAddress!
        let maximumColumns = description.sections.lazy.map { $0.columns }.max() ?? 1
        // Column heights carried over in `continueColumns` mode: sorted for shortest column,
        // by column for round robin.
        withScratchBuffer(of: Double.self, count: maximumColumns + 2) { carried in
            var position = 0
            for index in description.sections.indices {
                description.sections.borrowElement(index) { section in
                    let columns = section.columns
                    switch description.sectionStart {
                    case .belowLongestColumn:
                        let start = LayoutArithmetic.columnStart(headerHeight: section.headerHeight, insetTop: section.inset.top)
                        carried.update(repeating: start)
                        position = 0
                    case .continueColumns:
                        for column in 0..<columns { carried[column] = index == 0 ? 0 + section.inset.top : carried[column] + section.inset.top }
                    }
                    section.itemHeights.withUnsafeBufferPointer { heights in
                        let heights = heights.baseAddress!
                        let count = section.itemHeights.count
                        let state = UnsafeMutableBufferPointer(rebasing: carried[0..<columns])
                        switch description.placement {
                        case .roundRobin:
                            RoundRobinKernel.placeRun(heights, count: count, itemSpacing: section.itemSpacing, state: state,
                                                      position: &position, localY: output)
                        case .shortestColumn:
                            if let sortedChain {
                                sortedChain(heights, count, section.itemSpacing, state, output)
                            } else {
                                placeShortest(heights, count: count, itemSpacing: section.itemSpacing, sorted: state, localY: output)
                            }
                        }
                        output += count
                    }
                }
            }
        }
    }

    /// The sorted-heights chain over `count` items from the ascending heights `sorted`, left
    /// there, ascending, at the end.
    private static func placeShortest(_ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
                                      sorted: UnsafeMutableBufferPointer<Double>, localY: UnsafeMutablePointer<Double>) {
        func run<Heights: SortedHeights>(_: Heights.Type) {
            var padded = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            withUnsafeMutableBytes(of: &padded) { bytes in
                let buffer = bytes.bindMemory(to: Double.self)
                buffer.update(repeating: .infinity)
                _ = buffer.update(fromContentsOf: sorted)
                var shortest = buffer[0]
                var others = Heights(buffer.baseAddress! + 1)
                for index in 0..<count {
                    localY[index] = shortest
                    let grown = LayoutArithmetic.grow(shortest, by: LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing))
                    shortest = PairMath.minimum(grown, others.pair.x)
                    others.merge(DoublePair(repeating: grown))
                }
                buffer[0] = shortest
                others.store(buffer.baseAddress! + 1)
                _ = sorted.update(fromContentsOf: buffer[0..<sorted.count])
            }
        }
        switch sorted.count {
        case 1:
            var height = sorted[0]
            for index in 0..<count {
                localY[index] = height
                height = LayoutArithmetic.grow(height, by: LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing))
            }
            sorted[0] = height
        case 2: run(OneHeight.self)
        case 3: run(TwoHeights.self)
        case 4: run(HeightPairs<OneHeight>.self)
        case 5: run(HeightPairs<TwoHeights>.self)
        case 6: run(HeightPairs<HeightPairs<OneHeight>>.self)
        case 7: run(HeightPairs<HeightPairs<TwoHeights>>.self)
        case 8: run(HeightPairs<HeightPairs<HeightPairs<OneHeight>>>.self)
        case 9...12: run(HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<OneHeight>>>>>.self)
        case 13...16: run(HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<HeightPairs<OneHeight>>>>>>>.self)
        default: placeShortestInMemory(heights, count: count, itemSpacing: itemSpacing, sorted: sorted, localY: localY)
        }
    }

    /// The same chain for more columns than registers hold: the merge walks the sorted heights
    /// in memory one at a time (position k reads position k + 1 before it is overwritten), the
    /// shortest in a register. One height at a time, as the C chain does: a pair at a time, each
    /// pair's successor loaded from the offset between two stored pairs, 64 columns ran 1.5x
    /// slower than the C chain (1.8x with aligned pairs).
    private static func placeShortestInMemory(_ heights: UnsafePointer<Double>, count: Int, itemSpacing: Double,
                                              sorted: UnsafeMutableBufferPointer<Double>, localY: UnsafeMutablePointer<Double>) {
        let columns = sorted.count
        let last = sorted.baseAddress! + (columns - 1)
        var shortest = sorted[0]
        for index in 0..<count {
            localY[index] = shortest
            let grown = LayoutArithmetic.grow(shortest, by: LayoutArithmetic.advance(itemHeight: heights[index], itemSpacing: itemSpacing))
            var height = sorted.baseAddress! + 1
            shortest = PairMath.minimum(grown, height.pointee)
            while height < last {
                height.pointee = PairMath.minimum(PairMath.maximum(grown, height.pointee), height[1])
                height += 1
            }
            last.pointee = PairMath.maximum(grown, last.pointee)
        }
        sorted[0] = shortest
    }
}
