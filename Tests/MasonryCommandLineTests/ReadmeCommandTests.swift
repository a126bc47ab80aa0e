import Foundation
import Testing

/// The commands of the README's "The command-line tool" section work as written (run in process,
/// from the repository root, output redirections and comments left off).
@Suite struct ReadmeCommandTests {
    static let repository = examplesDirectory.deletingLastPathComponent()

    static var commands: [String] {
        let readme = (try? String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        guard let start = readme.range(of: "\n## The command-line tool\n") else { return [] }
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line in
            guard line.hasPrefix(".build/release/masonry ") else { return nil }
            let command = line.dropFirst(".build/release/masonry ".count)
            return String(command.prefix { $0 != ">" && $0 != "#" }).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theSectionShowsCommands() {
        #expect(Self.commands.count >= 5, "\(Self.commands)")
    }

    @Test(arguments: commands)
    func runsAsWritten(command: String) {
        let arguments = command.split(separator: " ").map { argument in
            // Paths in the README are relative to the repository root.
            argument.hasPrefix("Examples/") ? Self.repository.appendingPathComponent(String(argument)).path : String(argument)
        }
        let run = runTool(arguments)
        #expect(run.status == .success, "masonry \(command): \(run.error)")
        #expect(!run.output.isEmpty)
    }
}
