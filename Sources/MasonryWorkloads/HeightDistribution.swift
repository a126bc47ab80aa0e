// How a workload draws item heights: uniform, photo, equal, heavy-tailed, zero or half-estimated distributions.
import Foundation

/// How item heights are drawn in a workload.
public enum HeightDistribution: String, CaseIterable, Sendable {
    /// Whole points in 100..<250, seed 002's `arc4random() % 150 + 100`.
    case uniform
    /// Photos: a log-normal aspect ratio (median 4:3 landscape, spread 0.35) times the column width.
    case photo
    /// Every item 200 points: every placement is a tie.
    case equal
    /// Pareto (alpha 1.5, from 40 points): mostly short items, a few very tall ones.
    case heavyTailed
    /// Every item 0 points tall.
    case zeros
    /// A feed measured halfway: photo heights, then the second half at one estimate
    /// (`estimate`), as a feed lays out the items it has not measured yet.
    case estimated

    /// The height of every item of `estimated`'s second half.
    public static let estimate = 300.0

    /// `count` heights for items `columnWidth` wide. O(count).
    public func heights(count: Int, columnWidth: Double, generator: inout SplitMix64) -> [Double] {
        let measured = self == .estimated ? (count + 1) / 2 : count
        return (0..<count).map { index in index < measured ? height(columnWidth: columnWidth, generator: &generator) : Self.estimate }
    }

    /// One height for an item `columnWidth` wide (for `estimated`, a measured one: a photo's).
    public func height(columnWidth: Double, generator: inout SplitMix64) -> Double {
        switch self {
        case .uniform:
            return Double(100 + generator.next() % 150)
        case .photo, .estimated:
            // Box-Muller gives a standard normal; exp of it is log-normal. Rounded to 1/4 point.
            let u1 = max(generator.unitDouble(), 0x1p-53)
            let u2 = generator.unitDouble()
            let normal = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
            let aspect = 0.75 * exp(0.35 * normal)
            return min((columnWidth * aspect * 4).rounded() / 4, 1e6)
        case .equal:
            return 200
        case .heavyTailed:
            let u = max(generator.unitDouble(), 0x1p-53)
            return min((40 * pow(u, -1 / 1.5)).rounded(), 1e7)
        case .zeros:
            return 0
        }
    }
}
