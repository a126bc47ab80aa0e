// The messages between `masonry fuzz` and its worker: header lines, payloads, encoded check failures.
import MasonryLayout

/// The messages between `masonry fuzz` and its worker process, over the worker's standard input
/// and output: one header line of space-separated words, then, when the last word is a byte
/// count, that many bytes of payload.
///
/// To the worker:
/// - `cases SEED FIRST COUNT THREADS [STRIDE]`: run COUNT cases of seed SEED, FIRST,
///   FIRST+STRIDE, … (STRIDE 1 when absent; a shard's cases are every N-th; thread counts a
///   comma-separated list), answering `done INDEX NANOSECONDS` after each, `skip INDEX
///   NANOSECONDS FEATURE,…` for one that uses features the external engine lacks, or
///   `fail INDEX NANOSECONDS LENGTH` + a failure, after which the worker waits for the next request.
/// - `check THREADS LENGTH` + a scenario chain's JSON: answered `pass NANOSECONDS` or
///   `fail -1 NANOSECONDS LENGTH` + a failure.
/// - `parser CASESEED`: the parser inputs of that case, each announced as `input LENGTH` + its
///   bytes before it is parsed, then `end`.
///
/// From the worker, first: `ready 1`.
enum WorkerProtocol {
    static let version = 1

    /// A header line with an optional payload.
    static func message(_ words: [String], payload: [UInt8]? = nil) -> [UInt8] {
        let header = (words + (payload.map { ["\($0.count)"] } ?? [])).joined(separator: " ") + "\n"
        return Array(header.utf8) + (payload ?? [])
    }

    // MARK: Failures

    /// A failure as bytes: its kind, message and layout, then the elements of both engines
    /// (frames as bit patterns, so they come back bit for bit).
    static func encode(_ failure: CheckFailure) -> [UInt8] {
        let message = Array(failure.message.utf8), layout = Array(failure.layout.jsonText().utf8)
        var bytes = Array("\(failure.kind.rawValue)\n\(message.count)\n".utf8) + message
        bytes += Array("\n\(layout.count)\n".utf8) + layout + [UInt8(ascii: "\n")]
        var text = ""
        for elements in [failure.candidateElements, failure.referenceElements] {
            text += "\(elements.count)\n"
            for element in elements {
                let frame = [element.frame.x, element.frame.y, element.frame.width, element.frame.height]
                    .map { String($0.bitPattern, radix: 16) }.joined(separator: " ")
                text += "\(element.kind.rawValue) \(element.section) \(element.item) \(frame)\n"
            }
        }
        bytes += Array(text.utf8)
        return bytes
    }

    /// The failure `encode` wrote, or nil for bytes it did not write.
    static func decode(_ bytes: [UInt8]) -> CheckFailure? {
        var reader = PayloadReader(bytes: bytes)
        guard let kind = reader.line().flatMap(CheckFailure.Kind.init(rawValue:)),
              let message = reader.counted(), let layoutText = reader.counted(),
              let layout = try? LayoutDescription(json: Array(layoutText.utf8)) else { return nil }
        var lists: [[LayoutElement]] = []
        for _ in 0..<2 {
            guard let count = reader.line().flatMap({ Int($0) }) else { return nil }
            var elements: [LayoutElement] = []
            for _ in 0..<count {
                guard let words = reader.line()?.split(separator: " "), words.count == 7,
                      let kind = ElementKind(rawValue: String(words[0])), let section = Int(words[1]), let item = Int(words[2]) else { return nil }
                let numbers = words[3...].compactMap { UInt64($0, radix: 16).map(Double.init(bitPattern:)) }
                guard numbers.count == 4 else { return nil }
                elements.append(LayoutElement(kind: kind, section: section, item: item,
                                              frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
            }
            lists.append(elements)
        }
        return CheckFailure(kind: kind, message: message, layout: layout, candidateElements: lists[0], referenceElements: lists[1])
    }

    private struct PayloadReader {
        let bytes: [UInt8]
        var position = 0

        mutating func line() -> String? {
            guard position < bytes.count else { return nil }
            let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { position = end + 1 }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }

        /// A length on a line of its own, then that many bytes and a line break.
        mutating func counted() -> String? {
            guard let count = line().flatMap({ Int($0) }), count >= 0, position + count <= bytes.count else { return nil }
            defer { position += count + 1 }
            return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
        }
    }
}
