// Mutant: one edit of one line of the engine's sources, and its fingerprint.
/// One mutant: a single edit of one line of the engine's sources.
public struct Mutant: Hashable, Sendable {
    /// The file, relative to the repository root.
    public var file: String
    /// 1-based line number (in the sources the mutant was made from).
    public var line: Int
    public var mutationOperator: MutationOperator
    /// Which of the operator's sites on the line (0-based), when it has several.
    public var site: Int
    /// The line before and after the edit.
    public var original: String
    public var mutated: String

    /// `file:line:operator:site`: names the mutant in one checkout of the sources.
    public var id: String { "\(file):\(line):\(mutationOperator.rawValue):\(site)" }

    /// Names the mutant across edits elsewhere in the file: a hash of the file's name, the
    /// operator and the line before and after the edit (without indentation), not of the line
    /// number. A list of equivalent mutants keyed by it stays valid while the code moves around,
    /// and loses an entry only when the mutated line itself changes.
    public var fingerprint: String {
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        let key = [fileName, mutationOperator.rawValue, Self.trimmed(original), Self.trimmed(mutated)].joined(separator: "\u{1F}")
        // FNV-1a, 64 bits: stable across platforms and Swift versions, unlike `Hasher`.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func trimmed(_ line: String) -> String {
        String(line.drop { $0 == " " || $0 == "\t" })
    }
}
