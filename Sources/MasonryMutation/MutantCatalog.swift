// MutantCatalog: the mutants of a source file, listed and applied.
/// Enumerates the mutants of Swift source files and applies one of them.
public enum MutantCatalog {
    /// Statements a release build does not evaluate: their mutants would all be equivalent.
    static let debugOnlyStatements = ["assert(", "assertionFailure("]

    /// Every mutant of `source` (the text of `file`), in line order, then operator order; none on
    /// a line that begins an assertion (`debugOnlyStatements`). O(length).
    public static func mutants(inFile file: String, source: String) -> [Mutant] {
        let lines = scan(source)
        let codeLines = lines.map(\.trimmedCode)
        let updatePath = updatePathLines(lines)
        var mutants: [Mutant] = []
        for (index, line) in lines.enumerated() where !debugOnlyStatements.contains(where: codeLines[index].hasPrefix) {
            let context = LineContext(
                inUpdatePath: updatePath[index],
                previousCode: codeLines[..<index].last { !$0.isEmpty } ?? "",
                nextCode: codeLines[(index + 1)...].first { !$0.isEmpty } ?? "")
            for mutationOperator in MutationOperator.allCases {
                for (site, mutated) in mutationOperator.mutations(of: line, context: context).enumerated() {
                    mutants.append(Mutant(file: file, line: index + 1, mutationOperator: mutationOperator, site: site,
                                          original: line.text, mutated: mutated))
                }
            }
        }
        return mutants
    }

    /// `source` with `mutant` applied, or nil when its line is not what the mutant was made from.
    public static func apply(_ mutant: Mutant, to source: String) -> String? {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.indices.contains(mutant.line - 1), lines[mutant.line - 1] == mutant.original else { return nil }
        lines[mutant.line - 1] = mutant.mutated
        return lines.joined(separator: "\n")
    }

    private static func scan(_ source: String) -> [SourceLine] {
        var state = SourceLine.State()
        return source.split(separator: "\n", omittingEmptySubsequences: false).map { text in
            let (line, next) = SourceLine.scan(Array(text.utf8), state: state)
            state = next
            return line
        }
    }

    /// For each line, whether it lies in the body of a function whose name starts with one of
    /// `MutationOperator.updatePathPrefixes` (nested functions and closures included).
    private static func updatePathLines(_ lines: [SourceLine]) -> [Bool] {
        var result = [Bool](repeating: false, count: lines.count)
        var depth = 0
        var updatePathDepth: Int?  // the brace depth outside the update-path function we are in
        var pendingUpdatePath = false  // a matching `func` was seen; its body starts at the next `{`
        for (index, line) in lines.enumerated() {
            let code = line.trimmedCode
            if updatePathDepth == nil, let name = functionName(in: code),
               MutationOperator.updatePathPrefixes.contains(where: { name.hasPrefix($0) }) {
                pendingUpdatePath = true
            }
            for (byte, isCode) in zip(line.bytes, line.isCode) where isCode {
                if byte == UInt8(ascii: "{") {
                    if pendingUpdatePath {
                        updatePathDepth = depth
                        pendingUpdatePath = false
                    }
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == updatePathDepth { updatePathDepth = nil }
                }
            }
            // The line is in the body when it starts inside it (the `func` line itself is not).
            result[index] = updatePathDepth != nil && !code.contains("func ")
        }
        return result
    }

    /// The name declared by a `func` on this line.
    private static func functionName(in code: String) -> String? {
        guard let range = code.firstRange(of: "func ") else { return nil }
        return String(code[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
}
