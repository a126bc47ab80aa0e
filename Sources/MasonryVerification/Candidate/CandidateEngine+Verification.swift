// `CandidateEngine.verify`: `masonry verify`'s matrix on a Swift engine of another package.
import MasonryLayout
import MasonrySupport

extension CandidateEngine {
    /// `masonry verify`'s matrix against the reference: large layouts of every placement, tie
    /// rule, section mode and format feature, each laid out, queried (every query option), looked
    /// up, updated a dozen times and prepared again, compared frame for frame after each step.
    /// Layouts and updates that use a feature the engine lacks are skipped and listed. `shard`
    /// takes every N-th layout from the K-th, so that N CI jobs split the matrix; `progress` is
    /// called once per layout and update step.
    ///
    /// Cost: `.smoke` is 10,000-item layouts (seconds with Masonry's optimized engine, plus the
    /// engine's own work: 2,000 queries a layout); `.standard` reaches 1,000,000 items.
    public func verify(_ size: VerificationSize = .smoke, shard: Shard = .whole,
                       progress: (String) -> Void = { _ in }) -> VerificationReport {
        var suite = VerificationSuite(size: size, threads: [1], candidate: factory)
        suite.capabilities = capabilities
        suite.shard = shard
        let started = ContinuousClock.now
        let (counts, failure) = suite.run(progress: progress)
        return VerificationReport(engine: name, size: size, shard: shard, counts: counts, seconds: started.secondsElapsed, failure: failure)
    }
}
