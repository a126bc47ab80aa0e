// Tests of the callgrind profile parser: self and inclusive counts, name and position compression, bad lines.
@testable import MasonryBenchmarkHarness
import Testing

@Suite struct CallgrindProfileTests {
    static func counts(_ text: String) throws -> [String: [UInt64]] {
        try CallgrindProfile(parsing: text[...]).functions.mapValues { [$0.inclusive, $0.exclusive] }
    }

    /// main calls work twice (inclusive 30 + 12) and has 5 + 2 of its own; work's own 40 + 2.
    @Test func callLinesAreInclusiveAndTheRestSelf() throws {
        let profile = """
            positions: line
            events: Ir
            fl=(1) main.swift
            fn=(1) main
            3 5
            cfn=(2) work
            calls=2 10
            4 42
            5 2
            fn=(2)
            10 40
            11 2
            totals: 49
            """
        #expect(try Self.counts(profile) == ["main": [49, 7], "work": [42, 42]])
    }

    /// `fn=(id)` after `cfn=(id) name` refers to the name the call line defined; a name defined
    /// again under another id and a file switch (`fi=`/`fe=`) change nothing.
    @Test func compressedNamesReferBackAcrossFnAndCfn() throws {
        let profile = """
            positions: line
            events: Ir
            fn=(7) outer
            1 1
            cfn=(8) inner
            calls=1 20
            2 9
            fi=(3) inlined.swift
            30 4
            fe=(1)
            3 1
            fn=(8)
            20 9
            fn=(7)
            4 2
            """
        #expect(try Self.counts(profile) == ["outer": [17, 8], "inner": [9, 9]])
    }

    /// Positions compressed relative to the last (`+3`, `-2`, `*`), two of them (`instr line`),
    /// and cost lines with no cost (zero).
    @Test func subpositionCompressionAndTwoPositions() throws {
        let profile = """
            positions: instr line
            events: Ir
            fn=(1) f
            0x10 3 4
            +2 * 5
            -1 +1 6
            * -2
            cfn=(2) g
            calls=1 0x40 9
            +4 * 7
            fn=(2)
            0x40 9 7
            """
        #expect(try Self.counts(profile) == ["f": [22, 15], "g": [7, 7]])
    }

    @Test(arguments: [
        ("fn=(1)\n1 2", "used before it is defined"),
        ("1 2", "before any 'fn='"),
        ("fn=(1) f\n1 x", "is not a count"),
        ("fn=(1 f", "has no ')'"),
    ])
    func malformedProfilesAreRefused(text: String, problem: String) {
        #expect { try CallgrindProfile(parsing: text[...]) } throws: { error in
            (error as? CallgrindProfile.ParseError)?.description.contains(problem) == true
        }
    }

    @Test func functionCostsAreDividedByCallsAndKeepTheTop() throws {
        let lines = (0..<100).map { "fn=(\($0)) f\($0)\n1 \(($0 + 1) * 10)" }.joined(separator: "\n")
        let costs = try InstructionCounter.functionCosts(inProfile: "positions: line\nevents: Ir\n" + lines, calls: 10)
        #expect(costs.count == FunctionCost.keptPerCount)
        #expect(costs.first == FunctionCost(name: "f99", inclusive: 100, exclusive: 100))
    }

    /// The union of the top by inclusive and the top by self: a leaf heavy in itself and a caller
    /// heavy through it both stay.
    @Test func theTopIsTheUnionOfBothOrders() {
        let functions = [FunctionCost(name: "caller", inclusive: 100, exclusive: 1), FunctionCost(name: "leaf", inclusive: 50, exclusive: 50),
                         FunctionCost(name: "small", inclusive: 2, exclusive: 2)]
        #expect(FunctionCost.top(functions, count: 1).map(\.name) == ["caller", "leaf"])
    }

    /// callgrind names a recursive call's level `'2`: the suffix is kept apart for demangling.
    @Test(arguments: [("$sSi'2", "$sSi", "'2"), ("main", "main", ""), ("f'", "f'", ""), ("o'k'12", "o'k", "'12")])
    func recursionSuffixesAreSplitOff(name: String, symbol: String, suffix: String) {
        #expect(InstructionCounter.splitRecursionSuffix(name) == (symbol, suffix))
    }
}
