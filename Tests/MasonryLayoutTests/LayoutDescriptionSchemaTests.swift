// Tests that the description JSON Schema accepts the examples and fuzz cases, and refuses what the tool does.
import Foundation
@testable import MasonryLayout
import MasonryWorkloads
import Testing

/// `Schemas/layout-description.schema.json` describes what the tool reads: every example and a
/// sample of the fuzzer's descriptions are valid against it, and documents the tool refuses for
/// their structure are invalid against it too.
@Suite struct LayoutDescriptionSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let validator: JSONSchemaValidator = {
        let bytes = try! Data(contentsOf: repository.appendingPathComponent("Schemas/layout-description.schema.json"))
        return JSONSchemaValidator(schema: try! JSONParser.parse(Array(bytes)))
    }()

    static var examples: [String] {
        let directory = repository.appendingPathComponent("Examples")
        return (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
    }

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 5)
    }

    @Test(arguments: examples)
    func everyExampleIsValid(name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.repository.appendingPathComponent("Examples/\(name)")))
        _ = try LayoutDescription(json: bytes)
        #expect(Self.validator.firstViolation(in: try JSONParser.parse(bytes)) == nil)
    }

    @Test func theFuzzersDescriptionsAreValid() throws {
        for seed in UInt64(0)..<300 {
            var generator = RandomLayoutGenerator(seed: seed)
            var description = generator.description(maximumSections: 4, maximumItems: 12)
            if seed % 2 == 1 {  // format v3's layout options, in every other one
                var rates = RandomLayoutGenerator.LayoutOptionRates.fuzzing
                rates.options = 1
                rates.flowTolerance = 0.5
                rates.columnWeights = 0.5
                description = generator.withLayoutOptions(description, rates: rates)
            }
            let text = description.jsonText()
            let violation = Self.validator.firstViolation(in: try JSONParser.parse(Array(text.utf8)))
            #expect(violation == nil, "seed \(seed): \(violation ?? "") in \(text)")
        }
    }

    @Test(arguments: [
        #"{"sections": []}"#,
        #"{"width": 0, "sections": []}"#,
        #"{"width": 100, "sections": [], "widht": 3}"#,
        #"{"width": 100, "placement": "shortest", "sections": []}"#,
        #"{"width": 100, "sections": [{"itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2.5, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 1025, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "minColumnWidth": 50, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "maxColumns": 3, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "columnCountTolerance": 1, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"minColumnWidth": 20, "columnCountTolerance": -1, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "maxColumnWidth": 0, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "columnAlignment": "middle", "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "itemHeights": [-1]}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "itemHeights": [1], "itemSpans": [0]}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "itemHeights": [1], "itemSpans": ["all"]}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "inset": {"top": 1, "start": 2}, "itemHeights": []}]}"#,
        #"{"width": 100, "sectionStart": "continueColumns", "sections": [{"columns": 2, "headerHeight": 5, "itemHeights": []}]}"#,
        #"{"width": 100, "sectionStart": "continueColumns", "trailingItemSpacing": "exclude", "sections": []}"#,
        #"{"width": 100, "displayScale": 0, "sections": []}"#,
        #"{"width": 100, "flowTolerance": -1, "sections": []}"#,
        #"{"width": 100, "sections": [{"columns": 2, "itemHeights": [], "stamps": [{"x": 0, "y": 0, "width": -1, "height": 1}]}]}"#,
        #"{"width": 100, "sections": [{"columns": 2, "itemHeights": [], "stamps": [{"x": 0, "y": 0, "width": 1}]}]}"#,
        #"{"width": 100, "placement": "roundRobin", "flowTolerance": 0, "sections": []}"#,
        #"{"width": 100, "sections": [{"columnWeights": [1, 0], "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columnWeights": [], "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"minColumnWidth": 20, "columnWeights": [1, 2], "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columnWeights": [1, 2], "maxColumnWidth": 20, "itemHeights": []}]}"#,
        #"{"width": 100, "sections": [{"columnWeights": [1, 2], "columnAlignment": "leading", "itemHeights": []}]}"#,
    ])
    func refusedDocumentsAreInvalid(document: String) throws {
        #expect(Self.validator.firstViolation(in: try JSONParser.parse(Array(document.utf8))) != nil)
    }

    @Test(arguments: [
        #"{"width": 100, "sections": [{"columns": 2.0, "itemHeights": [1, 2]}]}"#,
        #"{"width": 100, "sections": [{"minColumnWidth": 40, "maxColumns": 3, "itemHeights": [1], "itemSpans": ["full"]}]}"#,
        #"{"width": 100, "axis": "horizontal", "direction": "rightToLeft", "columnWidthRounding": "floor", "displayScale": 3, "trailingItemSpacing": "exclude", "sections": [{"columns": 3, "itemHeights": [1, 2], "itemSpans": [2, 1]}]}"#,
    ])
    func formatV2DocumentsAreValid(document: String) throws {
        let violation = Self.validator.firstViolation(in: try JSONParser.parse(Array(document.utf8)))
        #expect(violation == nil, "\(violation ?? "")")
    }
}
