// Tests of `masonry`'s argument parsing: exit status 2, a pointer to the help, spelling suggestions.
@testable import MasonryCommandLine
import MasonrySupport
import Testing

/// `masonry`'s arguments: MasonrySupport's parser with the tool's failure (exit status 2, a line
/// that points at the command's help) and its spelling suggestions.
@Suite struct ArgumentsTests {
    enum Size: String, CaseIterable, Sendable { case smoke, standard, full }

    static let suite = Option("--suite", value: "S", .choice, default: Size.standard, "smoke, standard or full")
    static let out = Option("--out", value: "FILE", .text, "where the results go")
    static let quiet = Flag("--quiet", "no progress")
    static let worker = Flag("--worker", "internal", hidden: true)
    static let signature = CommandSignature(
        name: "demo", summary: "a demonstration", usage: ["[--suite S] [--out FILE]", "--worker"],
        discussion: "Does nothing.", options: [suite, out, quiet, worker])

    @Test(arguments: [
        (["--suit", "smoke"], "masonry demo: unknown option '--suit'; did you mean '--suite'? (see 'masonry demo --help')"),
        (["--worke"], "masonry demo: unknown option '--worke' (see 'masonry demo --help')"),
        (["--suite"], "masonry demo: --suite needs a value (--suite S) (see 'masonry demo --help')"),
    ])
    func usageErrorsNameTheArgument(arguments: [String], message: String) {
        do {
            _ = try Arguments(arguments, signature: Self.signature)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.message == message)
            #expect(error.status == .badInput)
        }
    }

    @Test func choicesSuggestTheIntendedValue() throws {
        let arguments = try Arguments(["--suite", "smok"], signature: Self.signature)
        do {
            _ = try arguments.value(Self.suite)
            Issue.record("a misspelt value was accepted")
        } catch {
            #expect(error.message == "masonry demo: --suite must be one of smoke, standard, full, got 'smok'; did you mean 'smoke'? "
                    + "(see 'masonry demo --help')")
        }
        #expect(try Arguments([], signature: Self.signature).value(Self.suite) == .standard)
    }

    @Test func theHelpIsTheTools() {
        let help = Self.signature.helpText
        #expect(help.hasPrefix("USAGE: masonry demo [--suite S] [--out FILE]\n       masonry demo --worker\n"))
        #expect(help.contains("\n  --suite S     smoke, standard or full (default: standard)\n"))
    }
}
