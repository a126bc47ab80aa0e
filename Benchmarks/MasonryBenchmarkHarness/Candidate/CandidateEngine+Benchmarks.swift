// `CandidateEngine.benchmark`: the benchmark suite on a Swift engine of another package, beside Masonry's optimized engine.
import MasonryVerification

extension CandidateEngine {
    /// Times the engine on `suite`'s workloads (up to the suite's size limit for slow engines:
    /// 100,000 items in `.smoke`) as `masonry bench --engine-command` times an engine program,
    /// but in this process: prepares, queries (viewport and scrolling rects, 20 a repetition,
    /// pinned headers where the workload has headers) and updates (append, height change,
    /// section delete, width change), each call timed by the clock around it; lookups, scrolling
    /// sessions and memory are not measured. Every answer is verified against the reference
    /// (`CandidateBenchmarks.mismatches`). Beside Masonry's optimized engine unless
    /// `besideOptimized` is false, under the engine name `external`; workloads that use a feature
    /// the engine lacks are skipped with the reason. `filter` is a regular expression on
    /// benchmark names (`masonry bench --filter`); `progress` gets each benchmark's name as it starts.
    ///
    /// Cost: the engine's work (`repetitions` + 1 times each benchmark) plus the optimized
    /// engine's and the reference's (about half a minute for `.smoke` on two cores).
    /// Throws when `filter` is not a regular expression.
    public func benchmark(_ suite: BenchmarkSuite = .smoke, filter: String? = nil, repetitions: Int = 5, besideOptimized: Bool = true,
                          progress: @escaping (String) -> Void = { _ in }) throws(CandidateError) -> CandidateBenchmarks {
        var configuration = BenchmarkRunner.Configuration()
        configuration.suite = suite
        configuration.filter = filter
        configuration.repetitions = max(1, repetitions)
        configuration.engines = besideOptimized ? [.optimized, .external] : [.external]
        configuration.externalEngine = .inProcess(self)
        var runner: BenchmarkRunner
        do {
            runner = try BenchmarkRunner(configuration, progress: progress)
        } catch {
            throw CandidateError(description: "filter: not a regular expression: \(error)")
        }
        return CandidateBenchmarks(engine: name, runner.run())
    }
}
