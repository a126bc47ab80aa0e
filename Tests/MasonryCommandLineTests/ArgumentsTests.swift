@testable import MasonryCommandLine
import Testing

@Suite struct ArgumentsTests {
    static let suite = CommandOption("--suite", value: "S", "smoke, standard (default) or full")
    static let out = CommandOption("--out", value: "FILE", "where the results go\nand a second line")
    static let quiet = CommandOption(flag: "--quiet", "no progress")
    static let worker = CommandOption(flag: "--worker", "internal", hidden: true)
    static let signature = CommandSignature(
        name: "demo", summary: "a demonstration", usage: ["[--suite S] [--out FILE]", "--worker"],
        discussion: "Does nothing.", options: [suite, out, quiet, worker])

    @Test func parsesOptionsFlagsAndPositionalsInAnyOrder() throws {
        let arguments = try Arguments(["a", "--suite", "smoke", "--quiet", "--out=x.json", "-", "b"], signature: Self.signature)
        #expect(arguments[Self.suite] == "smoke")
        #expect(arguments[Self.out] == "x.json")
        #expect(arguments.isSet(Self.quiet))
        #expect(!arguments.isSet(Self.worker))
        #expect(arguments.positionals == ["a", "-", "b"])
        #expect(!arguments.wantsHelp)
    }

    @Test(arguments: [["-h"], ["--help"], ["file.json", "-h"], ["--suite", "smoke", "--help", "x"]])
    func helpIsAskedForAnywhere(arguments: [String]) throws {
        #expect(try Arguments(arguments, signature: Self.signature).wantsHelp)
    }

    @Test(arguments: [
        (["--suit", "smoke"], "masonry demo: unknown option '--suit'; did you mean '--suite'? (see 'masonry demo --help')"),
        (["-x"], "masonry demo: unknown option '-x' (see 'masonry demo --help')"),
        (["--suite"], "masonry demo: --suite needs a value (--suite S) (see 'masonry demo --help')"),
        (["--quiet=1"], "masonry demo: --quiet takes no value (see 'masonry demo --help')"),
        (["--out", "a", "--out", "b"], "masonry demo: --out given twice (see 'masonry demo --help')"),
        (["--worke"], "masonry demo: unknown option '--worke' (see 'masonry demo --help')"),
    ])
    func usageErrorsNameTheArgument(arguments: [String], message: String) {
        #expect(throws: CommandFailure.self) { try Arguments(arguments, signature: Self.signature) }
        do {
            _ = try Arguments(arguments, signature: Self.signature)
        } catch {
            #expect(error.message == message)
            #expect(error.status == .badInput)
        }
    }

    enum Size: String, CaseIterable { case smoke, standard, full }

    @Test func choicesSuggestTheIntendedValue() throws {
        let arguments = try Arguments(["--suite", "smok"], signature: Self.signature)
        do {
            let _: Size = try arguments.choice(Self.suite, default: .standard)
            Issue.record("a misspelt value was accepted")
        } catch {
            #expect(error.message.contains("--suite must be one of smoke, standard, full, got 'smok'; did you mean 'smoke'?"))
        }
        let absent = try Arguments([], signature: Self.signature)
        #expect(try absent.choice(Self.suite, default: Size.full) == .full)
    }

    @Test func theHelpIsRenderedFromTheDeclarations() {
        let help = Self.signature.helpText
        #expect(help.hasPrefix("USAGE: masonry demo [--suite S] [--out FILE]\n       masonry demo --worker\n"))
        #expect(help.contains("\n  --suite S     smoke, standard (default) or full\n"))
        #expect(help.contains("\n  --out FILE    where the results go\n                and a second line\n"))
        #expect(help.contains("\n  --help        show this help (also -h)\n"))
        #expect(!help.contains("--worker  "))
        #expect(help.hasSuffix("Exit status: 0 success, 2 bad input or usage (one line on stderr).\n"))
    }
}
