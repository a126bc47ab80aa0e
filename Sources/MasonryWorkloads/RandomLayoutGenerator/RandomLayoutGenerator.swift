// The random layout generator: its seed, and the draws (chances, integers, picks, lengths, heights) every part of it shares.
import Foundation
@_spi(Verification) import MasonryLayout

/// Random layout descriptions, updates and query rects for property tests and fuzzing: every
/// field of format v1, both section modes and all tie rules (and, at the rates of
/// `Shape.formatV2`, format v2's spans, directions, axes, adaptive column counts, floor rounding
/// at display scales 1 to 3 and trailing spacing), with the edge values that break
/// engines: zero, subnormal, huge and tied heights; zero, subnormal and huge insets, spacing,
/// headers and footers; 1 to 1024 columns (9, 16 and 17 often: one past a vector's lanes);
/// empty sections; item counts and update indices at checkpoint boundaries; zero spacing so
/// frames touch.
///
/// Deterministic: the same seed gives the same sequence on every platform.
public struct RandomLayoutGenerator: Sendable {
    public var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func chance(_ probability: Double) -> Bool { generator.unitDouble() < probability }
    /// `chance`, drawing nothing when `probability` is 0: format v1 descriptions stay the
    /// random sequence they were before format v2.
    mutating func rarely(_ probability: Double) -> Bool { probability > 0 && chance(probability) }
    mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }
    mutating func pick<T>(_ values: [T]) -> T { values[integer(0...(values.count - 1))] }

    /// Lengths that break arithmetic: zero, the smallest subnormal, the smallest normal, tiny,
    /// fractions, huge and the format's largest.
    public static let extremeLengths: [Double] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-10, 0.1, 0.5, 1e12,
                                                  LayoutLimits.maximumLength]

    /// A length that is often 0, sometimes whole, sometimes fractional; extreme with `extreme` probability.
    mutating func length(upTo maximum: Double, extreme: Double) -> Double {
        if extreme > 0, chance(extreme) { return pick(Self.extremeLengths) }
        switch integer(0...3) {
        case 0: return 0
        case 1: return Double(integer(0...Int(maximum)))
        default: return (generator.unitDouble() * maximum * 64).rounded() / 64 + (chance(0.2) ? generator.unitDouble() : 0)
        }
    }

    /// `count` item heights in one of several styles.
    public mutating func itemHeights(count: Int) -> [Double] {
        let style = integer(0...7)
        let tied = Double(integer(0...300))
        return (0..<count).map { _ in
            switch style {
            case 0: return Double(100 + generator.next() % 150)  // seed 002's heights
            case 1: return tied  // every placement is a tie
            case 2: return chance(0.5) ? 0 : Double(integer(0...3))  // zeros and tiny ties
            case 3: return generator.unitDouble() * 500  // full-precision fractions
            case 4: return pick([0, -0.0, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1e-300, 0.1, 1e12, 1e15, 3.3])  // extremes
            case 5: return (generator.unitDouble() * 400 * 4).rounded() / 4  // quarter points
            case 6: return chance(0.9) ? tied : Double(integer(0...300))  // mostly ties, a few breaking them
            default: return length(upTo: 300, extreme: 0)
            }
        }
    }
}
