// The public API of the library products MasonryVerification and MasonryBenchmarkHarness: the entry points only, each documented.
import Foundation
import Testing

/// What a package that depends on `MasonryVerification` or `MasonryBenchmarkHarness` sees: the
/// `CandidateEngine` entry points and the types they take and return. Everything else in the
/// two modules is `package`, for the tool and the tests, so that the API stays small on purpose:
/// a declaration made public is added here, with a doc comment, in the same change.
@Suite struct LibraryProductsAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let productSources = ["Sources/MasonryVerification", "Benchmarks/MasonryBenchmarkHarness"]

    /// `file: kind name` for every public declaration.
    static let expected: Set<String> = [
        "CandidateEngine.swift: struct CandidateEngine", "CandidateEngine.swift: let name", "CandidateEngine.swift: let format",
        "CandidateEngine.swift: let unsupported", "CandidateEngine.swift: init",
        "CandidateEngine+Fuzzing.swift: func fuzz", "CandidateEngine+Fuzzing.swift: func replay",
        "CandidateEngine+Verification.swift: func verify",
        "CandidateEngine+Benchmarks.swift: func benchmark",
        "CandidateError.swift: struct CandidateError", "CandidateError.swift: let description",
        "CandidateFinding.swift: struct CandidateFinding", "CandidateFinding.swift: let message", "CandidateFinding.swift: let reproducer",
        "CandidateFinding.swift: let items", "CandidateFinding.swift: var description",
        "FuzzReport.swift: struct FuzzReport", "FuzzReport.swift: let engine", "FuzzReport.swift: let cases",
        "FuzzReport.swift: let skippedByFeature", "FuzzReport.swift: let skippedCases", "FuzzReport.swift: let seconds",
        "FuzzReport.swift: let failure", "FuzzReport.swift: let failingCaseSeed", "FuzzReport.swift: let failingCaseItems",
        "FuzzReport.swift: var description",
        "VerificationReport.swift: struct VerificationReport", "VerificationReport.swift: let engine", "VerificationReport.swift: let size",
        "VerificationReport.swift: let shard", "VerificationReport.swift: let layouts", "VerificationReport.swift: let frames",
        "VerificationReport.swift: let queries", "VerificationReport.swift: let updates", "VerificationReport.swift: let skippedLayouts",
        "VerificationReport.swift: let skippedUpdates", "VerificationReport.swift: let seconds", "VerificationReport.swift: let failure",
        "VerificationReport.swift: var description",
        "VerificationSize.swift: enum VerificationSize",
        "EngineFeature.swift: enum EngineFeature", "EngineFeature.swift: var format", "EngineFeature.swift: func <",
        "Shard.swift: struct Shard", "Shard.swift: let number", "Shard.swift: let count", "Shard.swift: let whole", "Shard.swift: init",
        "Shard.swift: var description",
        "CandidateBenchmarks.swift: struct CandidateBenchmarks", "CandidateBenchmarks.swift: struct Result", "CandidateBenchmarks.swift: let name",
        "CandidateBenchmarks.swift: let medianNanoseconds", "CandidateBenchmarks.swift: let nanosecondsPerItem",
        "CandidateBenchmarks.swift: let engine", "CandidateBenchmarks.swift: let results", "CandidateBenchmarks.swift: let mismatches",
        "CandidateBenchmarks.swift: let skipped", "CandidateBenchmarks.swift: func resultFile", "CandidateBenchmarks.swift: var description",
        "Workload.swift: enum BenchmarkSuite",
    ]

    /// Protocol witnesses whose meaning the protocol documents.
    static let witnesses: Set<String> = ["var description", "func <"]

    struct Declaration {
        var key: String
        var documented: Bool
    }

    static func publicDeclarations() throws -> [Declaration] {
        let pattern = try Regex(#"^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:static\s+)?(struct|enum|class|protocol|typealias|func|init|var|let)\b\s*([A-Za-z_]+|<)?"#)
        var found: [Declaration] = []
        for folder in productSources {
            let directory = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            for file in files where file.pathExtension == "swift" {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    guard let match = try pattern.firstMatch(in: String(line)) else { continue }
                    let kind = String(match.output[1].substring!)
                    let name = kind == "init" ? "" : match.output[2].substring.map { " " + String($0) } ?? ""
                    var previous = index - 1
                    while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                    let documented = previous >= 0 && lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                    found.append(Declaration(key: "\(file.lastPathComponent): \(kind)\(name)", documented: documented))
                }
            }
        }
        return found
    }

    @Test func thePublicAPIIsTheEntryPointsAndTheirTypes() throws {
        let keys = Set(try Self.publicDeclarations().map(\.key))
        #expect(keys.subtracting(Self.expected).sorted() == [], "made public without being added to the list")
        #expect(Self.expected.subtracting(keys).sorted() == [], "listed, but no longer public")
    }

    @Test func everyPublicDeclarationIsDocumented() throws {
        let undocumented = try Self.publicDeclarations().filter { declaration in
            !declaration.documented && !Self.witnesses.contains { declaration.key.hasSuffix(": " + $0) }
        }
        #expect(undocumented.map(\.key) == [])
    }
}
