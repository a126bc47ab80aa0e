// SplitMix64, a small, fast, seedable random number generator that is the same on every platform.
/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64), so
/// that a seed names one workload or one fuzz case on every platform and Swift version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) with 53 random bits (not `Double.random(in:)`, whose algorithm
    /// may change between Swift versions).
    public mutating func unitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
