// How a workload draws item heights: uniform, photo, equal, heavy-tailed or zero distributions.
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

    /// `count` heights for items `columnWidth` wide.
    public func heights(count: Int, columnWidth: Double, generator: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in height(columnWidth: columnWidth, generator: &generator) }
    }

    public func height(columnWidth: Double, generator: inout SplitMix64) -> Double {
        switch self {
        case .uniform:
            return Double(100 + generator.next() % 150)
        case .photo:
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
