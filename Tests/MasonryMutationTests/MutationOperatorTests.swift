// Tests of the mutation operators' edits (in code only) and of mutants' fingerprints and the mutant list.
import Foundation
@testable import MasonryMutation
import Testing

/// Each operator makes the edits it documents, and only in code.
@Suite struct MutationOperatorTests {
    private func mutations(_ source: String, _ mutationOperator: MutationOperator) -> [String] {
        MutantCatalog.mutants(inFile: "Sources/X/Example.swift", source: source)
            .filter { $0.mutationOperator == mutationOperator }
            .map { Mutant.trimmed($0.mutated) }
    }

    @Test(arguments: [
        (MutationOperator.relational, "if a < b, c >= d { f(\"x < y\") }  // e > f",
         ["if a <= b, c >= d { f(\"x < y\") }  // e > f", "if a < b, c > d { f(\"x < y\") }  // e > f"]),
        (.equality, "let same = a == b && c != d", ["let same = a != b && c != d", "let same = a == b && c == d"]),
        (.rangeBound, "for i in 0..<n { a[1...] = b[x...y]; f(Int...) }",
         ["for i in 0...n { a[1...] = b[x...y]; f(Int...) }", "for i in 0..<n { a[1...] = b[x..<y]; f(Int...) }"]),
        (.constant, "let k = max(64, 16_384) + 0x1F + 1.5 + 1e3 + 0x1p-48 + pair.0 + SIMD8.size + $0",
         ["let k = max(65, 16_384) + 0x1F + 1.5 + 1e3 + 0x1p-48 + pair.0 + SIMD8.size + $0",
          "let k = max(64, 16385) + 0x1F + 1.5 + 1e3 + 0x1p-48 + pair.0 + SIMD8.size + $0"]),
        (.sumOrder, "y = a + b[i] + f(c) - 2 + (d + e) * 3",
         ["y = a + f(c) + b[i] - 2 + (d + e) * 3"]),
        (.sumOrder, "y = a - b + (d + e)", ["y = a - (d + e) + b", "y = a - b + d + e"]),
        (.sumOrder, "lanes = lanes + (heights + spacing)", ["lanes = lanes + heights + spacing"]),
        (.sumOrder, "let x = a + b", []),
        (.sumOrder, "let i = offset + (middle + 1) * columns", []),
    ])
    func operatorsEditCodeOnly(mutationOperator: MutationOperator, line: String, expected: [String]) {
        #expect(mutations(line, mutationOperator) == expected)
    }

    @Test func statementsAreDroppedInUpdatePathsOnly() {
        let source = """
            mutating func layOut(from first: Int) {
                count = first
                items.append(
                    first)
                for item in 0..<first {
                    total += item
                }
                let kept = first
                helper(kept)
            }
            func query() -> Int {
                count = 1
                return count
            }
            """
        let dropped = MutantCatalog.mutants(inFile: "A.swift", source: source)
            .filter { $0.mutationOperator == .dropStatement }
            .map { Mutant.trimmed($0.original) }
        #expect(dropped == ["count = first", "total += item", "helper(kept)"])
        let mutant = MutantCatalog.mutants(inFile: "A.swift", source: source).first { $0.mutationOperator == .dropStatement }!
        #expect(mutant.mutated == "    _ = 0")
    }

    @Test func blockCommentsAndMultilineStringsAreNotCode() {
        let source = """
            /* a < b
               c < d */ let x = e < f
            let text = \"\"\"
                g < h
                \"\"\"
            """
        #expect(mutations(source, .relational) == ["c < d */ let x = e <= f"])
    }

    /// A release build, which Scripts/mutate scores, does not evaluate assertions: each of their
    /// mutants would be equivalent by construction.
    @Test func assertionsAreNotMutated() {
        let source = """
            assert(a < b, "a \\(c) < b")
                assert(index >= 0)
            assertionFailure("x < y")
            precondition(d < e)
            let asserted = f < g
            """
        #expect(mutations(source, .relational) == ["precondition(d <= e)", "let asserted = f <= g"])
    }
}

/// Mutants are named across edits and applied exactly.
@Suite struct MutantTests {
    @Test func theFingerprintIgnoresLineNumbersAndIndentation() {
        let one = MutantCatalog.mutants(inFile: "Sources/A/File.swift", source: "let a = b < c")
        let moved = MutantCatalog.mutants(inFile: "Other/File.swift", source: "\n\n    let a = b < c")
        #expect(one.count == 1 && moved.count == 1)
        #expect(one[0].fingerprint == moved[0].fingerprint)
        #expect(one[0].fingerprint.count == 16)
        #expect(one[0].id == "Sources/A/File.swift:1:relational:0")
        let changed = MutantCatalog.mutants(inFile: "Sources/A/File.swift", source: "let a = b < d")
        #expect(changed[0].fingerprint != one[0].fingerprint)
    }

    @Test func applyingChecksTheLine() throws {
        let source = "let a = 1\nlet b = c < d\n"
        let mutant = try #require(MutantCatalog.mutants(inFile: "F.swift", source: source).first { $0.mutationOperator == .relational })
        #expect(MutantCatalog.apply(mutant, to: source) == "let a = 1\nlet b = c <= d\n")
        #expect(MutantCatalog.apply(mutant, to: "let a = 1\nlet b = c > d\n") == nil)
    }

    @Test func theListReadsEntriesAndNamesBadLines() throws {
        let mutant = MutantCatalog.mutants(inFile: "F.swift", source: "let q = a | b < c")[0]
        let line = MutantList.line(for: mutant, kind: .equivalent, reason: "only the capacity changes")
        #expect(line.contains("a ¦ b <= c"))
        let list = try MutantList(text: "# comment\n\n\(line)\n")
        #expect(list.entry(for: mutant) == MutantList.Entry(kind: .equivalent, reason: "only the capacity changes"))
        #expect(throws: MutantListError.self) { try MutantList(text: "0123456789abcdef | maybe | x | y | z") }
        #expect(throws: MutantListError.self) { try MutantList(text: "xyz | equivalent | x | y | z") }
        #expect(throws: MutantListError.self) { try MutantList(text: "0123456789abcdef | equivalent | x | y |  ") }
    }

    @Test func theCheckedInListReads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/mutants.txt")
        let list = try MutantList(text: String(decoding: try Data(contentsOf: path), as: UTF8.self))
        #expect(!list.entries.isEmpty)
        #expect(list.entries.values.allSatisfy { !$0.reason.isEmpty })
    }
}
