// Tests of the files ClusterFuzzLite reads: the seed corpus of reproducers passes, the dictionary holds every field.
import Foundation
import MasonryLayout
@testable import MasonryVerification
import Testing

/// `.clusterfuzzlite/`'s inputs that are data rather than scripts: the seed corpus
/// (`Tests/Fixtures/fuzz-reproducers/`: scenario chains the shipped engine passes) and the
/// libFuzzer dictionary, which must name every field of the formats and every value of their
/// string fields, so that a field added to the schema or to the scenario writer fails here until
/// the dictionary has it.
@Suite struct ClusterFuzzLiteFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func reproducers() throws -> [URL] {
        let folder = repository.appendingPathComponent("Tests/Fixtures/fuzz-reproducers")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    @Test func theReproducersAreScenarioChainsTheShippedEnginePasses() throws {
        let files = try Self.reproducers()
        #expect(files.count >= 20)
        let checker = ScenarioChecker(minimumItemsForThreads: ScenarioChecker.fuzzingMinimumItemsForThreads)
        for file in files {
            let chain = try ScenarioChain(json: Array(Data(contentsOf: file)))
            let failure = checker.check(chain, threads: chain.threads.first ?? 1)
            #expect(failure == nil, "\(file.lastPathComponent): \(failure?.message ?? "")")
        }
    }

    /// Every key and string value of the schema, of the reproducers and of generated scenario
    /// chains (updates, queries, anchors of every kind the generator writes) is in the dictionary.
    @Test func theDictionaryNamesEveryFieldAndValue() throws {
        let dictionary = try String(contentsOf: Self.repository.appendingPathComponent(".clusterfuzzlite/masonry_fuzzer.dict"),
                                    encoding: .utf8)
        let entries = Set(dictionary.split(separator: "\n").filter { $0.hasPrefix("\"") }.map(String.init))
        var keys = Set<String>(), values = Set<String>()
        func collect(_ value: Any, schema: Bool) {
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    if schema {
                        if key == "properties", let properties = inner as? [String: Any] { keys.formUnion(properties.keys) }
                        if key == "enum", let cases = inner as? [Any] { values.formUnion(cases.compactMap { $0 as? String }) }
                    } else {
                        keys.insert(key)
                    }
                    collect(inner, schema: schema)
                }
            } else if let array = value as? [Any] {
                for inner in array { collect(inner, schema: schema) }
            } else if !schema, let text = value as? String {
                values.insert(text)
            }
        }
        let schema = Self.repository.appendingPathComponent("Schemas/layout-description.schema.json")
        collect(try JSONSerialization.jsonObject(with: Data(contentsOf: schema)), schema: true)
        var documents = try Self.reproducers().map { try Data(contentsOf: $0) }
        documents += (1...200).map { Data(Fuzzer.scenario(seed: UInt64($0)).jsonText().utf8) }
        for document in documents { collect(try JSONSerialization.jsonObject(with: document), schema: false) }
        let missing = keys.filter { !entries.contains("\"\\\"\($0)\\\":\"") }
            + values.subtracting(keys).filter { !entries.contains("\"\\\"\($0)\\\"\"") }
        #expect(missing.isEmpty, "not in .clusterfuzzlite/masonry_fuzzer.dict: \(missing.sorted())")
    }
}
