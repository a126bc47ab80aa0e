// The thread counts the tools try by default: 1, 2 and every active core.
import Foundation

/// Thread counts the tools try when the user names none.
public enum ThreadCounts {
    /// 1, 2 and every active core, without repeats, ascending: the single-threaded path, the
    /// smallest parallel one, and the machine's widest.
    public static var standard: [Int] {
        Array(Set([1, 2, ProcessInfo.processInfo.activeProcessorCount])).sorted()
    }
}
