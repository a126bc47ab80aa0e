// JSONParser: strict RFC 8259 JSON from UTF-8 bytes.
/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Masonry parses JSON itself rather than through `JSONSerialization` so that it controls what
/// matters for untrusted input: a nesting limit (no stack exhaustion), numbers read with
/// correct rounding and checked by the caller (`1e400` becomes infinity and is refused there),
/// UTF-8 validation, duplicate keys refused, and an error that says where the problem is.
/// O(n) in the size of the input.
package struct JSONParser {
    /// Deeper documents are refused: a layout description needs four levels.
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package static func parse(_ data: some Collection<UInt8>) throws(LayoutError) -> JSONValue {
        let array = Array(data)
        do {
            return try array.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer)
                try parser.skipByteOrderMark()
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                guard parser.position == buffer.count else {
                    throw parser.error("unexpected data after the JSON value")
                }
                return value
            }
        } catch let error as LayoutError {
            throw error
        } catch {
            throw LayoutError(.malformedJSON, at: "", "malformed JSON: \(error)")
        }
    }

    /// Reads past a UTF-8 byte-order mark at the start, which RFC 8259 (section 8.1) lets a
    /// parser ignore and Windows editors write; refuses UTF-16 and UTF-32 with a message that
    /// names the encoding rather than an unexpected byte.
    private mutating func skipByteOrderMark() throws(LayoutError) {
        let marks: [(bytes: [UInt8], encoding: String?)] = [
            ([0xEF, 0xBB, 0xBF], nil), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian)"),
            ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"), ([0xFE, 0xFF], "UTF-16 (big-endian)"),
            ([0xFF, 0xFE], "UTF-16 (little-endian)"),
        ]
        guard let mark = marks.first(where: { bytes.starts(with: $0.bytes) }) else { return }
        if let encoding = mark.encoding {
            throw LayoutError(.malformedJSON, at: "", "malformed JSON: the document starts with a \(encoding) byte-order mark; "
                              + "a layout description is UTF-8: save it as UTF-8")
        }
        position = mark.bytes.count
    }

    // MARK: Values

    private mutating func parseValue() throws(LayoutError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[position]))")
        }
    }

    private mutating func parseObject() throws(LayoutError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let keyStart = position
            let key = try parseString()
            guard keys.insert(key).inserted else {
                position = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after a key") }
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw error("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(LayoutError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw error("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enterContainer() throws(LayoutError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nested more than \(Self.maximumDepth) levels deep")
        }
    }

    /// Reads `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and converts it with correct rounding.
    private mutating func parseNumber() throws(LayoutError) -> Double {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else if try digits() == 0 {
            throw error("expected a digit")
        }
        if consume(UInt8(ascii: ".")), try digits() == 0 {
            throw error("expected a digit after '.'")
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if try digits() == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else {
            position = start
            throw error("unreadable number \(text)")
        }
        return value
    }

    private mutating func digits() throws(LayoutError) -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    private mutating func parseString() throws(LayoutError) -> String {
        position += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = position
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try appendValidated(runStart..<position, to: &scalars)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                try appendValidated(runStart..<position, to: &scalars)
                position += 1
                scalars.append(try parseEscape())
                runStart = position
                continue
            }
            position += 1
        }
    }

    private mutating func parseEscape() throws(LayoutError) -> Unicode.Scalar {
        guard position < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw error("unpaired surrogate in \\u escape")
                }
                let second = try hexQuad()
                guard (0xDC00..<0xE000).contains(second) else { throw error("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate in \\u escape") }
            return scalar
        default:
            position -= 1
            throw error("unknown escape \\\(describe(byte))")
        }
    }

    private mutating func hexQuad() throws(LayoutError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
                throw error("expected four hex digits in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Appends the raw bytes `range` of a string, refusing bytes that are not UTF-8.
    private func appendValidated(_ range: Range<Int>, to scalars: inout String.UnicodeScalarView) throws(LayoutError) {
        var iterator = bytes[range].makeIterator()
        var decoder = UTF8()
        var offset = range.lowerBound
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return
            case .error:
                throw LayoutError(.malformedJSON, at: "", "malformed JSON at \(location(of: offset)): bytes that are not UTF-8 in a string")
            }
        }
    }

    // MARK: Tokens

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(LayoutError) {
        let start = position
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard consume(expected) else {
                position = start
                throw error("unexpected character \(describe(bytes[start]))")
            }
        }
    }

    // MARK: Errors

    private func error(_ message: String) -> LayoutError {
        LayoutError(.malformedJSON, at: "", "malformed JSON at \(location(of: position)): \(message)")
    }

    /// "line L, column C" (both from 1, columns in bytes) of a byte offset.
    private func location(of offset: Int) -> String {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
