// Shard: one part K of N of a fuzz campaign or a verification matrix, every N-th case from K.

/// Part `number` of `count` of a campaign (`--shard K/N`): the cases whose index is `number - 1`
/// modulo `count`, so that N CI jobs or machines given 1/N … N/N split one campaign (the same
/// seed) into disjoint parts that together run every case. `1/1`, the default, is the whole.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K, from 1.
    public let number: Int
    /// N, at least 1.
    public let count: Int

    /// The whole campaign: `1/1`.
    public static let whole = Shard(validNumber: 1, count: 1)

    /// `number` of `count`, or nil unless 1 <= number <= count.
    public init?(number: Int, count: Int) {
        guard count >= 1, (1...count).contains(number) else { return nil }
        self.init(validNumber: number, count: count)
    }

    /// `K/N` as written on a command line, or nil when it is not two integers with 1 <= K <= N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(number: number, count: count)
    }

    private init(validNumber number: Int, count: Int) {
        self.number = number
        self.count = count
    }

    public var description: String { "\(number)/\(count)" }

    /// The campaign's index of this shard's `ordinal`-th case (from 0). O(1).
    package func caseIndex(ofOrdinal ordinal: Int) -> Int {
        number - 1 + ordinal * count
    }

    /// The ordinal in this shard (from 0) of the campaign's case `index`, one of its own:
    /// the inverse of `caseIndex(ofOrdinal:)`. O(1).
    package func ordinal(ofCaseIndex index: Int) -> Int {
        (index - (number - 1)) / count
    }

    /// Whether the campaign's case `index` is this shard's. O(1).
    package func contains(_ index: Int) -> Bool {
        index % count == number - 1
    }

    /// How many of a campaign's first `total` cases are this shard's. O(1).
    package func caseCount(of total: Int) -> Int {
        total >= number ? (total - number) / count + 1 : 0
    }
}
