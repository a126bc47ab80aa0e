// SwiftDemangler: Swift's mangled symbol names made readable by one `swift demangle --compact` run.
/// Demangles Swift symbol names (`$s13MasonryLayout…`) with the toolchain's
/// `swift demangle --compact`, one process for all of them; names it leaves alone or cannot
/// reach (no `swift` on PATH, a failure) stay as they are.
public enum SwiftDemangler {
    /// Each of `names` that looks mangled (`$s`, `_$s`, `$S`, `_T0`) to its demangled form; others
    /// are absent. One subprocess, the names as its arguments. O(total length).
    public static func demangle(_ names: [String]) -> [String: String] {
        let mangled = names.filter { name in ["$s", "_$s", "$S", "_$S", "_T0"].contains { name.hasPrefix($0) } }
        guard !mangled.isEmpty, let swift = ExecutablePath.onPath("swift"),
              let completion = try? Subprocess.run(swift, ["demangle", "--compact"] + mangled, output: .pipe, error: .discarded),
              completion.termination == .exited(0) else { return [:] }
        let lines = String(decoding: completion.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // One line per name; a different count means the output cannot be matched up.
        guard lines.count >= mangled.count else { return [:] }
        return Dictionary(zip(mangled, lines.prefix(mangled.count).map(String.init)), uniquingKeysWith: { first, _ in first })
    }
}
