// Tests of a history's outputs: the summary's table, and the HTML page with one SVG trend chart per benchmark.
@testable import MasonryBenchmarkHarness
import Testing

/// A history's table names each benchmark's change points, and its HTML page draws one chart per
/// benchmark with the change points marked, the same bytes every time.
@Suite struct HistoryWritersTests {
    static let history: BenchmarkHistory = {
        let runs = (0..<5).map { index in
            BenchmarkHistoryTests.instructionRun(BenchmarkHistoryTests.commit(index), [
                BenchmarkHistoryTests.a: index < 3 ? 1_000 : 1_100, BenchmarkHistoryTests.b: 300,
            ])
        }
        return BenchmarkHistory(runs: runs)!
    }()

    @Test func theTableListsEachBenchmarkAndItsChangePoints() {
        let text = HistoryWriters.summary(Self.history, order: "commit order").markdown
        #expect(text.contains("Suite `smoke`, metric instructions"))
        #expect(text.contains("5 file(s), commits `c0000000`..`c4000000` in commit order"))
        #expect(text.contains("| benchmark | points | first | last | min | max | change | change points |"))
        #expect(text.contains("| \(BenchmarkHistoryTests.a) | 5 | 1000 | 1100 | 1000 | 1100 | +10% | c3000000 1000 → 1100 (+10%) |"), "\(text)")
        #expect(text.contains("| \(BenchmarkHistoryTests.b) | 5 | 300 | 300 | 300 | 300 | +0% | none |"), "\(text)")
    }

    @Test func thePageHasOneChartPerBenchmarkWithTheChangePointsMarked() {
        let html = HistoryWriters.html(Self.history, order: "commit order")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
        #expect(html.components(separatedBy: "<svg").count - 1 == Self.history.series.count)
        #expect(html.components(separatedBy: "class=\"change-point\"").count - 1 == 1)
        #expect(html.contains("stroke-dasharray=\"4 3\""))
        #expect(html.contains("<title>change point at c3000000 subject of \(BenchmarkHistoryTests.commit(3)): 1000 → 1100 (+10%)</title>"))
        #expect(html.contains("<table>"))
        #expect(html == HistoryWriters.html(Self.history, order: "commit order"))
    }

    /// Many commits: at most `maximumLabels` commit labels under a chart.
    @Test func commitLabelsAreThinned() throws {
        let runs = (0..<40).map { BenchmarkHistoryTests.instructionRun(BenchmarkHistoryTests.commit($0), [BenchmarkHistoryTests.a: 7]) }
        let history = try #require(BenchmarkHistory(runs: runs))
        let svg = HistoryChart.render(history.series[0], in: history)
        let labels = svg.split(separator: "\n").filter { $0.hasPrefix("<text") && $0.contains("text-anchor=\"middle\"") }
        #expect(labels.count <= HistoryChart.maximumLabels)
        #expect(labels.count >= HistoryChart.maximumLabels / 2)
    }
}
