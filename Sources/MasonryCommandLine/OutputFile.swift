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
            if FileManager.default.fileExists(atPath: url.path) {
                _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
            } else {
                try FileManager.default.moveItem(at: temporary, to: url)
            }
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
