// Creates a fresh temporary directory for a command's intermediate files.
import Foundation
import MasonrySupport

/// A new, empty temporary directory for a command's intermediate files; the caller removes it,
/// and the process at exit if it ends first (`RemovalAtExit`).
enum ScratchDirectory {
    /// Creates `masonry-PURPOSE-UUID` in the temporary directory.
    static func make(_ purpose: String) throws(CommandFailure) -> URL {
        do {
            return try RemovalAtExit.makeDirectory(purpose)
        } catch {
            throw CommandFailure(.badInput, "cannot create a temporary directory in '\(FileManager.default.temporaryDirectory.path)': "
                                 + error.localizedDescription)
        }
    }
}
