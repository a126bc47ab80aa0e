// The checked-in list of mutants whose fate is known: equivalent mutants and known survivors.
/// The checked-in list of mutants whose fate is known (`Scripts/mutants.txt`): equivalent
/// mutants (no observable change: not counted in the score) and known survivors (counted as not
/// killed, but a sample run does not fail on them), each keyed by `Mutant.fingerprint`, with the
/// reason.
///
/// One mutant per line, fields separated by ` | `:
/// `fingerprint | kind | where | mutated line | reason`, where `kind` is `equivalent` or
/// `survivor`; `where` and `mutated line` are for the reader (they are not matched). Blank lines
/// and lines starting with `#` are comments.
public struct MutantList: Sendable {
    public enum Kind: String, Sendable {
        case equivalent
        case survivor
    }

    public struct Entry: Sendable, Equatable {
        public var kind: Kind
        public var reason: String
    }

    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// Reads the list; an error names the line.
    public init(text: String) throws(MutantListError) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: " | ", omittingEmptySubsequences: false).map { String($0) }
            guard fields.count >= 5 else {
                throw MutantListError(line: index + 1, message: "expected 'fingerprint | kind | where | mutated line | reason'")
            }
            guard fields[0].count == 16, fields[0].allSatisfy(\.isHexDigit) else {
                throw MutantListError(line: index + 1, message: "'\(fields[0])' is not a 16-digit fingerprint")
            }
            guard let kind = Kind(rawValue: fields[1]) else {
                throw MutantListError(line: index + 1, message: "kind must be 'equivalent' or 'survivor', got '\(fields[1])'")
            }
            let reason = fields[4...].joined(separator: " | ")
            guard reason.contains(where: { $0 != " " }) else {
                throw MutantListError(line: index + 1, message: "every entry needs a reason")
            }
            entries[fields[0]] = Entry(kind: kind, reason: reason)
        }
    }

    public func entry(for mutant: Mutant) -> Entry? { entries[mutant.fingerprint] }

    /// An entry line for `mutant`, in the list's format.
    public static func line(for mutant: Mutant, kind: Kind, reason: String) -> String {
        let fileName = mutant.file.split(separator: "/").last.map(String.init) ?? mutant.file
        return "\(mutant.fingerprint) | \(kind.rawValue) | \(fileName):\(mutant.line) \(mutant.mutationOperator.rawValue) | "
            + "\(Mutant.trimmed(mutant.mutated).replacing(" | ", with: " ¦ ")) | \(reason)"
    }
}

/// A malformed line in a mutant list.
public struct MutantListError: Error, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

