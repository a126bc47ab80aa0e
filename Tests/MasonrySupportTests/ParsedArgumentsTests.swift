// Tests of the argument parser: any order, help anywhere, values through declarations, usage errors.
import MasonrySupport
import Testing

/// The parser: options, flags and positionals in any order, help anywhere, values read through
/// their declarations, and usage errors that name the argument.
@Suite struct ParsedArgumentsTests {
    enum Size: String, CaseIterable, Sendable { case smoke, standard, full }

    static let suite = Option("--suite", value: "S", .choice, default: Size.standard, "smoke, standard or full")
    static let out = Option("--out", value: "FILE", .text, "where the results go\nand a second line")
    static let count = Option("--count", value: "N", .integer(in: 1...10), default: 3, "how many")
    static let seed = Option("--seed", value: "S", .unsignedInteger, shown: "from the clock", "the seed")
    static let share = Option("--share", value: "F", .number(in: 0...1), default: 0.05, "a share")
    static let quiet = Flag("--quiet", "no progress")
    static let worker = Flag("--worker", "internal", hidden: true)
    /// Suggests the first candidate that starts like the word, to see that the signature's suggestion is used.
    static let signature = CommandSignature(
        tool: "demo", name: "run", summary: "a demonstration", usage: ["[--suite S] [--out FILE]", "--worker"],
        discussion: "Does nothing.", options: [suite, out, count, seed, share, quiet, worker],
        suggest: { word, candidates in
            candidates.first { $0.hasPrefix(String(word.prefix(3))) }.map { "; did you mean '\($0)'?" } ?? ""
        })

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments<UsageError> {
        try ParsedArguments(arguments, signature: Self.signature)
    }

    @Test func parsesOptionsFlagsAndPositionalsInAnyOrder() throws {
        let arguments = try parse(["a", "--suite", "smoke", "--quiet", "--out=x.json", "-", "b", "--", "--count", "-h"])
        #expect(try arguments.value(Self.suite) == .smoke)
        #expect(try arguments.value(Self.out) == "x.json")
        #expect(arguments.text(Self.out) == "x.json")
        #expect(arguments.isSet(Self.quiet))
        #expect(arguments.contains(Self.quiet) && arguments.contains(Self.out) && !arguments.contains(Self.count))
        #expect(!arguments.isSet(Self.worker))
        #expect(arguments.positionals == ["a", "-", "b", "--count", "-h"])
        #expect(!arguments.wantsHelp)
    }

    @Test func absentOptionsReadAsTheirDefaults() throws {
        let arguments = try parse([])
        #expect(try arguments.value(Self.suite) == .standard)
        #expect(try arguments.value(Self.count) == 3)
        #expect(try arguments.value(Self.share) == 0.05)
        #expect(try arguments.value(Self.out) == nil)
        #expect(try arguments.value(Self.seed) == nil)
    }

    @Test(arguments: [["-h"], ["--help"], ["file.json", "-h"], ["--suite", "smoke", "--help", "x"], ["--frobnicate", "--help"]])
    func helpIsAskedForAnywhere(arguments: [String]) throws {
        #expect(try parse(arguments).wantsHelp)
    }

    @Test(arguments: [
        (["--suit", "smoke"], "unknown option '--suit'; did you mean '--suite'?"),
        (["-x"], "unknown option '-x'"),
        (["--suite"], "--suite needs a value (--suite S)"),
        (["--quiet=1"], "--quiet takes no value"),
        (["--out", "a", "--out", "b"], "--out given twice"),
        (["--worke"], "unknown option '--worke'"),
    ])
    func usageErrorsNameTheArgument(arguments: [String], problem: String) {
        #expect(throws: UsageError(command: "demo run", problem: problem)) { try parse(arguments) }
    }

    @Test(arguments: [
        (["--suite", "smok"], "--suite must be one of smoke, standard, full, got 'smok'; did you mean 'smoke'?"),
        (["--count", "11"], "--count must be an integer in 1...10, got '11'"),
        (["--count=x"], "--count must be an integer in 1...10, got 'x'"),
        (["--seed", "-3"], "--seed must be an unsigned integer, got '-3'"),
        (["--share", "nan"], "--share must be a number in 0.0...1.0, got 'nan'"),
    ])
    func badValuesNameTheOptionAndWhatItAllows(arguments: [String], problem: String) throws {
        let parsed = try parse(arguments)
        #expect(throws: UsageError(command: "demo run", problem: problem)) {
            _ = try parsed.value(Self.suite)
            _ = try parsed.value(Self.count)
            _ = try parsed.value(Self.seed)
            _ = try parsed.value(Self.share)
        }
    }

    @Test func aValueCanBeReadWithAnotherRange() throws {
        let parsed = try parse(["--count", "20"])
        #expect(try parsed.value(Self.count, reading: .integer(in: 1...100)) == 20)
        #expect(throws: UsageError.self) { try parsed.value(Self.count) }
    }

    @Test(arguments: [
        ([], "missing ROOT"),
        (["a"], "missing DEST"),
        (["a", "b", "c", "d"], "unexpected argument 'd'"),
    ])
    func positionalsAreCountedByName(arguments: [String], problem: String) throws {
        let parsed = try parse(arguments)
        #expect(throws: UsageError(command: "demo run", problem: problem)) { try parsed.positionals(["ROOT", "DEST"], optional: 1) }
    }

    @Test func theMessagePointsAtTheHelp() {
        #expect(UsageError.usage("demo run", "missing ROOT").message == "demo run: missing ROOT (see 'demo run --help')")
    }
}
