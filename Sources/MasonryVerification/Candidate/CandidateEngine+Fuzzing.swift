// `CandidateEngine.fuzz` and `replay`: the differential fuzzer and its reproducers, on a Swift engine of another package.
import MasonryLayout

extension CandidateEngine {
    /// Differential fuzzing against the reference, as `masonry fuzz` does for Masonry's engines:
    /// `cases` generated cases from `seed` (the same cases as `masonry fuzz --seed --cases`, each
    /// on one thread), every step compared frame for frame; the first failure is shrunk within
    /// `shrinkSeconds` to a small reproducer. Stops early after `seconds`, when given. Runs on
    /// `jobs` threads (the engine must then be safe to use from several, one engine per thread);
    /// the same seed and cases find the same failure for any number of jobs.
    ///
    /// Cost: a few milliseconds a case with Masonry's optimized engine (the reference's work and
    /// the comparisons), plus the engine's own work; cases have up to tens of thousands of items.
    public func fuzz(seed: UInt64 = 1, cases: Int = 1000, seconds: Double? = nil, shrinkSeconds: Double = 60,
                     jobs: Int = 1) -> FuzzReport {
        var configuration = Fuzzer.Configuration()
        configuration.seed = seed
        configuration.maximumCases = max(0, cases)
        configuration.seconds = seconds
        configuration.threads = [1]
        configuration.shrinkSeconds = shrinkSeconds
        configuration.checker = .candidate(self)
        configuration.jobs = max(1, jobs)
        do {
            return FuzzReport(engine: name, try Fuzzer(configuration).run())
        } catch {
            // Only a worker process fails to start or answers nonsense, and in-process runs have none.
            preconditionFailure("CandidateEngine.fuzz: \(error)")
        }
    }

    /// Checks a reproducer (a `CandidateFinding`'s, or any scenario file) against the reference on
    /// one thread: nil when the engine agrees, else the first difference. Throws when `reproducer`
    /// is not a scenario file (the error names the field) or uses a feature the engine lacks.
    /// Cost: the scenario's layouts, updates and queries, on both engines.
    public func replay(_ reproducer: String) throws(CandidateError) -> String? {
        let chain: ScenarioChain
        do {
            chain = try ScenarioChain(json: Array(reproducer.utf8))
        } catch {
            throw CandidateError(description: "not a scenario file: \(error)")
        }
        let checker = ScenarioChecker.candidate(self)
        let missing = checker.missingFeatures(of: chain)
        guard missing.isEmpty else {
            throw CandidateError(description: "not checked: \(name) lacks \(missing.map(\.rawValue).joined(separator: ", "))")
        }
        return checker.check(chain, threads: 1)?.message
    }
}
