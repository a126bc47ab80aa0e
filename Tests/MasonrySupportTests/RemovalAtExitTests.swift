// Tests of RemovalAtExit: the directories it makes. (Their removal at exit is checked by
// Scripts/test, which fails when the whole suite leaves a `masonry-*` file in its TMPDIR.)
import Foundation
import MasonrySupport
import Testing

@Suite struct RemovalAtExitTests {
    @Test func makesANewEmptyDirectoryNamedForItsPurposeInTheTemporaryDirectory() throws {
        let first = try RemovalAtExit.makeDirectory("support-test")
        let second = try RemovalAtExit.makeDirectory("support-test")
        #expect(first != second)
        for directory in [first, second] {
            #expect(directory.deletingLastPathComponent().standardizedFileURL == FileManager.default.temporaryDirectory.standardizedFileURL)
            #expect(directory.lastPathComponent.hasPrefix("masonry-support-test-"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        }
    }
}
