// The mutation operators: small, local edits of one site of one line, the kind a real bug is made of.
/// The mutation operators: small, local edits of the kind a real bug is made of. Each applies to
/// one site of one line, so every mutant is one edit; a mutant that does not compile is not
/// counted.
public enum MutationOperator: String, CaseIterable, Sendable {
    /// A boundary moved: `<` ↔ `<=`, `>` ↔ `>=`.
    case relational
    /// A condition negated: `==` ↔ `!=`.
    case equality
    /// A range that takes one element more or less: `a..<b` ↔ `a...b`.
    case rangeBound
    /// An integer literal off by one: `n` → `n + 1`.
    case constant
    /// A sum formed in another order: in `a + b + c` the terms beside the second `+` swap
    /// (`a + c + b`), and `a + (b + c)` loses its parentheses (`a + b + c`). A lone `a + b` is not
    /// swapped: IEEE-754 addition commutes, so that mutant would be equivalent by construction.
    case sumOrder
    /// A statement dropped in an update path (a function whose name starts with `prepare`,
    /// `apply`, `reset`, `update`, `layOut`, `truncate` or `resize`): an assignment or a call on a
    /// line of its own becomes `_ = 0`.
    case dropStatement

    /// What a reader sees in the score's table.
    public var summary: String {
        switch self {
        case .relational: "flip < / <=, > / >="
        case .equality: "flip == / !="
        case .rangeBound: "flip ..< / ..."
        case .constant: "integer literal n -> n + 1"
        case .sumOrder: "reorder the terms of a sum"
        case .dropStatement: "drop a statement in an update path"
        }
    }

    /// Function names whose bodies are update paths, for `dropStatement`.
    static let updatePathPrefixes = ["prepare", "apply", "reset", "update", "layOut", "truncate", "resize"]

    /// The mutated versions of `line`, one per site.
    func mutations(of line: SourceLine, context: LineContext) -> [String] {
        switch self {
        case .relational:
            return Self.swaps(in: line, [(" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > ")])
        case .equality:
            return Self.swaps(in: line, [(" == ", " != "), (" != ", " == ")])
        case .rangeBound:
            return Self.rangeMutations(of: line)
        case .constant:
            return Self.constantMutations(of: line)
        case .sumOrder:
            return Self.sumMutations(of: line)
        case .dropStatement:
            return context.inUpdatePath && Self.isDroppableStatement(line, context: context)
                ? [Self.indentation(of: line) + "_ = 0"] : []
        }
    }

    private static func swaps(in line: SourceLine, _ pairs: [(String, String)]) -> [String] {
        pairs.flatMap { from, to in
            line.occurrences(of: from).map { line.replacing($0..<($0 + from.utf8.count), with: to) }
        }
    }

    /// `..<` ↔ `...` between two operands (not a one-sided range or a variadic parameter).
    private static func rangeMutations(of line: SourceLine) -> [String] {
        [("..<", "..."), ("...", "..<")].flatMap { from, to in
            line.occurrences(of: from).compactMap { index -> String? in
                let end = index + 3
                guard index > 0, end < line.bytes.count else { return nil }
                let before = line.bytes[index - 1], after = line.bytes[end]
                let operandBefore = SourceLine.isIdentifier(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
                let operandAfter = SourceLine.isIdentifier(after) || after == UInt8(ascii: "(")
                // `....` or `..<.` are not ranges.
                guard operandBefore, operandAfter, before != UInt8(ascii: "."), after != UInt8(ascii: ".") else { return nil }
                return line.replacing(index..<end, with: to)
            }
        }
    }

    /// Every decimal integer literal `n` becomes `n + 1`; names (`SIMD8`, `$0`), member accesses
    /// (`pair.0`), floating-point and hexadecimal literals are left alone.
    private static func constantMutations(of line: SourceLine) -> [String] {
        var result: [String] = []
        let bytes = line.bytes
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var index = 0
        while index < bytes.count {
            let startsLiteral = line.isCode[index] && isDigit(bytes[index])
                && (index == 0 || !(SourceLine.isIdentifier(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ".")
                                    || bytes[index - 1] == UInt8(ascii: "$")))
            guard startsLiteral else {
                index += 1
                continue
            }
            // The whole numeric literal: digits, letters (0x, e, p), separators, a fraction, an exponent's sign.
            var end = index
            while end < bytes.count {
                let byte = bytes[end]
                let isExponentSign = (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"))
                    && [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[end - 1])
                    && !(bytes[index] == UInt8(ascii: "0") && end > index + 1 && bytes[index + 1] == UInt8(ascii: "x") && bytes[end - 1] == UInt8(ascii: "e"))
                let isFraction = byte == UInt8(ascii: ".") && end + 1 < bytes.count && isDigit(bytes[end + 1])
                guard SourceLine.isIdentifier(byte) || isExponentSign || isFraction else { break }
                end += 1
            }
            let literal = bytes[index..<end]
            if literal.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }),
               let value = Int(String(decoding: literal.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)), value < Int.max {
                result.append(line.replacing(index..<end, with: String(value + 1)))
            }
            index = end
        }
        return result
    }

