// The tool's version number, and the git commit of the checkout it was built from when readable.
import Foundation
import MasonrySupport

/// The tool's version, and the git commit of the checkout it was built from when that can be read.
enum MasonryVersion {
    /// The release this source tree is (semantic versioning; format v2 is the 0.2 line).
    static let number = "0.2.0"

    /// `0.2.0 (commit 1a2b3c4d5e6f)`, or `0.2.0` alone when the commit cannot be read.
    static var description: String {
        commit.map { "\(number) (commit \($0))" } ?? number
    }

    /// The commit checked out in the source tree this file was compiled from (`#filePath` names it),
    /// asked of git at run time: the build records no commit of its own, so a tool built from a
    /// checkout with uncommitted changes reports the commit they sit on.
    static var commit: String? {
        GitCommit.current(in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().path, abbreviatedTo: 12)
    }
}
