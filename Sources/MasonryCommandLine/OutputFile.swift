#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes result files whole or not at all: each goes to a temporary file beside its target and
/// is renamed over it, so a failed run never leaves a half-written file behind.
enum OutputFile {
    static func write(_ data: Data, to path: String) throws(CommandFailure) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: temporary)
            // rename(2) replaces an existing file atomically (FileManager.replaceItemAt fails
            // here on Linux when the target exists).
            guard rename(temporary.path, url.path) == 0 else {
                throw CommandFailure(.badInput, "cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
        } catch let failure as CommandFailure {
            try? FileManager.default.removeItem(at: temporary)
            throw failure
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandFailure(.badInput, "cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    /// `path` with its extension replaced: `Results/latest.json` → `Results/latest.md`.
    static func sibling(of path: String, extension newExtension: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().appendingPathExtension(newExtension).path
    }
}