    /// `a + b + c` → `a + c + b` (the terms beside a `+` that continues a sum) and
    /// `a + (b + c)` → `a + b + c`.
    private static func sumMutations(of line: SourceLine) -> [String] {
        var result: [String] = []
        for plus in line.occurrences(of: " + ") {
            guard let leftStart = line.termStart(before: plus), let rightEnd = line.termEnd(from: plus + 3),
                  !line.bindsTighterThanSum(after: rightEnd) else { continue }
            let continuesASum = line.matches(Array(" + ".utf8), at: leftStart - 3) || line.matches(Array(" - ".utf8), at: leftStart - 3)
            if continuesASum {
                let left = String(decoding: line.bytes[leftStart..<plus], as: UTF8.self)
                let right = String(decoding: line.bytes[(plus + 3)..<rightEnd], as: UTF8.self)
                result.append(line.replacing(leftStart..<rightEnd, with: "\(right) + \(left)"))
            }
            // A parenthesized sum on the right, and nothing applied to the group after it.
            let open = plus + 3
            if line.bytes[open] == UInt8(ascii: "("), let close = line.matchingClose(from: open), close + 1 == rightEnd,
               let innerEnd = line.termEnd(from: open + 1), line.matches(Array(" + ".utf8), at: innerEnd),
               line.termEnd(from: innerEnd + 3) == close {
                let inner = String(decoding: line.bytes[(open + 1)..<close], as: UTF8.self)
                result.append(line.replacing(open..<rightEnd, with: inner))
            }
        }
        return result
    }

    /// A line that is one whole statement (an assignment or a call) and nothing else: not a
    /// declaration, not control flow, not part of a statement spread over several lines.
    static func isDroppableStatement(_ line: SourceLine, context: LineContext) -> Bool {
        let code = line.trimmedCode
        guard !code.isEmpty, line.bracketsBalance else { return false }
        let firstWord = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let keywords: Set<Substring> = ["let", "var", "guard", "if", "else", "for", "while", "switch", "case", "default", "return",
                                        "func", "break", "continue", "defer", "do", "catch", "throw", "private", "public",
                                        "static", "init", "struct", "enum", "extension", "protocol", "typealias", "where",
                                        "repeat", "fileprivate", "internal", "mutating", "precondition", "assert", "fatalError"]
        guard !keywords.contains(firstWord), !code.hasPrefix("}"), !code.hasPrefix("{"), !code.hasPrefix("."),
              !code.hasPrefix("@"), !code.hasPrefix("#") else { return false }
        let continuation: Set<Character> = ["{", "(", "[", ",", ":", "=", "+", "-", "*", "/", "?", "&", "|", "<", ">", "."]
        guard let last = code.last, !continuation.contains(last) || last == ")" else { return false }
        let previousIsCaseLabel = context.previousCode.hasPrefix("case ") || context.previousCode.hasPrefix("default")
        if let before = context.previousCode.last, continuation.contains(before), before != "{", !previousIsCaseLabel { return false }
        if let after = context.nextCode.first, [".", "+", "-", "*", "/", "?", ":", "&", "|"].contains(after) { return false }
        let isAssignment = [" = ", " += ", " -= ", " *= ", " /= ", " |= ", " &= ", " ^= "].contains { code.contains($0) }
        let isCall = code.hasSuffix(")")
        return isAssignment || isCall
    }

    private static func indentation(of line: SourceLine) -> String {
        String(decoding: line.bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
    }
}

/// What an operator may need to know about a line's surroundings.
struct LineContext {
    /// Whether the line is in the body of an update-path function.
    var inUpdatePath = false
    /// The trimmed code of the nearest non-blank line before and after it.
    var previousCode = ""
    var nextCode = ""
}
