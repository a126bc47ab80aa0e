// Tests of parallel and sharded fuzzing: the same failure for any number of jobs, shards that split a seed's cases.
@testable import MasonryVerification
import Testing

/// `masonry fuzz --jobs N` and `--shard K/N` (`Fuzzer.Configuration.jobs` and `.shard`): a run
/// bounded by a case count reports the same failure for any number of jobs, and the shards of a
/// seed run every one of its cases once between them, so a failure is found by the shard that
/// holds its case, under the same case seed.
@Suite(.serialized) struct ParallelFuzzingTests {
    /// A fault the fuzzer finds only after some cases (at case 33 of seed 3, in the third block
    /// of 16 that jobs are dealt), so that the jobs have cases to race over before it and blocks
    /// after it.
    static let fault = PlantedFaultEngine.Fault.loneItemPastRoundedCheckpointLow
    static let seed: UInt64 = 3

    static func firstFailure(jobs: Int, shard: Shard = .whole, cases: Int = 400) throws -> (caseSeed: UInt64?, cases: Int) {
        var configuration = Fuzzer.Configuration.planted(fault, seed: seed, cases: cases)
        configuration.shrinkSeconds = 0
        configuration.jobs = jobs
        configuration.shard = shard
        let outcome = try Fuzzer(configuration).run()
        return (outcome.failure?.caseSeed, outcome.cases)
    }

    @Test(arguments: [2, 3, 5])
    func theSameFailureForAnyNumberOfJobs(jobs: Int) throws {
        let alone = try Self.firstFailure(jobs: 1)
        let caseSeed = try #require(alone.caseSeed, "the fault was not found in 400 cases")
        // Found past the first blocks of the jobs, or the test would show nothing.
        #expect(alone.cases > Fuzzer.casesPerBlock, "found at case \(alone.cases - 1): pick a fault found later")
        let together = try Self.firstFailure(jobs: jobs)
        #expect(together.caseSeed == caseSeed)
        #expect(together.cases == alone.cases)
    }

    @Test func theShardThatHoldsTheFailingCaseFindsItUnderItsCaseSeed() throws {
        let alone = try Self.firstFailure(jobs: 1)
        let caseSeed = try #require(alone.caseSeed)
        let index = alone.cases - 1
        for number in 1...3 {
            let shard = try #require(Shard(number: number, count: 3))
            let part = try Self.firstFailure(jobs: 2, shard: shard)
            if shard.contains(index) {
                #expect(part.caseSeed == caseSeed, "shard \(shard)")
                #expect(part.cases == index / 3 + 1, "shard \(shard)")
            } else if let found = part.caseSeed {
                // Another shard may hold a later failing case; never the same one, never an earlier.
                #expect(found != caseSeed && found > caseSeed, "shard \(shard)")
            }
        }
    }

    @Test func aShardRunsEveryNthCaseFromTheKth() throws {
        let alone = try Self.firstFailure(jobs: 1, cases: 10)
        #expect(alone.caseSeed == nil && alone.cases == 10)
        // 10 cases of shard 2/3: indices 1, 4, …, 28 (the failure at 33 lies in shard 1/3).
        let part = try Self.firstFailure(jobs: 2, shard: Shard(number: 2, count: 3)!, cases: 10)
        #expect(part.caseSeed == nil && part.cases == 10)
    }

    /// The tool: two jobs, each with its own worker process, over shard 2 of 3 of seed 6: the
    /// shard's first 20 cases (indices 1, 4, …, 58) in two blocks, each a stride over the worker
    /// protocol. On one thread, and seed 6, whose 20 cases take 0.6 s in a debug build (seed 5's
    /// took 1.6 s, one of them near the 2 s per-case limit while other tests loaded the machine).
    @Test func twoJobsRunAShardInTwoWorkers() throws {
        let run = try MasonryExecutable.run(["fuzz", "--seconds", "60", "--cases", "20", "--seed", "6", "--jobs", "2",
                                             "--shard", "2/3", "--threads", "1", "--quiet", "--out", temporaryDirectory()])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("20 cases and 80 parser inputs"), "\(run.output)")
        #expect(run.output.contains("seed 6, shard 2/3; 2 worker process(es), 2 job(s)"), "\(run.output)")
    }

    @Test(arguments: [("1/1", 1, 1), ("2/3", 2, 3), ("3/3", 3, 3), ("16/64", 16, 64)])
    func aShardReadsAsKOfN(text: String, number: Int, count: Int) throws {
        let shard = try #require(Shard(text))
        #expect(shard.number == number && shard.count == count && shard.description == text)
    }

    @Test(arguments: ["3/2", "0/2", "1/0", "-1/2", "a/b", "2", "1/2/3", "", "/"])
    func anImpossibleShardIsRefused(text: String) {
        #expect(Shard(text) == nil)
    }

    /// The shards of a campaign cover each of its cases exactly once, in order.
    @Test(arguments: [1, 2, 3, 7])
    func theShardsCoverEveryCaseOnce(count: Int) throws {
        let total = 50
        var seen: [Int] = []
        for number in 1...count {
            let shard = try #require(Shard(number: number, count: count))
            let indices = (0..<shard.caseCount(of: total)).map(shard.caseIndex(ofOrdinal:))
            #expect(indices.allSatisfy { shard.contains($0) && $0 < total })
            #expect(indices == (0..<total).filter(shard.contains))
            #expect(indices.enumerated().allSatisfy { shard.ordinal(ofCaseIndex: $0.element) == $0.offset })
            seen += indices
        }
        #expect(seen.sorted() == Array(0..<total))
    }

    /// `masonry verify --shard K/N`: the shards of the matrix are its cases, every N-th, and the
    /// progress count follows.
    @Test func verifyShardsSplitTheMatrix() throws {
        let whole = VerificationSuite(size: .smoke, threads: [1])
        let names = whole.cases().map(\.name)
        var parts: [String] = []
        for number in 1...4 {
            var suite = whole
            suite.shard = try #require(Shard(number: number, count: 4))
            let cases = suite.cases()
            #expect(cases.map(\.name) == names.enumerated().filter { $0.offset % 4 == number - 1 }.map(\.element))
            #expect(suite.progressSteps == cases.count * (1 + VerificationSuite.updatesPerCase))
            parts += cases.map(\.name)
        }
        #expect(parts.sorted() == names.sorted())
    }
}
