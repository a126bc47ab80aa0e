import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Every class of bad input is refused with a typed error that names the field.
@Suite struct LayoutDescriptionValidationTests {
    private static func document(_ section: String, top: String = "") -> String {
        "{\"width\": 100, \(top) \"sections\": [{\"columns\": 2, \"itemHeights\": [1, 2]}, \(section)]}"
    }

    @Test(arguments: [
        ("{", "", LayoutError.Kind.malformedJSON),
        ("{\"width\": 100, \"sections\": [}", "", .malformedJSON),
        ("[1, 2", "", .malformedJSON),
        ("{\"width\": 100, \"sections\": []} x", "", .malformedJSON),
        ("{\"width\": NaN, \"sections\": []}", "", .malformedJSON),
        ("{\"width\": 01, \"sections\": []}", "", .malformedJSON),
        ("{\"width\": 1, \"width\": 2, \"sections\": []}", "", .malformedJSON),
        ("{\"width\": 100}", "sections", .missingField),
        ("{\"sections\": []}", "width", .missingField),
        ("{\"width\": \"100\", \"sections\": []}", "width", .wrongType),
        ("{\"width\": 100, \"sections\": {}}", "sections", .wrongType),
        ("{\"width\": 100, \"sections\": [], \"colums\": 2}", "colums", .unknownField),
        ("{\"width\": 1e400, \"sections\": []}", "width", .invalidValue),
        ("{\"width\": -1, \"sections\": []}", "width", .invalidValue),
        ("{\"width\": 0, \"sections\": []}", "width", .invalidValue),
        ("{\"width\": 1e16, \"sections\": []}", "width", .invalidValue),
        ("{\"width\": 100, \"placement\": \"random\", \"sections\": []}", "placement", .invalidValue),
        ("{\"width\": 100, \"tieBreak\": 1, \"sections\": []}", "tieBreak", .wrongType),
        (document("{\"columns\": 0, \"itemHeights\": []}"), "sections[1].columns", .invalidValue),
        (document("{\"columns\": 2.5, \"itemHeights\": []}"), "sections[1].columns", .invalidValue),
        (document("{\"columns\": 1e300, \"itemHeights\": []}"), "sections[1].columns", .invalidValue),
        (document("{\"columns\": 1025, \"itemHeights\": []}"), "sections[1].columns", .invalidValue),
        (document("{\"columns\": 2}"), "sections[1].itemHeights", .missingField),
        (document("{\"columns\": 2, \"itemHeights\": [1, -2]}"), "sections[1].itemHeights[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, null]}"), "sections[1].itemHeights[1]", .wrongType),
        (document("{\"columns\": 2, \"itemHeights\": [1e999]}"), "sections[1].itemHeights[0]", .invalidValue),
        (document("{\"columns\": 2, \"inset\": {\"left\": -0.5}, \"itemHeights\": []}"), "sections[1].inset.left", .invalidValue),
        (document("{\"columns\": 2, \"inset\": {\"middle\": 1}, \"itemHeights\": []}"), "sections[1].inset.middle", .unknownField),
        (document("{\"columns\": 2, \"inset\": {\"left\": 60, \"right\": 40}, \"itemHeights\": []}"), "sections[1]", .invalidValue),
        (document("{\"columns\": 3, \"columnSpacing\": 50, \"itemHeights\": []}"), "sections[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemSpacing\": -1, \"itemHeights\": []}"), "sections[1].itemSpacing", .invalidValue),
        (document("{\"columns\": 2, \"headerHeight\": 10, \"itemHeights\": []}", top: "\"sectionStart\": \"continueColumns\","),
         "sections[1]", .unsupportedCombination),
        (document("{\"columns\": 3, \"itemHeights\": []}", top: "\"sectionStart\": \"continueColumns\","),
         "sections[1].columns", .unsupportedCombination),
        ("{\"width\": 100, \"sections\": [\"\u{1}\"]}", "", .malformedJSON),
    ])
    func badDocumentsAreRefusedNamingTheField(json: String, path: String, kind: LayoutError.Kind) {
        #expect {
            try LayoutDescription(json: Array(json.utf8))
        } throws: { error in
            let error = error as! LayoutError
            return error.kind == kind && error.path == path
        }
    }

    @Test func messagesReadAsOneLine() {
        let json = Array("{\"width\": 100, \"sections\": [{\"columns\": 0, \"itemHeights\": []}]}".utf8)
        #expect(throws: LayoutError(.invalidValue, at: "sections[0].columns", "must be an integer >= 1 and <= 1024, got 0")) {
            try LayoutDescription(json: json)
        }
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: LayoutError.self) { try LayoutDescription(json: Array(json.utf8)) }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        let bytes: [UInt8] = Array("{\"width\": 1, \"sections\": [], \"".utf8) + [0xFF, 0xFE] + Array("\": 1}".utf8)
        #expect { try LayoutDescription(json: bytes) } throws: { ($0 as! LayoutError).kind == .malformedJSON }
    }

    @Test func defaultsAndRoundTrip() throws {
        let json = "{\"width\": 390.5, \"sections\": [{\"columns\": 2.0, \"itemHeights\": [0.1, 1e-300, 5e-324, 12]}]}"
        let description = try LayoutDescription(json: Array(json.utf8))
        #expect(description.placement == .shortestColumn)
        #expect(description.tieBreak == .lowestIndex)
        #expect(description.sectionStart == .belowLongestColumn)
        #expect(description.columnWidthRounding == .none)
        #expect(description.sections[0].columns == 2)
        #expect(description.sections[0].inset == .zero)
        #expect(try LayoutDescription(json: Array(description.jsonText().utf8)) == description)
    }

    @Test func escapesAndUnicodeInStrings() throws {
        let json = "{\"width\": 1, \"placement\": \"round\\u0052obin\", \"sections\": []}"
        #expect(try LayoutDescription(json: Array(json.utf8)).placement == .roundRobin)
    }
}

/// Regression: -0 lengths (valid: -0 >= 0) made columns start at -0, whose bit pattern orders
/// above +0 in the optimized engine's integer comparisons while the reference sees a tie.
@Suite struct NegativeZeroTests {
    @Test(arguments: TieBreak.allCases)
    func negativeZeroLengthsLayOutLikeZero(tieBreak: TieBreak) throws {
        let section = SectionDescription(columns: 3, inset: EdgeInsets(top: -0.0), itemSpacing: -0.0,
                                         headerHeight: -0.0, itemHeights: [-0.0, 0, -0.0, 5, -0.0])
        let description = try LayoutDescription(width: 30, tieBreak: tieBreak, sections: [section])
        #expect(description.sections[0].itemHeights.allSatisfy { $0.sign == .plus })
        var generator = RandomLayoutGenerator(seed: 1)
        expectSameLayout(OptimizedLayoutEngine(description, threads: 1), as: ReferenceLayoutEngine(description), generator: &generator)
        var engine = OptimizedLayoutEngine(description, threads: 1)
        try engine.apply(.appendItems(section: 0, heights: [-0.0, -0.0]))
        #expect(engine.layoutDescription.sections[0].itemHeights.allSatisfy { $0.sign == .plus })
        expectSameLayout(engine, as: ReferenceLayoutEngine(engine.layoutDescription), generator: &generator)
    }
}
