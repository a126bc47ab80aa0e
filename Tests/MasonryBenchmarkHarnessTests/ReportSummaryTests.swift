// Tests of the report summary's tables: Markdown keeps full names, plain text factors out shared parts.
@testable import MasonryBenchmarkHarness
import MasonrySupport
import Testing

@Suite struct ReportSummaryTests {
    static func table(_ names: [String]) -> TextTable {
        var table = TextTable(header: ["workload", "optimized"], alignments: [.left, .right])
        for name in names { table.append([name, "1 ns"]) }
        return table
    }

    @Test func markdownKeepsTheBlocksAndFullNames() {
        let summary = ReportSummary([.paragraph("Suite `smoke`."), .heading("prepare (ns/item)"),
                                     .table(Self.table(["placement:a/items:1000/threads:1", "placement:b/items:1000/threads:1"]))])
        #expect(summary.markdown == """
            Suite `smoke`.

            ### prepare (ns/item)

            | workload | optimized |
            |---|---:|
            | placement:a/items:1000/threads:1 | 1 ns |
            | placement:b/items:1000/threads:1 | 1 ns |

            """)
    }

    @Test func plainTextSaysSharedNamePartsOnce() {
        let summary = ReportSummary([.paragraph("Suite `smoke`."), .heading("prepare (ns/item)"),
                                     .table(Self.table(["placement:a/items:1000/threads:1", "placement:b/items:1000/threads:1"]))])
        #expect(summary.plainText == """
            Suite smoke.

            prepare (ns/item)
            =================

            every row: items:1000/threads:1
            workload     optimized
            -----------  ---------
            placement:a       1 ns
            placement:b       1 ns

            """)
    }

    @Test(arguments: [
        ["items:1000"],  // one row: nothing to factor out
        ["prepare/optimized/items:1", "prepare/peer/items:1"],  // only operation and engine differ: kept whole
        ["items:1/threads:1", "items:1/threads:1"],  // would become empty
    ])
    func namesStayWholeWhenShorteningWouldNotHelp(names: [String]) {
        let table = Self.table(names)
        let text = ReportSummary.shortNames(table)
        #expect(text == table.plainText || text.hasPrefix("every row: items:1\n"))
        for name in names where text == table.plainText { #expect(text.contains(name)) }
    }
}
