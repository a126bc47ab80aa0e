// Tests of GitCommit, the commit the version and the result files name.
import Foundation
import MasonrySupport
import Testing

@Suite struct GitCommitTests {
    /// This file's checkout (nil where the tests run outside one, or without git).
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    @Test func theCommitIsHexAbbreviatedWhenAsked() throws {
        let full = try #require(GitCommit.current(in: Self.checkout))
        #expect(full.count == 40 && full.allSatisfy(\.isHexDigit))
        #expect(GitCommit.current(in: Self.checkout, abbreviatedTo: 12) == String(full.prefix(12)))
    }

    @Test func noCheckoutNoCommit() {
        #expect(GitCommit.current(in: "/") == nil)
    }
}
