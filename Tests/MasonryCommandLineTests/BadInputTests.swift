// Tests that every bad input exits 2 with one line on stderr naming the problem and nothing on stdout.
import MasonryCommandLine
import Testing

/// Every bad input: exit status 2, one line on stderr naming the problem, nothing on stdout.
@Suite struct BadInputTests {
    static let valid = "{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1]}]}"

    @Test(arguments: [
        (["layout"], "missing FILE"),
        (["layout", "/nonexistent/file.json"], "cannot read '/nonexistent/file.json'"),
        (["layout", "VALID", "--frobnicate"], "unknown option '--frobnicate'"),
        (["layout", "VALID", "--engine", "fast"], "--engine must be one of reference, optimized"),
        (["layout", "VALID", "--format", "xml"], "--format must be one of csv, json"),
        (["layout", "VALID", "--threads", "0"], "--threads must be an integer"),
        (["layout", "VALID", "--threads"], "--threads needs a value"),
        (["layout", "VALID", "VALID"], "unexpected argument"),
        (["query", "VALID"], "missing --rect"),
        (["query", "VALID", "--rect", "1,2,3"], "--rect must be four finite numbers"),
        (["query", "VALID", "--rect", "a,b,c,d"], "--rect must be four finite numbers"),
        (["query", "VALID", "--rect", "0,0,nan,1"], "--rect must be four finite numbers"),
        (["query", "VALID", "--rect", "0,0,1e400,1"], "--rect must be four finite numbers"),
        (["query", "VALID", "--rect", "0,0,-1,1"], "--rect width and height must be >= 0"),
        (["query", "VALID", "--rect", "0,0,1,1", "--edges", "opn"], "--edges must be one of closed, open, got 'opn'"),
        (["query", "VALID", "--rect", "0,0,1,1", "--edges"], "--edges needs a value"),
        (["query", "VALID", "--rect", "0,0,1,1", "--pin-headers=yes"], "--pin-headers takes no value"),
        (["query", "VALID", "--rect", "0,0,1,1", "--format", "xml"], "--format must be one of csv, json"),
        (["layout", "VALID", "--pin-headers"], "unknown option '--pin-headers'"),
        (["query", "VALID", "--rect", "0,0,1,1", "--anchor", "--edges", "open"], "--edges does not apply to --anchor"),
        (["query", "VALID", "--rect", "0,0,1,1", "--anchor", "--pin-headers"], "--pin-headers does not apply to --anchor"),
        (["query", "VALID", "--anchor"], "missing --rect"),
        (["layout", "VALID", "--anchor"], "unknown option '--anchor'"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        ([], "missing command"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let path = try temporaryFile(Self.valid)
        let run = runTool(arguments.map { $0 == "VALID" ? path : $0 })
        #expect(run.status == .badInput)
        #expect(run.output.isEmpty)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.error.filter { $0 == "\n" }.count == 1, "one line: \(run.error)")
    }

    @Test(arguments: [
        ("", "malformed JSON"),
        ("{\"width\": 100, \"sections\": [", "malformed JSON at line 1"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 0, \"itemHeights\": []}]}", "sections[0].columns: must be an integer >= 1"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1e400]}]}", "sections[0].itemHeights[0]: must be a finite number"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [-1]}]}", "sections[0].itemHeights[0]: must be >= 0"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"inset\": {\"left\": 100}, \"itemHeights\": []}]}", "sections[0]: insets and column spacing leave no room"),
        ("{\"width\": \"wide\", \"sections\": []}", "width: must be a number, got a string"),
        ("{\"width\": 100, \"sectionStart\": \"continueColumns\", \"sections\": [{\"columns\": 2, \"footerHeight\": 1, \"itemHeights\": []}]}", "allows no headers or footers"),
        (String(repeating: "[", count: 5000), "nested more than 64 levels"),
        // Format v2 (issues 11 and 12).
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1]}, {\"columns\": 1, \"itemHeights\": []},"
            + " {\"columns\": 2, \"itemHeights\": [1, 1], \"itemSpans\": [1, 0]}]}",
         "sections[2].itemSpans[1]: must be an integer >= 1 or \"full\", got 0"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1, 1], \"itemSpans\": [1]}]}",
         "sections[0].itemSpans: must have one entry per item of itemHeights (2), got 1"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1], \"itemSpans\": [-2]}]}",
         "sections[0].itemSpans[0]: must be an integer >= 1 or \"full\", got -2"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1], \"itemSpans\": [1.5]}]}",
         "sections[0].itemSpans[0]: must be an integer >= 1 or \"full\", got 1.5"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"itemHeights\": [1], \"itemSpans\": [\"all\"]}]}",
         "sections[0].itemSpans[0]: must be an integer >= 1 or \"full\", got \"all\""),
        ("{\"width\": 100, \"axis\": \"diagonal\", \"sections\": []}", "axis: must be \"vertical\" or \"horizontal\", got \"diagonal\""),
        ("{\"width\": 100, \"direction\": \"upward\", \"sections\": []}",
         "direction: must be \"leftToRight\" or \"rightToLeft\", got \"upward\""),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"minColumnWidth\": 40, \"itemHeights\": []}]}",
         "sections[0].minColumnWidth: is refused beside columns: give exactly one of the two"),
        ("{\"width\": 100, \"sections\": [{\"itemHeights\": []}]}", "sections[0].columns: is required (or minColumnWidth"),
        ("{\"width\": 100, \"sections\": [{\"minColumnWidth\": 40, \"maxColumns\": 0, \"itemHeights\": []}]}",
         "sections[0].maxColumns: must be an integer >= 1, got 0"),
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"maxColumns\": 2, \"itemHeights\": []}]}",
         "sections[0].maxColumns: is refused beside columns"),
        ("{\"width\": 100, \"displayScale\": 0, \"sections\": []}", "displayScale: must be > 0, got 0.0"),
        ("{\"width\": 100, \"displayScale\": -3, \"sections\": []}", "displayScale: must be > 0, got -3.0"),
        ("{\"width\": 100, \"trailingItemSpacing\": \"exclude\", \"sectionStart\": \"continueColumns\", \"sections\": []}",
         "trailingItemSpacing: \"exclude\" needs sectionStart \"belowLongestColumn\""),
        // Misspellings (issue 13): the field or value that was probably meant.
        ("{\"width\": 100, \"sections\": [{\"columns\": 2, \"columnSpaceing\": 4, \"itemHeights\": []}]}",
         "sections[0].columnSpaceing: is not a field of format v3; did you mean \"columnSpacing\"?"),
        ("{\"width\": 100, \"tieBreak\": \"highestIndx\", \"sections\": []}", "got \"highestIndx\"; did you mean \"highestIndex\"?"),
        ("{\"width\": 100, \"columnWidthRounding\": \"ceil\", \"sections\": []}",
         "columnWidthRounding: must be \"none\" or \"nearest\" or \"floor\", got \"ceil\""),
    ])
    func invalidDescriptionsNameTheFile(json: String, message: String) throws {
        let path = try temporaryFile(json)
        for command in [["layout", path], ["query", path, "--rect", "0,0,1,1"]] {
            let run = runTool(command)
            #expect(run.status == .badInput)
            #expect(run.output.isEmpty)
            #expect(run.error.hasPrefix("masonry \(command[0]): \(path): "), "\(run.error)")
            #expect(run.error.contains(message), "\(run.error)")
            #expect(run.error.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test(arguments: [["--help"], ["help"], ["layout", "--help"], ["query", "--help"]])
    func helpIsAvailableEverywhere(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == .success)
        #expect(run.output.contains("USAGE: masonry"))
    }
}
