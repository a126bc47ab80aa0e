// Temporary files and directories the process removes when it exits, whatever became of their owners.
import Foundation
import Synchronization

/// Temporary files and directories the process removes when it exits normally (`exit`, or the
/// end of `main`: the C library's `atexit`): a net under their owners' own removals (a `defer`,
/// a `deinit`), which do not run where the process ends with the owner still alive. A crash or
/// a signal leaves them. Thread-safe; O(1) a registration.
package enum RemovalAtExit {
    /// Removes `path` (a file, or a directory and everything in it) when the process exits, if
    /// it is still there then.
    package static func register(_ path: String) {
        _ = handlerInstalled
        registered.withLock { $0.append(path) }
    }

    /// A new path `masonry-PURPOSE-UUID` then `suffix` in the temporary directory (`TMPDIR`),
    /// removed, with whatever is made there, when the process exits. Creates nothing.
    package static func path(_ purpose: String, suffix: String = "") -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("masonry-\(purpose)-\(UUID().uuidString)\(suffix)").path
        register(path)
        return path
    }

    /// A new, empty directory at `path(purpose)`, removed when the process exits.
    package static func makeDirectory(_ purpose: String) throws -> URL {
        let directory = URL(fileURLWithPath: path(purpose), isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

private let registered = Mutex<[String]>([])

/// Installs the exit handler once, on the first registration (a global's initializer runs once).
private let handlerInstalled: Void = {
    atexit {
        for path in registered.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}()
