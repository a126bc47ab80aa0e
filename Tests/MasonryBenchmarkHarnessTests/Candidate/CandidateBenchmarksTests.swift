// `CandidateEngine.benchmark`: a Swift engine of another package timed beside the optimized engine, verified, written as a result file.
import Foundation
import MasonryBenchmarkHarness
import MasonryLayout
import MasonryVerification
import Testing

@Suite struct CandidateBenchmarksTests {
    static let reference = CandidateEngine(name: "reference as a candidate") { ReferenceLayoutEngine($0) }

    @Test func itsPreparesAreTimedBesideTheOptimizedEngineAndVerified() throws {
        var started: [String] = []
        let run = try Self.reference.benchmark(.smoke, filter: "^prepare/.*/placement:shortestColumn/items:1000/", repetitions: 2) { started.append($0) }
        #expect(run.mismatches.isEmpty, "\(run.mismatches)")
        let names = run.results.map(\.name)
        #expect(names.contains { $0.hasPrefix("prepare/external/") } && names.contains { $0.hasPrefix("prepare/optimized/") }, "\(names)")
        #expect(run.results.allSatisfy { $0.medianNanoseconds > 0 && ($0.nanosecondsPerItem ?? 0) > 0 })
        #expect(started.count == run.results.count)
        #expect(run.description.hasPrefix("reference as a candidate (`external`)") && run.description.contains("| external |"))
        let file = try #require(try JSONSerialization.jsonObject(with: run.resultFile()) as? [String: Any])
        let entries = try #require(file["benchmarks"] as? [[String: Any]])
        let iterations = entries.filter { $0["run_type"] as? String == "iteration" }
        #expect(Set(iterations.compactMap { $0["name"] as? String }) == Set(names))
    }

    /// Lookups and sessions are not measured, and a workload that uses a feature the engine lacks is skipped with it named.
    @Test func whatItDoesNotRunIsSkippedWithTheReason() throws {
        let formatOne = CandidateEngine(name: "format one", format: 1, unsupported: [.setWidth]) { ReferenceLayoutEngine($0) }
        let run = try formatOne.benchmark(.smoke, filter: "^(lookup|session|prepare)/external/.*(spans|items:1000/)", repetitions: 1, besideOptimized: false)
        #expect(run.results.allSatisfy { $0.name.hasPrefix("prepare/external/") })
        #expect(run.skipped.contains { $0.contains("lacks itemSpans") }, "\(run.skipped)")
    }

    @Test func aFilterThatIsNotARegularExpressionIsRefused() {
        #expect(throws: CandidateError.self) { try Self.reference.benchmark(filter: "([") }
    }

    /// `besideOptimized: false` measures the candidate alone.
    @Test func theCandidateRunsAloneWhenAsked() throws {
        let run = try Self.reference.benchmark(.smoke, filter: "^prepare/.*/placement:roundRobin/items:1000/", repetitions: 1, besideOptimized: false)
        #expect(!run.results.isEmpty && run.results.allSatisfy { $0.name.hasPrefix("prepare/external/") }, "\(run.results.map(\.name))")
    }
}
