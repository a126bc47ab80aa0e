// Tests of description validation: bad input refused with typed errors naming the field; -0 read as 0.
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
        (document("{\"columns\": 2, \"itemHeights\": [1, null]}"), "sections[1].itemHeights[1]", .missingField),
        (document("{\"columns\": 2, \"itemHeights\": [1, \"2\"]}"), "sections[1].itemHeights[1]", .wrongType),
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
    ] + formatV2Cases + formatV3Cases)
    func badDocumentsAreRefusedNamingTheField(json: String, path: String, kind: LayoutError.Kind) {
        #expect {
            try LayoutDescription(json: Array(json.utf8))
        } throws: { error in
            let error = error as! LayoutError
            return error.kind == kind && error.path == path
        }
    }

    /// Format v3's fields (null heights, estimates, unmeasuredItems, remeasure), misspelt, of the
    /// wrong type or out of range, and the combinations the format refuses.
    static let formatV3Cases: [(String, String, LayoutError.Kind)] = [
        (document("{\"columns\": 2, \"itemHeights\": [1, true]}"), "sections[1].itemHeights[1]", LayoutError.Kind.wrongType),
        (document("{\"columns\": 2, \"estimatedItemHeight\": -1, \"itemHeights\": [null]}"), "sections[1].estimatedItemHeight", .invalidValue),
        (document("{\"columns\": 2, \"estimatedItemHeight\": 1e300, \"itemHeights\": [null]}"), "sections[1].estimatedItemHeight", .invalidValue),
        (document("{\"columns\": 2, \"estimatedItemHeight\": \"300\", \"itemHeights\": [null]}"), "sections[1].estimatedItemHeight", .wrongType),
        (document("{\"columns\": 2, \"estimatedItemHeigth\": 3, \"itemHeights\": [null]}"), "sections[1].estimatedItemHeigth", .unknownField),
        (document("{\"columns\": 2, \"estimatedItemHeight\": 3, \"itemHeights\": [null, 4]}", top: "\"unmeasuredItems\": \"deferred\","),
         "sections[1].itemHeights[1]", .unsupportedCombination),
        (document("{\"columns\": 2, \"itemHeights\": []}", top: "\"unmeasuredItems\": \"deffered\","), "unmeasuredItems", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": []}", top: "\"unmeasuredItems\": 1,"), "unmeasuredItems", .wrongType),
        (document("{\"columns\": 2, \"itemHeights\": []}", top: "\"unmeasuredItems\": \"deferred\", \"sectionStart\": \"continueColumns\","),
         "unmeasuredItems", .unsupportedCombination),
        (document("{\"columns\": 2, \"itemHeights\": []}", top: "\"remeasure\": \"keep\","), "remeasure", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": []}", top: "\"remeasure\": \"keepColumns\", \"sectionStart\": \"continueColumns\","),
         "remeasure", .unsupportedCombination),
        (document("{\"columns\": 2, \"itemHeights\": []}", top: "\"unmeasured\": \"deferred\","), "unmeasured", .unknownField),
    ]

    /// Format v2's fields: every bad input of issues 11 and 12 is refused naming the field.
    static let formatV2Cases: [(String, String, LayoutError.Kind)] = [
        ("{\"width\": 100, \"axis\": \"horizontl\", \"sections\": []}", "axis", LayoutError.Kind.invalidValue),
        ("{\"width\": 100, \"axis\": 1, \"sections\": []}", "axis", .wrongType),
        ("{\"width\": 100, \"direction\": \"rtl\", \"sections\": []}", "direction", .invalidValue),
        ("{\"width\": 100, \"columnWidthRounding\": \"ceil\", \"sections\": []}", "columnWidthRounding", .invalidValue),
        ("{\"width\": 100, \"displayScale\": 0, \"sections\": []}", "displayScale", .invalidValue),
        ("{\"width\": 100, \"displayScale\": -2, \"sections\": []}", "displayScale", .invalidValue),
        ("{\"width\": 100, \"displayScale\": 1e400, \"sections\": []}", "displayScale", .invalidValue),
        ("{\"width\": 100, \"displayScale\": \"2\", \"sections\": []}", "displayScale", .wrongType),
        ("{\"width\": 100, \"trailingItemSpacing\": \"none\", \"sections\": []}", "trailingItemSpacing", .invalidValue),
        ("{\"width\": 100, \"trailingItemSpacing\": \"exclude\", \"sectionStart\": \"continueColumns\", \"sections\": []}",
         "trailingItemSpacing", .unsupportedCombination),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [1]}"), "sections[1].itemSpans", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1], \"itemSpans\": [1, 1]}"), "sections[1].itemSpans", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [1, 0]}"), "sections[1].itemSpans[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [-1, 1]}"), "sections[1].itemSpans[0]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [1, 1.5]}"), "sections[1].itemSpans[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [1, \"wide\"]}"), "sections[1].itemSpans[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [1, null]}"), "sections[1].itemSpans[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": [1, 1e300]}"), "sections[1].itemSpans[1]", .invalidValue),
        (document("{\"columns\": 2, \"itemHeights\": [], \"itemSpans\": {}}"), "sections[1].itemSpans", .wrongType),
        (document("{\"columns\": 2, \"minColumnWidth\": 50, \"itemHeights\": []}"), "sections[1].minColumnWidth", .unsupportedCombination),
        (document("{\"itemHeights\": []}"), "sections[1].columns", .missingField),
        (document("{\"columns\": 2, \"maxColumns\": 3, \"itemHeights\": []}"), "sections[1].maxColumns", .unsupportedCombination),
        (document("{\"minColumnWidth\": 50, \"maxColumns\": 0, \"itemHeights\": []}"), "sections[1].maxColumns", .invalidValue),
        (document("{\"minColumnWidth\": 50, \"maxColumns\": -3, \"itemHeights\": []}"), "sections[1].maxColumns", .invalidValue),
        (document("{\"minColumnWidth\": 50, \"maxColumns\": 2.5, \"itemHeights\": []}"), "sections[1].maxColumns", .invalidValue),
        (document("{\"minColumnWidth\": 0, \"itemHeights\": []}"), "sections[1].minColumnWidth", .invalidValue),
        (document("{\"minColumnWidth\": -5, \"itemHeights\": []}"), "sections[1].minColumnWidth", .invalidValue),
        (document("{\"minColumnWidth\": \"wide\", \"itemHeights\": []}"), "sections[1].minColumnWidth", .wrongType),
        (document("{\"minColumnWidth\": 10, \"inset\": {\"left\": 60, \"right\": 60}, \"itemHeights\": []}"), "sections[1]", .invalidValue),
        (document("{\"minColumnWidth\": 20, \"itemHeights\": []}", top: "\"sectionStart\": \"continueColumns\","),
         "sections[1].minColumnWidth", .unsupportedCombination),
        (document("{\"columns\": 2, \"itemHeights\": [], \"itemSpan\": []}"), "sections[1].itemSpan", .unknownField),
    ]

    @Test(arguments: [
        ("[1, 0]", "sections[1].itemSpans[1]: must be an integer >= 1 or \"full\", got 0"),
        ("[-1, 1]", "sections[1].itemSpans[0]: must be an integer >= 1 or \"full\", got -1"),
        ("[1, 2.5]", "sections[1].itemSpans[1]: must be an integer >= 1 or \"full\", got 2.5"),
        ("[\"Full\", 1]", "sections[1].itemSpans[0]: must be an integer >= 1 or \"full\", got \"Full\""),
        ("[true, 1]", "sections[1].itemSpans[0]: must be an integer >= 1 or \"full\", got a boolean"),
        ("[1]", "sections[1].itemSpans: must have one entry per item of itemHeights (2), got 1"),
    ])
    func spanMessagesQuoteTheValue(spans: String, message: String) {
        let json = Self.document("{\"columns\": 2, \"itemHeights\": [1, 2], \"itemSpans\": \(spans)}")
        #expect { try LayoutDescription(json: Array(json.utf8)) } throws: { "\($0)" == message }
    }

    /// Descriptions built in code pass the same checks as documents.
    @Test func codeGetsTheSameChecks() {
        #expect(throws: LayoutError(.invalidValue, at: "sections[0].itemSpans[1]", "must be an integer >= 1 or \"full\", got 0")) {
            try LayoutDescription(width: 10, sections: [SectionDescription(columns: 2, itemHeights: [1, 1], itemSpans: [1, 0])])
        }
        #expect(throws: LayoutError(.invalidValue, at: "displayScale", "must be a finite number, got nan")) {
            try LayoutDescription(width: 10, displayScale: .nan, sections: [])
        }
        #expect(throws: LayoutError(.invalidValue, at: "sections[0].maxColumns", "must be an integer >= 1, got 0")) {
            try LayoutDescription(width: 10, sections: [SectionDescription(columnCount: .adaptive(minColumnWidth: 5, maxColumns: 0), itemHeights: [])])
        }
        #expect(throws: LayoutError(.invalidValue, at: "sections[0].minColumnWidth", "must be a finite number, got nan")) {
            try LayoutDescription(width: 10, sections: [SectionDescription(columnCount: .adaptive(minColumnWidth: .nan), itemHeights: [])])
        }
    }

    @Test func formatV2FieldsRoundTrip() throws {
        let json = """
            {"width": 390, "axis": "horizontal", "direction": "rightToLeft", "placement": "roundRobin",
             "columnWidthRounding": "floor", "displayScale": 3, "trailingItemSpacing": "exclude", "sections": [
              {"minColumnWidth": 120.5, "maxColumns": 3, "columnSpacing": 4, "itemHeights": [1, 2, 3], "itemSpans": [1, "full", 7]},
              {"minColumnWidth": 100, "itemHeights": [4]},
              {"columns": 2, "itemHeights": [5, 6]}]}
            """
        let description = try LayoutDescription(json: Array(json.utf8))
        #expect(description.axis == .horizontal)
        #expect(description.direction == .rightToLeft)
        #expect(description.columnWidthRounding == .floor)
        #expect(description.displayScale == 3)
        #expect(description.trailingItemSpacing == .exclude)
        #expect(description.sections.map(\.columnCount) == [.adaptive(minColumnWidth: 120.5, maxColumns: 3),
                                                           .adaptive(minColumnWidth: 100), .fixed(2)])
        #expect(description.sections.map(\.columns) == [3, 3, 2])
        #expect(description.sections[0].itemSpans == [1, .full, 7])
        #expect(description.sections[1].itemSpans == nil)
        let text = description.jsonText()
        #expect(try LayoutDescription(json: Array(text.utf8)) == description)
        #expect(!text.contains("\"columns\":3"))  // adaptive sections are written as they were given
    }

    /// A format v1 document reads as before: every v2 field at the value that gives v1's frames.
    @Test func formatV1DocumentsGetTheV1Defaults() throws {
        let description = try LayoutDescription(json: Array(Self.document("{\"columns\": 3, \"itemHeights\": [4]}").utf8))
        #expect(description.axis == .vertical)
        #expect(description.direction == .leftToRight)
        #expect(description.displayScale == 1)
        #expect(description.trailingItemSpacing == .include)
        #expect(description.sections.allSatisfy { $0.itemSpans == nil && $0.columnCount == .fixed($0.columns) })
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
