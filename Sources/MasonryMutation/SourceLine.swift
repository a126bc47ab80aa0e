// One line of Swift source with a mask of which bytes are code, string contents and comments masked out.
/// One line of Swift source with a mask of which bytes are code: string literal contents and
/// comments are masked out, so that an operator is only ever found where the compiler sees one.
///
/// A line scanner, not a parser: it knows strings (with escapes and interpolation), `//` and
/// `/* */` comments and multi-line string literals (their state carries over from line to line),
/// which is all the mutation operators need. O(length).
struct SourceLine {
    /// The line's bytes (UTF-8), without the line break.
    let bytes: [UInt8]
    /// `isCode[i]` is true when byte `i` is code.
    let isCode: [Bool]

    /// What carries over from one line to the next.
    struct State: Equatable {
        var inBlockComment = false
        var inMultilineString = false
    }

    /// Scans `bytes` starting in `state` and returns the line and the state after it.
    static func scan(_ bytes: [UInt8], state: State) -> (SourceLine, State) {
        var isCode = [Bool](repeating: false, count: bytes.count)
        var state = state
        var index = 0
        var inString = false
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            if state.inBlockComment {
                if bytes[index] == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
                    state.inBlockComment = false
                    index += 2
                } else {
                    index += 1
                }
            } else if state.inMultilineString {
                if bytes[index] == UInt8(ascii: "\""), at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\"") {
                    state.inMultilineString = false
                    index += 3
                } else {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            } else if inString {
                if bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                } else {
                    if bytes[index] == UInt8(ascii: "\"") { inString = false }
                    index += 1
                }
            } else if bytes[index] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") {
                break  // the rest is a comment
            } else if bytes[index] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                state.inBlockComment = true
                index += 2
            } else if bytes[index] == UInt8(ascii: "\"") {
                if at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\"") {
                    state.inMultilineString = true
                    index += 3
                } else {
                    inString = true
                    index += 1
                }
            } else {
                isCode[index] = true
                index += 1
            }
        }
        return (SourceLine(bytes: bytes, isCode: isCode), state)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The code without indentation and without a trailing comment.
    var trimmedCode: String {
        guard let last = isCode.lastIndex(of: true) else { return "" }
        let first = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? 0
        return first <= last ? String(decoding: bytes[first...last], as: UTF8.self) : ""
    }

    /// Whether `pattern` occurs at `index`, every byte of it code.
    func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] || !isCode[index + offset] {
            return false
        }
        return true
    }

    /// Every index where `pattern` occurs in code.
    func occurrences(of pattern: String) -> [Int] {
        let pattern = Array(pattern.utf8)
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { matches(pattern, at: $0) }
    }

    /// The line with `range` replaced by `replacement`.
    func replacing(_ range: Range<Int>, with replacement: String) -> String {
        String(decoding: bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...], as: UTF8.self)
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The end of the term (an operand: a name, a literal, member accesses, calls and subscripts,
    /// a parenthesized group) that starts at `start`, or nil when none starts there.
    func termEnd(from start: Int) -> Int? {
        var index = start
        while index < bytes.count, isCode[index] {
            let byte = bytes[index]
            if Self.isIdentifier(byte) || byte == UInt8(ascii: ".") {
                index += 1
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                // A group or literal at the start, a call or subscript after a name.
                guard let close = matchingClose(from: index) else { return nil }
                index = close + 1
            } else {
                break
            }
        }
        return index > start ? index : nil
    }

    /// The start of the term that ends just before `end`, or nil when none ends there.
    func termStart(before end: Int) -> Int? {
        var index = end
        while index > 0, isCode[index - 1] {
            let byte = bytes[index - 1]
            if Self.isIdentifier(byte) || byte == UInt8(ascii: ".") {
                index -= 1
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                guard let open = matchingOpen(before: index - 1) else { return nil }
                index = open
            } else {
                break
            }
        }
        return index < end ? index : nil
    }

    /// The index of the bracket that closes the one at `open`.
    func matchingClose(from open: Int) -> Int? { matchingBracket(from: open, step: 1) }

    /// The index of the bracket that opens the one at `close`.
    func matchingOpen(before close: Int) -> Int? { matchingBracket(from: close, step: -1) }

    /// Walks from the bracket at `start` (forward with `step` 1, backward with -1) to the one
    /// that balances it.
    private func matchingBracket(from start: Int, step: Int) -> Int? {
        var depth = 0
        var index = start
        while bytes.indices.contains(index) {
            if isCode[index] {
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += step
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= step
                default: break
                }
                if depth == 0 { return index }
            }
            index += step
        }
        return nil
    }

    /// Whether an operator that binds tighter than `+` (`*`, `/`, `%`, `&*`, `<<`, `>>`, `&`)
    /// follows `index`, so that the term before it is not an operand of the sum.
    func bindsTighterThanSum(after index: Int) -> Bool {
        var next = index
        while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
        guard next < bytes.count, isCode[next] else { return false }
        let rest = bytes[next...]
        return ["*", "/", "%", "&*", "&<<", "&>>", "<<", ">>", "& "].contains { rest.starts(with: $0.utf8) }
    }

    /// Whether the code's round and square brackets and braces balance on this line.
    var bracketsBalance: Bool {
        var depth = 0
        for (byte, code) in zip(bytes, isCode) where code {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth == 0
    }
}
