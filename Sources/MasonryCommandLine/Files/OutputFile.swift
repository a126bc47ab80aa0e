// Writes result files atomically (a temporary file renamed over the target), and checks paths first.
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

    /// Fails now, before minutes of work, when `paths` cannot be written: one is a directory, or
    /// their folder cannot be created or written. Creates the folder, as `write` would.
    static func checkWritable(_ paths: [String]) throws(CommandFailure) {
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CommandFailure(.badInput, "cannot write '\(path)': it is a directory")
            }
        }
        guard let path = paths.first else { return }
        let url = URL(fileURLWithPath: path)
        let probe = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.badInput, "cannot write '\(path)': \(error.localizedDescription)")
        }
        let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure(.badInput, "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe.path)
    }

    /// `path` with its extension replaced: `Results/latest.json` → `Results/latest.md`.
    static func sibling(of path: String, extension newExtension: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().appendingPathExtension(newExtension).path
    }
}
