// Tests that a command's help is rendered from its declarations: usage, aligned options, hidden ones out.
import MasonrySupport
import Testing

/// The help is rendered from the declarations: usage forms, aligned options with their
/// defaults, hidden options left out.
@Suite struct CommandSignatureTests {
    static let signature = CommandSignature(
        tool: "demo", name: "run", summary: "a demonstration", usage: ["[--suite S] [--out FILE]", "--worker"],
        discussion: "Does nothing.", options: [
            Option("--suite", value: "S", .integer(in: 1...3), default: 2, "smoke, standard or full"),
            Option("--out", value: "FILE", .text, "where the results go\nand a second line"),
            Flag("--worker", "internal", hidden: true),
        ])

    @Test func theHelpIsRenderedFromTheDeclarations() {
        let help = Self.signature.helpText
        #expect(help.hasPrefix("USAGE: demo run [--suite S] [--out FILE]\n       demo run --worker\n\nDoes nothing.\n\nOPTIONS:\n"))
        #expect(help.contains("\n  --suite S     smoke, standard or full (default: 2)\n"))
        #expect(help.contains("\n  --out FILE    where the results go\n                and a second line\n"))
        #expect(help.contains("\n  --help        show this help (also -h)\n"))
        #expect(!help.contains("--worker  "))
        #expect(help.hasSuffix("\n\nExit status: 0 success, 2 bad input or usage (one line on stderr).\n"))
    }

    @Test func everyOptionIsDeclaredOnceWithHelpLast() {
        #expect(Self.signature.options.map(\.name) == ["--suite", "--out", "--worker", "--help"])
        #expect(Self.signature.option(named: "--out")?.takesValue == true)
        #expect(Self.signature.option(named: "--worker")?.takesValue == false)
        #expect(Self.signature.option(named: "--nothing") == nil)
        #expect(Self.signature.qualifiedName == "demo run")
    }
}
