// Tests that an option's help prints its declared default, wrapped after the help's last line.
import MasonrySupport
import Testing

/// An option's help prints its default from the declaration, wrapped after the help's last line.
@Suite struct OptionDeclarationTests {
    @Test(arguments: [
        (Option("--seconds", value: "N", .integer(in: 1...10), default: 6, "how long").declaration, ["how long (default: 6)"]),
        (Option("--alpha", value: "A", .number(in: 0...1), default: 0.05, "the level").declaration, ["the level (default: 0.05)"]),
        (Option("--t", value: "PCT", .number(in: 0...100), default: 10, "a threshold").declaration, ["a threshold (default: 10)"]),
        (Option("--n", value: "N", .integer(in: 1...10), shown: "all cores", "threads").declaration, ["threads (default: all cores)"]),
        (Option("--out", value: "FILE", .text, "where").declaration, ["where"]),
        (Option("--x", value: "X", .text, shown: "0, any increase",
                "mallocs and bytes_per_item: the increase that counts, in percent").declaration,
         ["mallocs and bytes_per_item: the increase that counts, in percent", "(default: 0, any increase)"]),
        (Flag("--quiet", "no progress\non stderr").declaration, ["no progress", "on stderr"]),
    ])
    func theDefaultIsPrintedFromTheDeclaration(declaration: OptionDeclaration, lines: [String]) {
        #expect(declaration.helpLines() == lines)
    }

    @Test func aLongDefaultWrapsAtTheWidth() {
        let declaration = Option("--threads", value: "N", .integer(in: 1...9),
                                 shown: "1, 2 and all cores for multi-section workloads; 1 only with --metric instructions",
                                 "run the optimized engine on N threads only").declaration
        let lines = declaration.helpLines()
        #expect(lines.allSatisfy { $0.count <= 72 })
        #expect(lines.joined(separator: " ")
                == "run the optimized engine on N threads only (default: 1, 2 and all cores for multi-section workloads; 1 only with --metric instructions)")
        #expect(declaration.synopsis == "--threads N")
    }
}
