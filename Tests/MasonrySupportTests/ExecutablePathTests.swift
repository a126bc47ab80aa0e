// Tests of ExecutablePath, the path the tool starts itself again with.
import Foundation
import MasonrySupport
import Testing

@Suite struct ExecutablePathTests {
    @Test func theExecutableIsAnAbsolutePathToAnExecutableFile() {
        let path = ExecutablePath.current()
        #expect(path.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: path))
    }
}
