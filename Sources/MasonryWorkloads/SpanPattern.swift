// How a workload's items span columns: full-width banners every n-th item and some double-width ones.
import MasonryLayout

/// How items span columns in a workload: a photo feed with full-width banners and some
/// double-width items (issue "Format v2, geometry": every 20th item `"full"`, 10% spanning 2).
public struct SpanPattern: Hashable, Sendable {
    /// The pattern's name in benchmark names (`spans:<name>`).
    public var name: String
    /// Every `fullEvery`-th item (the 20th, 40th, …) spans the full width.
    public var fullEvery: Int
    /// The share of the other items that span 2 columns.
    public var twoColumnShare: Double

    public init(name: String, fullEvery: Int = 20, twoColumnShare: Double = 0.1) {
        self.name = name
        self.fullEvery = fullEvery
        self.twoColumnShare = twoColumnShare
    }

    /// The photo feed's pattern: every 20th item full, 10% of the others 2 columns.
    public static let feed = SpanPattern(name: "feed")

    /// Spans of `count` items, drawn from `generator` (one draw per item that is not full). O(count).
    public func spans(count: Int, generator: inout SplitMix64) -> [ItemSpan] {
        (0..<count).map { index in
            if index % fullEvery == fullEvery - 1 { return .full }
            return generator.unitDouble() < twoColumnShare ? .columns(2) : .single
        }
    }
}
