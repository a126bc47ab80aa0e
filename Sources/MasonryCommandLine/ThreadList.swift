import Foundation
import MasonryWorkloads

/// Reads a `--threads` list such as `1,2,8`; `all` stands for every active core.
enum ThreadList {
    /// The counts given for `option`, or `fallback` when it is absent.
    static func parse(_ arguments: Arguments, _ option: CommandOption, default fallback: [Int]) throws(CommandFailure) -> [Int] {
        try parse(arguments[option], command: arguments.signature.qualifiedName, default: fallback)
    }

    /// `text` as a list, or `fallback` when nil.
    static func parse(_ text: String?, command: String, default fallback: [Int]) throws(CommandFailure) -> [Int] {
        guard let text else { return fallback }
        var counts: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let count = item == "all" ? ProcessInfo.processInfo.activeProcessorCount : Int(item)
            guard let count, (1...4096).contains(count) else {
                throw .usage(command, "--threads must be a comma-separated list of counts in 1...4096 or 'all', got '\(text)'")
            }
            if !counts.contains(count) { counts.append(count) }
        }
        return counts
    }

    /// 1, 2 and every core, without repeats.
    static var standard: [Int] { ThreadCounts.standard }
}
