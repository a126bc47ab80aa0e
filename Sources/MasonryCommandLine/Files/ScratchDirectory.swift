// Creates a fresh temporary directory for a command's intermediate files.
import Foundation

/// A new, empty temporary directory for a command's intermediate files; the caller removes it.
enum ScratchDirectory {
    /// Creates `masonry-PURPOSE-UUID` in the temporary directory.
    static func make(_ purpose: String) throws(CommandFailure) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("masonry-\(purpose)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.badInput, "cannot create '\(directory.path)': \(error.localizedDescription)")
        }
        return directory
    }
}
