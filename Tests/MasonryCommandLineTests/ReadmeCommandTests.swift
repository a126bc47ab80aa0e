// Tests that the README's and DocC articles' `masonry` commands run as written and their scenarios replay.
import Foundation
import Testing

/// The `masonry` commands that README.md and the DocC articles show in shell blocks work as written
/// (run in process, from the repository root, output redirections and comments left off), and
/// their JSON blocks (scenario files) replay.
@Suite struct ReadmeCommandTests {
    static let repository = examplesDirectory.deletingLastPathComponent()
    static let prompt = ".build/release/masonry "

    /// README.md and every article of the DocC catalog: each file's path from the repository root, and its text.
    static var documentation: [(String, String)] {
        let catalog = "Sources/MasonryLayout/MasonryLayout.docc"
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(catalog).path)) ?? []
        let files = ["README.md"] + articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        return files.map { file in (file, (try? String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)) ?? "") }
    }

    /// The contents of `text`'s fenced blocks of `language` (```sh, ```json).
    static func codeBlocks(in text: String, language: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?, inOtherBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block.joined(separator: "\n"))
                    current = nil
                } else if inOtherBlock || line != "```\(language)" {
                    inOtherBlock.toggle()
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Every documented command, with the file that shows it.
    static var commands: [(String, String)] {
        documentation.flatMap { file, text in
            codeBlocks(in: text, language: "sh").flatMap { $0.split(separator: "\n") }.filter { $0.hasPrefix(prompt) }.map { line in
                (file, line.dropFirst(prompt.count).prefix { $0 != ">" && $0 != "#" }.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// Every documented JSON example, with the file that shows it.
    static var jsonExamples: [(String, String)] {
        documentation.flatMap { file, text in codeBlocks(in: text, language: "json").map { (file, $0) } }
    }

    @Test func theReadmeShowsCommands() {
        #expect(Self.commands.filter { $0.0 == "README.md" }.count >= 5, "\(Self.commands)")
    }

    @Test(arguments: commands)
    func runsAsWritten(file: String, command: String) {
        let arguments = command.split(separator: " ").map { argument in
            // Paths in the documentation are relative to the repository root.
            argument.hasPrefix("Examples/") ? Self.repository.appendingPathComponent(String(argument)).path : String(argument)
        }
        let run = runTool(arguments)
        #expect(run.status == .success, "\(file): masonry \(command): \(run.error)")
        #expect(!run.output.isEmpty, "\(file): masonry \(command) printed nothing")
    }

    @Test func theScenarioFilesArticleShowsAnExample() {
        #expect(Self.jsonExamples.contains { $0.0.hasSuffix("/ScenarioFiles.md") })
    }

    @Test(arguments: jsonExamples)
    func replaysAsWritten(file: String, json: String) throws {
        let run = runTool("fuzz", "--replay", try temporaryFile(json, name: "example.json"), "--in-process")
        #expect(run.status == .success, "\(file): masonry fuzz --replay of its JSON example: \(run.error)\n\(json)")
    }
}
