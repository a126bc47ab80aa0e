// The `--threads` list reader: comma-separated counts in 1...4096, or `all` for every active core.
import Foundation
import MasonrySupport

/// Reads a `--threads` list such as `1,2,8`; `all` stands for every active core.
extension OptionReader where Value == [Int] {
    /// Comma-separated counts in 1...4096 or `all`, in the order given, without repeats.
    static var threadList: OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            var counts: [Int] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let count = item == "all" ? ProcessInfo.processInfo.activeProcessorCount : Int(item)
                guard let count, (1...4096).contains(count) else {
                    throw InvalidOptionValue("\(name) must be a comma-separated list of counts in 1...4096 or 'all', got '\(text)'")
                }
                if !counts.contains(count) { counts.append(count) }
            }
            return counts
        }, describe: { $0.map(String.init).joined(separator: ",") })
    }
}
