// A run's Markdown summary and its github-action-benchmark `customSmallerIsBetter` JSON.
import Foundation
import MasonrySupport

/// The Markdown summary and github-action-benchmark's `customSmallerIsBetter` JSON of a run.
package enum ReportWriters {
    /// A table per operation with the engines side by side (medians over repetitions), then the
    /// run's context. `prepare` shows ns per item; queries and lookups per-call latency; updates
    /// the whole operation. In instruction mode: instructions per item, per call, per update.
    package static func markdown(_ report: BenchmarkReport, mismatches: [String] = []) -> String {
        summary(report, mismatches: mismatches).markdown
    }

    /// The summary `markdown` renders, for a terminal's plain text or the HTML report. O(records).
    package static func summary(_ report: BenchmarkReport, mismatches: [String] = []) -> ReportSummary {
        var summary = ReportSummary()
        let context = report.context
        let counts = context.metric == .instructions
        let repetitions = report.records.first?.realTimes.count ?? 0
        summary.append(.paragraph(
            "Suite `\(context.suite)`, \(context.date), \(context.hostName), \(context.cpuCount) CPUs, "
            + "Swift \(context.swiftVersion), commit `\(context.gitCommit.prefix(12))`, jemalloc \(context.jemallocVersion.prefix(5)) "
            + "(\(Jemalloc.decaySettings)). "
            + (counts ? "Instructions counted by callgrind (\(context.measurement.valgrindVersion), \(context.measurement.cpuModel), "
                        + "\(context.measurement.glibcVersion), ASLR \(context.measurement.addressRandomization)), median of \(repetitions) repetition(s)."
                      : "Medians of \(repetitions) repetitions.")))
        // An engine program's column only where it ran (`--engine-command`).
        let engines = ["optimized", "peer", "reference"] + (report.records.contains { $0.engine == "external" } ? ["external"] : [])
        let named = report.records.compactMap { record in BenchmarkName(record.name).map { (name: $0, record: record) } }
        // `floor/<workload>` records, by workload: the prepare table divides the optimized engine by them.
        let floors = Dictionary(named.filter { $0.name.operation == .floor }.map { ($0.name.workload, $0.record) }, uniquingKeysWith: { $1 })
        for operation in BenchmarkOperation.summarized {
            let records = named.filter { $0.name.operation == operation }
            guard !records.isEmpty else { continue }
            // Group by workload, the engines side by side.
            var order: [String] = []
            var byKey: [String: [String: BenchmarkRecord]] = [:]
            for (name, record) in records {
                let key = name.workload
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: [:]][record.engine] = record
            }
            summary.append(.heading("\(operation.rawValue) (\(operation.summaryUnit(for: context.metric)))"))
            let floorColumn = operation == .prepare && !floors.isEmpty
            let floorHeader = ["optimized / floor", "floor Swift / C (ns/item)"]
            var table = TextTable(header: ["workload"] + engines + ["optimized speed-up"] + (floorColumn ? floorHeader : []),
                                  alignments: [.left] + engines.map { _ in .right } + [.right] + (floorColumn ? [.right, .right] : []))
            for key in order {
                let cells = engines.map { engine -> String in
                    guard let record = byKey[key]?[engine] else { return "–" }
                    return counts ? Format.number(record.medianCounter(operation.instructionCounter) ?? 0, digits: 1)
                        : cell(record, operation: operation)
                }
                let speedUp: String
                if let optimized = byKey[key]?["optimized"], let other = byKey[key]?["reference"] ?? byKey[key]?["peer"] ?? byKey[key]?["external"] {
                    let ratio = SampleStatistics(other.realTimes).median / max(1e-9, SampleStatistics(optimized.realTimes).median)
                    speedUp = "\(Format.number(ratio, digits: ratio < 10 ? 1 : 0))x vs \(other.engine)"
                } else {
                    speedUp = "–"
                }
                var floorCell: [String] = []
                if floorColumn {
                    let floor = floors[key].map(FloorFigures.init)
                    if let optimized = byKey[key]?["optimized"]?.medianCounter(.nsPerItem), let fastest = floor?.fastest {
                        floorCell = ["\(Format.number(optimized / max(1e-9, fastest), digits: 2))x"]
                    } else {
                        floorCell = ["–"]
                    }
                    floorCell.append(floor?.cell ?? "–")
                }
                table.append([key] + cells + [speedUp] + floorCell)
            }
            summary.append(.table(table))
        }
        let floorWarnings = floors.sorted { $0.key < $1.key }.compactMap { FloorFigures($0.value).warning(workload: $0.key) }
        if !floorWarnings.isEmpty {
            summary.append(.paragraph(floorWarnings.map { "- \($0)" }.joined(separator: "\n")))
        }
        // A session's p99 frame over its yardsticks' counters, "engine (items:N) 1.23x[, 4.56x]".
        let overYardsticks = { (counters: [BenchmarkCounter], suffixes: [String]) in
            named.compactMap { name, record -> String? in
                guard name.operation == .session, let p99 = record.medianCounter(.p99) else { return nil }
                let yardsticks = counters.compactMap { record.medianCounter($0) }
                guard yardsticks.count == counters.count, yardsticks.allSatisfy({ $0 > 0 }) else { return nil }
                let items = name.parameters.first { $0.hasPrefix("items:") } ?? ""
                let ratios = zip(yardsticks, suffixes).map { "\(Format.number(p99 / $0, digits: 2))x\($1)" }
                return "\(name.engine?.rawValue ?? "?") (\(items)) " + ratios.joined(separator: ", ")
            }
        }
        let yardsticks = overYardsticks([.suffixReplaceP99], [""])
        if !yardsticks.isEmpty {
            summary.append(.paragraph("Estimated reflow sessions: the p99 frame over re-placing the p99 frame's suffix at the engine's own "
                                      + "prepare speed, measured after the frames (suffix_replace_p99; the target: <= 1.5x): "
                                      + yardsticks.joined(separator: ", ") + "."))
        }
        let restackFloors = overYardsticks([.restackChainP99, .restackFloorP99], [" over the chain", " over the re-stack floor"])
        if !restackFloors.isEmpty {
            summary.append(.paragraph("Estimated keepColumns sessions: the p99 frame over re-stacking the p99 frame's suffix at the machine's "
                                      + "limit, measured after the frames (restack_chain_p99: the column-height chain alone; "
                                      + "restack_floor_p99: each item's extent written too): "
                                      + restackFloors.joined(separator: "; ") + "."))
        }
        let headings = [(BenchmarkOperation.prepare, "memory (retained bytes per item, allocation requests during a fresh prepare)"),
                        (.session, "session memory (of the engine a session starts from, every item unmeasured: bytes per item, allocation requests)")]
        for (operation, heading) in headings {
            let memory = named.filter { $0.name.operation == operation && $0.record.medianCounter(.bytesPerItem) != nil }.map(\.record)
            guard !memory.isEmpty else { continue }
            summary.append(.heading(heading))
            var table = TextTable(header: ["benchmark", "bytes/item", "mallocs"], alignments: [.left, .right, .right])
            for record in memory {
                table.append([record.name, Format.number(record.medianCounter(.bytesPerItem)!, digits: 1),
                              Format.number(record.medianCounter(.mallocs) ?? 0, digits: 0)])
            }
            summary.append(.table(table))
        }
        summary.append(.paragraph("Peak resident memory: \(context.peakResidentBytes / (1 << 20)) MiB. Verification: "
                                  + (mismatches.isEmpty ? "every engine gave the reference's frames, bit for bit." : "\(mismatches.count) MISMATCH(ES).")))
        return summary
    }

    private static func cell(_ record: BenchmarkRecord, operation: BenchmarkOperation) -> String {
        switch operation {
        case .prepare, .floor:
            return Format.number(record.medianCounter(.nsPerItem) ?? 0, digits: 2)
        case .query:
            let p50 = record.medianCounter(.p50) ?? 0, p99 = record.medianCounter(.p99) ?? 0
            return "\(Format.duration(p50)) / \(Format.duration(p99))"
        case .session:
            let p50 = record.medianCounter(.p50) ?? 0, p99 = record.medianCounter(.p99) ?? 0, maximum = record.medianCounter(.max) ?? 0
            let over = Format.number(record.medianCounter(.framesOverBudget) ?? 0, digits: 0)
            return "\(Format.duration(p50)) / \(Format.duration(p99)) / \(Format.duration(maximum)), "
                + "\(over) of \(Format.number(record.medianCounter(.frames) ?? 0, digits: 0))"
        default:
            return Format.duration(SampleStatistics(record.realTimes).median)
        }
    }

    /// github-action-benchmark's `customSmallerIsBetter` format: one entry per benchmark.
    package static func githubActionBenchmark(_ report: BenchmarkReport) throws -> Data {
        let entries: [[String: Any]] = report.records.map { record in
            let statistics = SampleStatistics(record.realTimes)
            return ["name": record.name, "unit": report.context.metric == .instructions ? "instructions" : "ns", "value": statistics.median,
                    "range": "± \(Format.number(statistics.standardDeviation, digits: 1))",
                    "extra": "\(record.realTimes.count) repetitions; median of per-repetition values"]
        }
        return try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys])
    }
}
