// Tests of the comparison writers: the Markdown table's row per benchmark and metric, and its cells.
import MasonryBenchmarkHarness
import Testing

/// A comparison's table, rendered by the writers: name, baseline, current, change, p, verdict,
/// metric, gated; times as durations, `–` for the p of an exact metric.
@Suite struct ComparisonWritersTests {
    static let peer = "prepare/peer/a"

    @Test func theMarkdownTableHasARowPerBenchmarkAndMetric() throws {
        let baseline = ComparisonTests.report([
            ComparisonTests.record(ComparisonTests.a, [100, 102, 98, 101, 99], ["mallocs": 15]),
            ComparisonTests.record(Self.peer, [1500, 1510, 1490, 1505, 1495]),
        ])
        let current = ComparisonTests.report([
            ComparisonTests.record(ComparisonTests.a, [200, 204, 196, 202, 198], ["mallocs": 16]),
            ComparisonTests.record(Self.peer, [1500, 1510, 1490, 1505, 1495]),
        ])
        let comparison = try #require(Comparison(baseline: baseline, current: current))
        #expect(ComparisonWriters.markdown(comparison) == """
            | name | baseline | current | change | p | verdict | metric | gated |
            |---|---:|---:|---:|---:|---|---|---|
            | prepare/optimized/a | 100 ns | 200 ns | +100% | 0.008 | regression | time | yes |
            | prepare/optimized/a | 15 | 16 | +6.7% | – | regression | mallocs | yes |
            | prepare/peer/a | 1.5 us | 1.5 us | +0% | 1 | same | time | no |
            """)
        #expect(ComparisonWriters.textTable(comparison).rows.count == comparison.rows.count)
    }
}
