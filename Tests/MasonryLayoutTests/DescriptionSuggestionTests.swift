// Tests that misspelt fields and values get suggestions before "is required", and a UTF-8 BOM is read past.
import MasonryLayout
import Testing

/// A misspelt field or value is named with the field the user probably meant, before any
/// "is required" that the misspelling causes; a UTF-8 byte-order mark is read past (issue 13).
@Suite struct DescriptionSuggestionTests {
    static func error(_ json: String) -> LayoutError? {
        do {
            _ = try LayoutDescription(json: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"columnSpaceing\": 4, \"itemHeights\": []}]}",
         "sections[0].columnSpaceing: is not a field of format v3; did you mean \"columnSpacing\"?"),
        // The misspelt field is reported, not the required field it leaves out.
        ("{\"widht\": 100, \"sections\": []}", "widht: is not a field of format v3; did you mean \"width\"?"),
        ("{\"width\": 100, \"sections\": [{\"colums\": 2, \"itemHeights\": []}]}",
         "sections[0].colums: is not a field of format v3; did you mean \"columns\"?"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeigths\": [1]}]}",
         "sections[0].itemHeigths: is not a field of format v3; did you mean \"itemHeights\"?"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"inset\": {\"lft\": 1}, \"itemHeights\": []}]}",
         "sections[0].inset.lft: is not a field of format v3; did you mean \"left\"?"),
        // Nothing close: no guess.
        ("{\"width\": 100, \"colour\": \"red\", \"sections\": []}", "colour: is not a field of format v3 here"),
    ])
    func unknownFieldsSuggestTheNearestField(json: String, message: String) {
        let error = Self.error(json)
        #expect(error?.kind == .unknownField)
        #expect(error?.description == message)
    }

    @Test(arguments: [
        ("{\"width\": 100, \"axis\": \"horizonal\", \"sections\": []}",
         "axis: must be \"vertical\" or \"horizontal\", got \"horizonal\"; did you mean \"horizontal\"?"),
        ("{\"width\": 100, \"placement\": \"roundrobin\", \"sections\": []}",
         "placement: must be \"shortestColumn\" or \"roundRobin\", got \"roundrobin\"; did you mean \"roundRobin\"?"),
        ("{\"width\": 100, \"sectionStart\": \"continueColumn\", \"sections\": []}",
         "sectionStart: must be \"belowLongestColumn\" or \"continueColumns\", got \"continueColumn\"; did you mean \"continueColumns\"?"),
        ("{\"width\": 100, \"axis\": \"diagonal\", \"sections\": []}", "axis: must be \"vertical\" or \"horizontal\", got \"diagonal\""),
    ])
    func unknownValuesSuggestTheNearestValue(json: String, message: String) {
        #expect(Self.error(json)?.description == message)
    }

    /// Editors on Windows write a UTF-8 byte-order mark; RFC 8259 lets a parser ignore it, and the
    /// description reads as it would without it.
    @Test func aUTF8ByteOrderMarkIsReadPast() throws {
        let json = "{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [10, 20]}]}"
        let withMark = try LayoutDescription(json: [0xEF, 0xBB, 0xBF] + Array(json.utf8))
        #expect(withMark == (try LayoutDescription(json: Array(json.utf8))))
    }

    @Test(arguments: [
        ([0xFF, 0xFE] as [UInt8], "UTF-16 (little-endian) byte-order mark"),
        ([0xFE, 0xFF] as [UInt8], "UTF-16 (big-endian) byte-order mark"),
    ])
    func otherByteOrderMarksAreNamed(mark: [UInt8], words: String) {
        do {
            _ = try LayoutDescription(json: mark + Array("{}".utf8))
            Issue.record("a UTF-16 document was accepted")
        } catch {
            #expect(error.kind == .malformedJSON)
            #expect(error.message.contains(words), "\(error)")
            #expect(error.message.contains("save it as UTF-8"), "\(error)")
        }
    }

    @Test func aByteOrderMarkElsewhereIsStillRefused() {
        let bytes = Array("{\"width\": 100, ".utf8) + [0xEF, 0xBB, 0xBF] + Array("\"sections\": []}".utf8)
        #expect(throws: LayoutError.self) { try LayoutDescription(json: bytes) }
    }
}
