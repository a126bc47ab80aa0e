/// Settings for the verifier's own use (`@_spi(Verification) import MasonryLayout`), not for apps:
/// they change how the optimized engine gets to its frames, never the frames.
@_spi(Verification)
public enum VerificationHooks {
    /// The fewest items (over all sections, plus one per section) for which the optimized engine's
    /// `prepare` lays sections out on several threads: 16,384 unless lowered here.
    public static var minimumItemsForThreads: Int { ParallelBatches.minimumItemsForThreads }

    /// Runs `body` with the optimized engine's threading threshold at `items` for every engine
    /// prepared on this thread (or task) inside it, so that small layouts take the threaded path.
    public static func withMinimumItemsForThreads<Result>(_ items: Int, _ body: () throws -> Result) rethrows -> Result {
        try ParallelBatches.$minimumItemsForThreads.withValue(items, operation: body)
    }
}
