// The floor's C yardstick: `ValueChainFloor` with its shortest-column chain built by a C compiler.
import CValueChainFloor
import MasonryLayout

/// The C build of the floor's shortest-column chain (Sources/CValueChainFloor), under the same
/// section set-up as `ValueChainFloor`: the same operations in the same order, so the same y
/// values bit for bit (`CValueChainFloorTests`), compiled by clang (through Swift's clang
/// importer) with the heights in scalar registers up to 5 columns and SSE2 pairs up to 16.
/// `FloorBenchmark` times it beside the Swift floor: a Swift floor slower than it is a floor
/// that is not the machine's. Round robin has no C chain (its floor is the engine's vectorized
/// kernel). O(items × columns).
enum CValueChain {
    /// Whether the C chain covers `description` (shortest column; round robin has none).
    static func covers(_ description: LayoutDescription) -> Bool {
        description.placement == .shortestColumn
    }

    /// Writes each item's section-local y to `localY`, as `ValueChainFloor.layOut` does.
    static func layOut(_ description: LayoutDescription, into localY: UnsafeMutableBufferPointer<Double>) {
        ValueChainFloor.layOut(description, into: localY) { heights, count, itemSpacing, sorted, localY in
            masonry_sorted_chain(heights, count, itemSpacing, sorted.baseAddress!, sorted.count, localY)
        }
    }
}
