// Tests that the pictures README.md shows are what `masonry layout --format svg` draws of their examples today.
import Foundation
import Testing

/// README's pictures of format v3's options (Examples/Pictures) are the tool's drawings of the
/// examples, byte for byte: a change to the layout or the drawing that leaves them stale fails
/// here, with the command that redraws them.
@Suite struct ExamplePictureTests {
    static let pictures = ["reading-order", "stamped-page", "centred-fixed-width", "chat-feed", "unequal-columns"]

    @Test(arguments: pictures)
    func thePictureIsTheToolsDrawingOfItsExample(name: String) throws {
        let example = examplesDirectory.appendingPathComponent("\(name).json").path
        let run = runTool("layout", example, "--format", "svg")
        #expect(run.status == .success, "\(run.error)")
        // The title names the file as given: the repository-relative path README's command uses.
        let drawn = run.output.replacingOccurrences(of: example, with: "Examples/\(name).json")
        let committed = try String(contentsOf: examplesDirectory.appendingPathComponent("Pictures/\(name).svg"), encoding: .utf8)
        #expect(drawn == committed, "Examples/Pictures/\(name).svg is stale: redraw it with .build/release/masonry layout Examples/\(name).json --format svg > Examples/Pictures/\(name).svg")
    }

    @Test func readmeShowsEveryPicture() throws {
        let readme = try String(contentsOf: examplesDirectory.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        for name in Self.pictures {
            #expect(readme.contains("](Examples/Pictures/\(name).svg)"), "README.md does not show Examples/Pictures/\(name).svg")
        }
    }
}
