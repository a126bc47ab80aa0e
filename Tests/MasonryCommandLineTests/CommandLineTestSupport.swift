// Helpers for the command-line tests: in-process tool runs with captured output, temporary files, hashes.
import Foundation
import MasonryCommandLine
import MasonrySupport
import Testing

/// What a run of the tool printed, and its exit status.
struct ToolRun {
    var status: ExitCode
    var output: String
    var error: String
}

/// Runs `masonry` in process with captured output.
func runTool(_ arguments: String...) -> ToolRun {
    runTool(arguments)
}

func runTool(_ arguments: [String]) -> ToolRun {
    final class Capture: @unchecked Sendable {
        var output: [UInt8] = []
        var error = ""
    }
    let capture = Capture()
    let console = Console(writeOutput: { capture.output += $0 }, writeError: { capture.error += $0 })
    let status = MasonryTool.run(arguments, console: console)
    return ToolRun(status: status, output: String(decoding: capture.output, as: UTF8.self), error: capture.error)
}

/// A temporary file holding `text`, removed when the test process ends.
func temporaryFile(_ text: String, name: String = "description.json") throws -> String {
    let directory = try RemovalAtExit.makeDirectory("tests")
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// A new path `masonry-PURPOSE-UUID` in the temporary directory, not created: removed, with
/// whatever a test makes there, when the test process ends.
func temporaryPath(_ purpose: String) -> URL {
    URL(fileURLWithPath: RemovalAtExit.path(purpose))
}

/// The repository's `Examples/` folder.
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// Outputs of format v1's code for format v1 descriptions (Tests/Fixtures/format-v1/README.md).
let formatV1Fixtures = examplesDirectory.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/format-v1")

/// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes, in 16 hexadecimal digits.
func fnv1a(_ text: String) -> String {
    let hash = text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
