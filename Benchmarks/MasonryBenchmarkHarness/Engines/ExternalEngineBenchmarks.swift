// Benchmarks of an engine from outside Masonry (a program, or a Swift engine of another package): prepare, queries and updates.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads

/// Measures the engine `.external` stands for (`ExternalBenchmarkEngine`) one call at a time. A
/// program's times are the ones it reports for its own work (`nanoseconds` in its answers, <doc:EngineProtocol>),
/// so neither the pipe nor JSON is measured: a record's real and CPU times are both that time.
/// A Swift engine in this process is timed by the clock around each call. Memory and allocations
/// are not counted (another process's; an engine in a test process runs without jemalloc). Its
/// answers are verified against the reference as Masonry's engines' are, and a program's fault
/// (it died, hung, answered garbage) ends the workload's benchmarks with a mismatch.
struct ExternalEngineBenchmarks {
    let subject: ExternalBenchmarkEngine
    let repetitions: Int

    /// What a workload's benchmarks produced.
    struct Outcome {
        var records: [BenchmarkRecord] = []
        var mismatches: [String] = []
    }

    /// Why the engine runs none of `workload`'s benchmarks (it does not time its work, or lacks a
    /// feature of the workload's description), or nil. Builds the description: O(items).
    static func skipReason(_ workload: Workload, on hello: EngineHello) -> String? {
        guard hello.timesItsWork else { return "the engine (\(hello.engine)) does not time its work (its hello says \"timing\": false)" }
        let missing = hello.missingFeatures(among: EngineFeature.used(by: workload.makeDescription()))
        guard !missing.isEmpty else { return nil }
        return "the engine (\(hello.engine)) lacks \(missing.map(\.rawValue).joined(separator: ", "))"
    }

    /// A prepare benchmark: a first prepare (verified, and the warm-up), then one per repetition.
    func prepare(_ name: String, _ description: LayoutDescription, verifyingAgainst reference: ReferenceLayoutEngine?) -> Outcome {
        var outcome = Outcome()
        var engine = subject.make(description)
        if let reference, let difference = EngineVerifier.firstDifference(engine, reference) {
            outcome.mismatches.append("\(name): \(difference)")
        }
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        for _ in 0..<repetitions {
            guard let nanoseconds = subject.timed({ engine.prepare(description) }) else { break }
            record.append(nanoseconds, counters: [BenchmarkCounter.nsPerItem.rawValue: nanoseconds.real / Double(max(1, description.itemCount))])
        }
        return finish(name, record, outcome)
    }

    /// A workload's query and update benchmarks, in order on one layout of it (the updates undone).
    func interactions(_ benchmarks: [PlannedBenchmark], _ description: LayoutDescription, verifyingAgainst reference: ReferenceLayoutEngine?,
                      progress: (String) -> Void) -> Outcome {
        var outcome = Outcome()
        var engine = subject.make(description)
        var random = SplitMix64(seed: 0x51_5545_5259)
        var updates: BenchmarkRunner.Updates?
        for benchmark in benchmarks where benchmark.runs {
            let name = benchmark.name.description
            progress(name)
            let measured: Outcome
            switch benchmark.body {
            case .query(let rect, let pinsHeaders):
                measured = queries(name, &engine, rect, pinsHeaders, reference, &random)
            case .update(let operation):
                let planned = updates ?? BenchmarkRunner.Updates(description, &random)
                updates = planned
                measured = update(name, operation, planned.timedAndUndo[operation]!, items: operation == .append ? planned.page.count : nil,
                                  &engine, reference)
            default:
                preconditionFailure("\(name): the plan gives an engine program queries and updates only")
            }
            outcome.records += measured.records
            outcome.mismatches += measured.mismatches
            // What follows would measure a program that failed.
            if measured.records.isEmpty { break }
        }
        return outcome
    }

    /// A query benchmark: the first answers verified, a warm-up, then `count` queries a
    /// repetition, the engine's median time per query the repetition's time.
    private func queries(_ name: String, _ engine: inout any LayoutEngine, _ rect: PlannedBenchmark.QueryRect, _ pinsHeaders: Bool,
                         _ reference: ReferenceLayoutEngine?, _ random: inout SplitMix64) -> Outcome {
        let count = BenchmarkRunner.queriesPerRepetition[.external]!
        let rects = BenchmarkRunner.queryRects(rect, count: count * (repetitions + 1), contentHeight: engine.contentSize.height, random: &random)
        let outcome = Outcome(mismatches: BenchmarkRunner.queryMismatches(name, engine, rects, pinsHeaders: pinsHeaders, reference))
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        repetitions: for repetition in 0...repetitions {
            var latencies: [Double] = []
            var hits = 0
            for rect in rects[(repetition * count)..<((repetition + 1) * count)] {
                guard let nanoseconds = subject.timed({ hits += ScrollAndColdLookupBenchmarks.query(engine, rect, pinsHeaders: pinsHeaders).count })
                else { break repetitions }
                latencies.append(nanoseconds.real)
            }
            guard repetition > 0 else { continue }  // the warm-up
            let statistics = SampleStatistics(latencies)
            record.append(Sample(real: statistics.median, cpu: statistics.median),
                          counters: [BenchmarkCounter.p50.rawValue: statistics.median, BenchmarkCounter.p90.rawValue: statistics.p90,
                                     BenchmarkCounter.p99.rawValue: statistics.p99, BenchmarkCounter.max.rawValue: statistics.maximum,
                                     BenchmarkCounter.hits.rawValue: Double(hits) / Double(count)])
        }
        return finish(name, record, outcome)
    }

    /// An update benchmark: the update timed, then undone (untimed) so that every repetition
    /// starts from the same layout; the first is the warm-up, and is verified.
    private func update(_ name: String, _ operation: BenchmarkOperation, _ pair: (timed: LayoutUpdate, undo: LayoutUpdate), items: Int?,
                        _ engine: inout any LayoutEngine, _ reference: ReferenceLayoutEngine?) -> Outcome {
        var outcome = Outcome()
        var record = BenchmarkRecord(name: name, realTimes: [], cpuTimes: [], counters: [], threads: 1)
        for repetition in 0...repetitions {
            var accepted = false
            guard let nanoseconds = subject.timed({ accepted = (try? engine.apply(pair.timed)) != nil }), accepted else { break }
            if repetition == 0, reference != nil,
               let difference = EngineVerifier.firstDifference(engine, ReferenceLayoutEngine(engine.layoutDescription)) {
                outcome.mismatches.append("\(name): \(difference)")
            }
            guard (try? engine.apply(pair.undo)) != nil else { break }
            guard repetition > 0 else { continue }
            record.append(nanoseconds, counters: items.map { [BenchmarkCounter.nsPerItem.rawValue: nanoseconds.real / Double(max(1, $0))] } ?? [:])
        }
        return finish(name, record, outcome)
    }

    /// The record when every repetition was measured; otherwise no record and a mismatch that
    /// says why (a program's fault, or a refused update).
    private func finish(_ name: String, _ record: BenchmarkRecord, _ outcome: Outcome) -> Outcome {
        var outcome = outcome
        if let fault = subject.takeFault() {
            outcome.mismatches.append("\(name): \(fault)")
        } else if record.realTimes.count == repetitions {
            outcome.records.append(record)
        } else {
            outcome.mismatches.append("\(name): the engine refused the benchmark's update, which the reference accepts")
        }
        return outcome
    }
}
