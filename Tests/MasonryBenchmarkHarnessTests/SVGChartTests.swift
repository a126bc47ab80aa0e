// Tests of the SVG chart: the scaling panel's legend sits below the plot and names the dashes.
import Foundation
@testable import MasonryBenchmarkHarness
import Testing

@Suite struct SVGChartTests {
    /// The scaling panel's legend sits below the plot (it covered the peer's lines inside it) and
    /// says which stroke is which placement.
    @Test func theLegendIsBelowThePlotAndNamesTheDashes() {
        var records: [BenchmarkRecord] = []
        for engine in ["optimized", "peer", "reference"] {
            for placement in ["shortestColumn", "roundRobin"] {
                for items in [1000, 10000] {
                    records.append(BenchmarkReportTests.record(
                        "prepare/\(engine)/placement:\(placement)/items:\(items)/sections:1/columns:4/threads:1", [Double(items) * 5]))
                }
            }
        }
        let svg = SVGChart.render(BenchmarkReportTests.report(records))
        let plotBottom = 40.0 + 300
        let legend = svg.split(separator: "\n").filter { $0.contains("<text") && ($0.contains("Column<") || $0.contains("Robin<")) }
        #expect(legend.count == 6)
        for line in legend {
            let y = line.firstMatch(of: /y="([0-9.]+)"/).flatMap { Double($0.1) } ?? 0
            #expect(y > plotBottom + 30, "legend entry inside the plot: \(line)")
        }
        #expect(svg.contains("dashed: round robin"))
        #expect(svg.contains("<line") && svg.contains("stroke-dasharray=\"6 4\"/>"))
    }
}
