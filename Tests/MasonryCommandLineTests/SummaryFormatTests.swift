// Tests of summary formats: Markdown in a pipe, aligned text on request, a self-contained HTML report.
import Foundation
import MasonryCommandLine
import Testing

/// Summaries for people and for machines: aligned plain text on a terminal (or with `--format
/// text`), Markdown in a pipe, in files and with `--format markdown`; an HTML page beside the
/// result files.
@Suite struct SummaryFormatTests {
    static let selection = ["bench", "--suite", "smoke", "--engines", "optimized,peer", "--filter", "prepare/.*items:1000/",
                            "--repetitions", "2", "--quiet"]

    @Test func benchPrintsMarkdownInAPipeAndAlignedTextWhenAsked() throws {
        let directory = temporaryPath("summary")
        let out = directory.appendingPathComponent("run.json").path
        let markdown = runTool(Self.selection + ["--out", out])
        #expect(markdown.status == .success, "\(markdown.error)")
        #expect(markdown.output.contains("\n### prepare (ns/item)\n\n| workload | optimized | peer | reference |"))
        #expect(markdown.output.contains("\n|---|---:|---:|---:|---:|"))
        let file = try String(contentsOfFile: directory.appendingPathComponent("run.md").path, encoding: .utf8)
        #expect(file.contains("| workload | optimized | peer | reference |"))

        let text = runTool(Self.selection + ["--format", "text", "--out", out])
        #expect(text.status == .success)
        #expect(!text.output.contains("|"))
        #expect(!text.output.contains("`"))
        #expect(text.output.contains("\nprepare (ns/item)\n=================\n\nevery row: items:1000/sections:1/columns:4/threads:1\n"))
        #expect(text.output.contains("\nplacement:roundRobin "))
        let lines = text.output.split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("workload ") })
        let rule = try #require(lines.first { $0.hasPrefix("------") })
        // Every column's right edge lines up: the rule's dashes end where the header's titles do.
        #expect(header.count == rule.count)
        // The file stays Markdown whatever the terminal gets.
        let again = try String(contentsOfFile: directory.appendingPathComponent("run.md").path, encoding: .utf8)
        #expect(again.contains("| workload | optimized | peer | reference |"))
    }

    @Test func benchWritesASelfContainedHTMLReport() throws {
        let directory = temporaryPath("html")
        let out = directory.appendingPathComponent("run.json").path
        #expect(runTool(Self.selection + ["--out", out]).status == .success)
        let html = try String(contentsOfFile: directory.appendingPathComponent("run.html").path, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.contains("<h2>prepare (ns/item)</h2>"))
        #expect(html.contains("<th>workload</th><th>optimized</th><th>peer</th><th>reference</th>"))
        #expect(html.contains("<td>placement:shortestColumn/items:1000/sections:1/columns:4/threads:1</td><td class=\"number\">"))
        // No outside assets: no scripts, style sheets, images or fonts fetched (the SVG namespace is a name, not a fetch).
        for reference in ["<script", "<link", "src=", "@import", "url("] {
            #expect(!html.contains(reference), "\(reference)")
        }
    }

    @Test func compareHasBothFormats() throws {
        let directory = temporaryPath("compare")
        let out = directory.appendingPathComponent("run.json").path
        #expect(runTool(Self.selection + ["--out", out]).status == .success)
        let markdown = runTool("compare", out, out)
        #expect(markdown.output.hasPrefix("| name | baseline | current | change | p | verdict | metric | gated |\n|---|"))
        let text = runTool("compare", out, out, "--format", "text")
        #expect(text.status == .success)
        // The names' shared parameters are said once; each row keeps what tells it apart.
        #expect(text.output.hasPrefix("every row: items:1000/sections:1/columns:4/threads:1\nname "), "\(text.output)")
        #expect(text.output.contains("\nprepare/optimized/placement:shortestColumn "))
        #expect(!text.output.contains("|"))
        #expect(text.output.contains("0 regression(s) in the gated engines (optimized)"))
        #expect(runTool("compare", out, out, "--format", "csv").error.contains("--format must be one of text, markdown, got 'csv'"))
    }
}
