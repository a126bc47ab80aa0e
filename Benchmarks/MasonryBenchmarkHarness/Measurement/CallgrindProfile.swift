// CallgrindProfile: a callgrind profile dump read into each function's inclusive and self instructions.
/// A callgrind profile dump (https://valgrind.org/docs/manual/cl-format.html) read into the
/// instructions (the first event, `Ir`) of each function: `exclusive` (self), the sum of its
/// cost lines, and `inclusive`, that plus the cost line after each `calls=` line in its blocks
/// (the call's inclusive cost). A recursive function's inclusive count counts its recursion
/// again, as callgrind_annotate's does.
///
/// What it reads: `fn=`/`cfn=` with name compression (`(id) name` defines, `(id)` refers back;
/// both share one table), `calls=` followed by one cost line, cost lines whose positions (as
/// many as `positions:` names) may be compressed (`+3`, `-2`, `*`) and whose costs may be
/// missing (zero); every other line (`fl=`, `fi=`, `fe=`, `ob=`, `jump=`, headers) is skipped.
struct CallgrindProfile {
    /// Instructions per function name, in the profile's units (not divided by calls).
    private(set) var functions: [String: (inclusive: UInt64, exclusive: UInt64)] = [:]

    /// Why a profile could not be read.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads `text`. O(lines).
    init(parsing text: Substring) throws(ParseError) {
        var names: [Substring: String] = [:]
        var current: String?
        var positions = 1
        var pendingCall = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                guard let function = current else {
                    throw ParseError(description: "line \(index + 1): a cost line before any 'fn='")
                }
                let cost = try Self.firstCost(line, positions: positions, lineNumber: index + 1)
                functions[function, default: (0, 0)].inclusive += cost
                if !pendingCall { functions[function, default: (0, 0)].exclusive += cost }
                pendingCall = false
            } else if line.hasPrefix("fn=") {
                current = try Self.name(line.dropFirst(3), &names, lineNumber: index + 1)
                functions[current!, default: (0, 0)].inclusive += 0
            } else if line.hasPrefix("cfn=") {
                // Defines a name for later references; the caller stays `current`.
                _ = try Self.name(line.dropFirst(4), &names, lineNumber: index + 1)
            } else if line.hasPrefix("calls=") {
                pendingCall = true
            } else if line.hasPrefix("positions:") {
                positions = line.dropFirst("positions:".count).split(separator: " ").count
            }
        }
    }

    /// `(id) name` (defines id), `(id)` (refers back to it) or `name` (uncompressed).
    private static func name(_ text: Substring, _ names: inout [Substring: String], lineNumber: Int) throws(ParseError) -> String {
        guard text.first == "(" else { return String(text) }
        guard let close = text.firstIndex(of: ")") else {
            throw ParseError(description: "line \(lineNumber): '\(text)' has no ')'")
        }
        let id = text[text.index(after: text.startIndex)..<close]
        let rest = text[text.index(after: close)...].drop { $0 == " " }
        if !rest.isEmpty {
            names[id] = String(rest)
            return String(rest)
        }
        guard let name = names[id] else {
            throw ParseError(description: "line \(lineNumber): name (\(id)) is used before it is defined")
        }
        return name
    }

    /// The first event's cost on a cost line: the field after its `positions` positions (0
    /// when the line stops there).
    private static func firstCost(_ line: Substring, positions: Int, lineNumber: Int) throws(ParseError) -> UInt64 {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count > positions else { return 0 }
        guard let cost = UInt64(fields[positions]) else {
            throw ParseError(description: "line \(lineNumber): '\(fields[positions])' in '\(line)' is not a count")
        }
        return cost
    }
}
