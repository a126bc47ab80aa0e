// `ScenarioChain`: scenarios prepared in turn on one engine, and its scenario-file JSON form.
import MasonryLayout

/// Scenarios run in turn on one engine: the first description is laid out by a new engine, each
/// later one is prepared on the engine that still holds the previous layout (as a collection
/// view's layout prepares again after a reload), and each is followed by its own updates and
/// checked with its own queries and anchor steps.
///
/// Its file is a scenario file (MasonryLayout.docc/ScenarioFiles.md) when there is one scenario, and a
/// JSON array of scenarios otherwise; the first scenario's `threads` apply to the whole chain.
package struct ScenarioChain: Hashable, Sendable {
    /// At least one.
    package private(set) var scenarios: [LayoutScenario]

    package init(_ scenario: LayoutScenario) {
        scenarios = [scenario]
    }

    /// `scenarios` must not be empty.
    package init(_ scenarios: [LayoutScenario]) {
        precondition(!scenarios.isEmpty, "a chain needs at least one scenario")
        self.scenarios = scenarios
    }

    /// Thread counts to run the optimized engine with (empty: the reader's choice).
    package var threads: [Int] {
        get { scenarios[0].threads }
        set {
            for index in scenarios.indices { scenarios[index].threads = index == 0 ? newValue : [] }
        }
    }

    /// Items in every description plus the items the updates add: the size of a reproducer.
    package var totalItems: Int { scenarios.reduce(0) { $0 + $1.totalItems } }

    /// Replaces scenario `index` (for the shrinker).
    mutating func replace(_ index: Int, with scenario: LayoutScenario) {
        scenarios[index] = scenario
    }

    /// Removes scenario `index`; the chain keeps at least one.
    mutating func remove(_ index: Int) {
        precondition(scenarios.count > 1)
        let threads = self.threads
        scenarios.remove(at: index)
        self.threads = threads
    }

    /// Reads a scenario file or a JSON array of them; an error names the field, prefixed with the
    /// array index (`[1].description.width`). O(n) in the size of the document.
    package init(json bytes: some Collection<UInt8>) throws(LayoutError) {
        let bytes = Array(bytes)
        guard let first = bytes.firstIndex(where: { !Self.isWhitespace($0) }), bytes[first] == UInt8(ascii: "[") else {
            self.init(try LayoutScenario(json: bytes))
            return
        }
        var scenarios: [LayoutScenario] = []
        for (index, range) in try Self.elements(ofArrayAt: first, in: bytes).enumerated() {
            do {
                scenarios.append(try LayoutScenario(json: bytes[range]))
            } catch {
                throw LayoutError(error.kind, at: "[\(index)]" + (error.path.isEmpty ? "" : ".\(error.path)"), error.message)
            }
        }
        guard !scenarios.isEmpty else { throw LayoutError(.invalidValue, at: "", "an array of scenarios must hold at least one") }
        self.init(scenarios)
    }

    /// The chain as a scenario file, or a JSON array of scenario files; numbers in Swift's
    /// shortest round-trip form (read back bit for bit).
    package func jsonText() -> String {
        guard scenarios.count > 1 else { return scenarios[0].jsonText() }
        return "[" + scenarios.map { $0.jsonText().dropLast() }.joined(separator: ",\n") + "]\n"
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// The byte ranges of the elements of the JSON array that opens at `open`: a scan of
    /// brackets and strings (the elements themselves are parsed, strictly, by `LayoutScenario`).
    private static func elements(ofArrayAt open: Int, in bytes: [UInt8]) throws(LayoutError) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = open + 1
        for index in (open + 1)..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}") where depth > 0, UInt8(ascii: "]") where depth > 0: depth -= 1
            case UInt8(ascii: ",") where depth == 0, UInt8(ascii: "]"):
                let isEmpty = bytes[start..<index].allSatisfy(isWhitespace)
                // `[]` is an empty array; `[,` and `, ]` leave an element out.
                if isEmpty, byte == UInt8(ascii: ",") || start > open + 1 {
                    throw LayoutError(.malformedJSON, at: "[\(ranges.count)]", "an empty array element")
                }
                if !isEmpty { ranges.append(start..<index) }
                start = index + 1
                if byte == UInt8(ascii: "]") {
                    guard bytes[(index + 1)...].allSatisfy(isWhitespace) else {
                        throw LayoutError(.malformedJSON, at: "", "unexpected data after the array of scenarios")
                    }
                    return ranges
                }
            default: break
            }
        }
        throw LayoutError(.malformedJSON, at: "", "the array of scenarios is not closed")
    }
}

extension LayoutScenario {
    /// Items in the description plus items the updates add: the size of a reproducer.
    package var totalItems: Int {
        description.itemCount + updates.reduce(0) { total, update in
            switch update {
            case .appendItems(_, let heights, _), .insertItems(_, _, let heights, _): total + heights.count
            case .insertSection(let section, _): total + section.itemHeights.count
            default: total
            }
        }
    }
}
