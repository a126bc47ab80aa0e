// ExecutablePath: where this process's executable is, to start it again.
import Foundation

/// This process's executable, for the commands that start the tool again: the fuzzer's workers,
/// the measured process under valgrind, the restart under jemalloc.
public enum ExecutablePath {
    /// The executable's full path: on Linux what `/proc/self/exe` points to (whatever `argv[0]`
    /// says), elsewhere the main bundle's, else `argv[0]`.
    public static func current() -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// The full path of `name` on PATH, or nil when no directory of PATH holds an executable
    /// file of that name. O(PATH's directories).
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
