// The `--shard K/N` reader and declaration that `masonry fuzz` and `masonry verify` share.
import MasonrySupport
import MasonryVerification

extension OptionReader where Value == Shard {
    /// `K/N` with 1 <= K <= N.
    static var shard: OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            guard let shard = Shard(text) else {
                throw InvalidOptionValue("\(name) must be K/N with 1 <= K <= N (part K of N), got '\(text)'")
            }
            return shard
        }, describe: \.description)
    }
}

/// The `--shard` option of the commands that split their cases.
enum ShardOption {
    /// `--shard K/N`, with what the shard takes of `cases`.
    static func option(_ cases: String) -> Option<Shard> {
        Option("--shard", value: "K/N", .shard, default: .whole, """
            run part K of N: every N-th \(cases) from the K-th, so that N
            CI jobs or machines split one run (1/1: all of them)
            """)
    }
}
