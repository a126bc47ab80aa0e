// `CandidateBenchmarks`: what `CandidateEngine.benchmark` measured, as figures, a summary and a result file.
import Foundation
import MasonryVerification

/// What `CandidateEngine.benchmark` measured: each benchmark's median, what verification found,
/// what was skipped and why; `resultFile()` is the run as `masonry bench --out` writes it, so
/// that `masonry compare baseline.json new.json` gates a change of the engine on it.
public struct CandidateBenchmarks: Sendable, CustomStringConvertible {
    /// One benchmark's figures.
    public struct Result: Sendable {
        /// `<operation>/<engine>/<workload>`, the engine `external` for the candidate
        /// (`prepare/external/placement:shortestColumn/items:1000/…`).
        public let name: String
        /// The median over the repetitions of the time of one call, in nanoseconds (a query
        /// benchmark's repetition is the median of its queries).
        public let medianNanoseconds: Double
        /// The median divided by the items laid out, where a benchmark lays items out.
        public let nanosecondsPerItem: Double?
    }

    /// The engine's name.
    public let engine: String
    /// Every benchmark measured, the optimized engine's too, in the order they ran.
    public let results: [Result]
    /// Where an engine's answers differed from the reference's (empty: none did).
    public let mismatches: [String]
    /// Benchmarks not run, with the reason (a feature the engine lacks, a size limit).
    public let skipped: [String]
    private let report: BenchmarkReport

    init(engine: String, _ outcome: BenchmarkRunner.Outcome) {
        self.engine = engine
        report = outcome.report
        mismatches = outcome.mismatches
        skipped = outcome.skipped
        results = outcome.report.records.map { record in
            // Per item where every repetition has the counter (a benchmark that lays items out).
            let perItem = record.counters.compactMap { $0[BenchmarkCounter.nsPerItem.rawValue] }
            return Result(name: record.name, medianNanoseconds: SampleStatistics(record.realTimes).median,
                          nanosecondsPerItem: !perItem.isEmpty && perItem.count == record.counters.count ? SampleStatistics(perItem).median : nil)
        }
    }

    /// The run as a result file (Google Benchmark JSON, Benchmarks.md): O(records).
    public func resultFile() throws -> Data {
        try report.jsonData()
    }

    /// The summary `masonry bench` prints: the engines side by side, per workload.
    public var description: String {
        "\(engine) (`external`):\n" + ReportWriters.summary(report, mismatches: mismatches).markdown
    }
}
