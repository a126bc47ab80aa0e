// The order of result files' commits in a git checkout (parents first) and their subjects.
import MasonrySupport

/// Where commits stand in a git checkout's history, parents before children, with their subject
/// lines: how `masonry history` orders result files when git can tell.
enum CommitOrder {
    /// A commit as the checkout knows it.
    struct Known: Equatable {
        /// Its rank in `git log --topo-order --reverse` of all the commits asked about: parents first.
        var position: Int
        var subject: String
    }

    /// Each of `commits` (hashes as the result files name them, full or abbreviated) with its
    /// rank and subject; nil outside a git checkout, where git cannot be started, or when the
    /// checkout at `directory` does not know one of them as a commit. Starts git twice (rev-parse,
    /// then one log for all): O(the commits and their ancestors).
    static func known(_ commits: [String], in directory: String) -> [String: Known]? {
        let unique = Array(Set(commits)).sorted()
        // Only hashes reach git's command line: no option, no revision expression.
        guard !unique.isEmpty, unique.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isHexDigit) }) else { return nil }
        let git = ["git", "-C", directory]
        guard let resolved = Subprocess.output(of: "/usr/bin/env", git + ["rev-parse"] + unique.map { "\($0)^{commit}" }),
              case let hashes = resolved.split(separator: "\n").map(String.init), hashes.count == unique.count,
              let log = Subprocess.output(of: "/usr/bin/env", git + ["log", "--topo-order", "--reverse", "--format=%H%x09%s"] + hashes)
        else { return nil }
        var ranks: [String: Known] = [:]
        for (position, line) in log.split(separator: "\n").enumerated() {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            ranks[String(parts[0])] = Known(position: position, subject: parts.count > 1 ? String(parts[1]) : "")
        }
        var known: [String: Known] = [:]
        for (commit, hash) in zip(unique, hashes) {
            guard let rank = ranks[hash] else { return nil }
            known[commit] = rank
        }
        return known
    }
}
