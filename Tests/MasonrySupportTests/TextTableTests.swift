// Tests of TextTable, the Markdown and plain-text tables of summaries and reports.
import MasonrySupport
import Testing

@Suite struct TextTableTests {
    static var table: TextTable {
        var table = TextTable(header: ["workload", "optimized", "ratio"], alignments: [.left, .right, .right])
        table.append(["items:1000", "7.5 ns", "1.2x"])
        table.append(["items:1000000/sections:4096", "11 ns", "a|b"])
        return table
    }

    @Test func markdownHasAnAlignmentRowAndEscapesPipes() {
        #expect(Self.table.markdown == """
            | workload | optimized | ratio |
            |---|---:|---:|
            | items:1000 | 7.5 ns | 1.2x |
            | items:1000000/sections:4096 | 11 ns | a\\|b |

            """)
    }

    @Test func plainTextIsAligned() {
        #expect(Self.table.plainText == """
            workload                     optimized  ratio
            ---------------------------  ---------  -----
            items:1000                      7.5 ns   1.2x
            items:1000000/sections:4096      11 ns    a|b

            """)
    }
}
