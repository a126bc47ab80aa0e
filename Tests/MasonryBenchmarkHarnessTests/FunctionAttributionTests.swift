// Tests of function attribution: the changed function ranks first, and which benchmarks the comparisons attribute.
import MasonryBenchmarkHarness
import Testing

@Suite struct FunctionAttributionTests {
    /// A query whose `SectionQuery.find` gained 300 instructions of its own: its callers' inclusive
    /// counts carry the same 300, a few functions moved a little.
    static let base = [
        FunctionCost(name: "bench closure", inclusive: 1000, exclusive: 10),
        FunctionCost(name: "Engine.elements(in:)", inclusive: 990, exclusive: 90),
        FunctionCost(name: "SectionQuery.find", inclusive: 600, exclusive: 500),
        FunctionCost(name: "Array.append", inclusive: 300, exclusive: 300),
        FunctionCost(name: "swift_retain", inclusive: 100, exclusive: 100),
    ]
    static let head = [
        FunctionCost(name: "bench closure", inclusive: 1302, exclusive: 10),
        FunctionCost(name: "Engine.elements(in:)", inclusive: 1292, exclusive: 92),
        FunctionCost(name: "SectionQuery.find", inclusive: 900, exclusive: 800),
        FunctionCost(name: "Array.append", inclusive: 300, exclusive: 300),
        FunctionCost(name: "swift_release", inclusive: 20, exclusive: 20),
    ]

    @Test func theFunctionWhoseOwnCodeChangedRanksFirst() {
        let changes = FunctionAttribution.rank(base: Self.base, head: Self.head)
        // The callers' inclusive changes (302) are larger than find's own, but carry it.
        #expect(changes.map(\.name) == ["SectionQuery.find", "swift_retain", "swift_release", "Engine.elements(in:)", "bench closure"])
        #expect(changes[0].inclusiveChange == 300 && changes[0].exclusiveChange == 300)
        #expect(changes[1].head == nil && changes[1].inclusiveChange == -100)
        #expect(FunctionAttribution.rank(base: Self.base, head: Self.head, count: 2).count == 2)
    }

    static func report(_ instructions: Double, _ functions: [FunctionCost], names: [String]) -> BenchmarkReport {
        var report = BenchmarkReportTests.report(names.map { name in
            BenchmarkRecord(name: name, realTimes: [1], cpuTimes: [1], counters: [["instructions": instructions]], threads: 1,
                            functions: functions)
        })
        report.context.measurement.metric = BenchmarkMetric.instructions.rawValue
        return report
    }

    /// Regressed benchmarks are attributed; an unchanged one only when --profile names it.
    @Test(arguments: [(nil, 1), ("^query/peer", 2)] as [(String?, Int)])
    func regressedOrProfiledBenchmarksAreAttributed(profile: String?, attributed: Int) throws {
        let base = Self.report(1000, Self.base, names: ["query/optimized/x", "query/peer/x"])
        var head = Self.report(1302, Self.head, names: ["query/optimized/x"])
        head.records.append(base.records[1])
        head.records[1].functions![4].inclusive += 1
        let regex = try profile.map { try Regex($0) }
        let comparison = try #require(Comparison(baseline: base, current: head, profile: regex))
        #expect(comparison.functions.count == attributed)
        #expect(comparison.functions.first?.benchmark == "query/optimized/x")
        #expect(comparison.functions.first?.changes.first?.name == "SectionQuery.find")
        let rounds = [ABComparison.Round(order: "AB", base: [base], head: [head])]
        var settings = ABComparison.Settings()
        settings.metric = .instructions
        settings.thresholdPercent = 1
        let ab = try #require(ABComparison(rounds: rounds, settings: settings, profile: regex))
        #expect(ab.functions.count == attributed)
        #expect(ab.functions.first?.benchmark == "query/optimized/x")
        let markdown = ABReportWriters.markdown(ab, base: "a", head: "b")
        #expect(markdown.contains("### Functions of query/optimized/x"))
        #expect(markdown.contains("| SectionQuery.find | 600 | 900 | +300 | 500 | 800 | +300 |"))
    }

    /// Time-mode files, and files written before function counts, have no functions to attribute.
    @Test func filesWithoutFunctionsAreNotAttributed() throws {
        let base = Self.report(1000, Self.base, names: ["query/optimized/x"])
        var head = Self.report(1302, [], names: ["query/optimized/x"])
        head.records[0].functions = nil
        #expect(try #require(Comparison(baseline: base, current: head)).functions.isEmpty)
    }

    /// A benchmark --profile names whose functions did not change says so instead of a table.
    @Test func anUnchangedProfiledBenchmarkSaysSo() throws {
        let base = Self.report(1000, Self.base, names: ["query/optimized/x"])
        let comparison = try #require(Comparison(baseline: base, current: base, profile: try Regex("x")))
        #expect(comparison.functions.count == 1 && comparison.functions[0].changes.isEmpty)
        #expect(comparison.functions[0].summary.markdown.contains("No function's count changed"))
    }
}
