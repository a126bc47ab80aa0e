// Runs BASE's and HEAD's `bench` in one A/B round's order (ABBA or BAAB) and reads their results.
import Foundation
import MasonryBenchmarkHarness
import MasonrySupport

/// Runs the two tools' `bench` in the order of a round and reads their result files.
struct RoundRunner {
    let tools: [String]
    let names: [String]
    let arguments: [String]
    let directory: String
    let console: Console
    /// Where each bench run is announced.
    let progress: ProgressReporter
    private var runs = 0
    /// Whether HEAD's bench reported a frame mismatch (exit status 1).
    private(set) var headMismatch = false

    init(tools: [String], names: [String], arguments: [String], directory: String, console: Console, progress: ProgressReporter) {
        self.progress = progress
        self.tools = tools
        self.names = names
        self.arguments = arguments
        self.directory = directory
        self.console = console
    }

    /// Runs the sides in `order` ("ABBA": BASE, HEAD, HEAD, BASE); `label` names the round in the progress.
    mutating func round(_ order: String, label: String) throws(CommandFailure) -> ABComparison.Round {
        var round = ABComparison.Round(order: order, base: [], head: [])
        for side in order {
            progress.step("\(label) (\(order)): \(side == "A" ? "BASE" : "HEAD")'s bench")
            let report = try run(side == "A" ? 0 : 1)
            if side == "A" { round.base.append(report) } else { round.head.append(report) }
        }
        return round
    }

    private mutating func run(_ side: Int) throws(CommandFailure) -> BenchmarkReport {
        runs += 1
        let label = side == 0 ? "BASE" : "HEAD"
        let out = "\(directory)/\(runs)-\(label).json"
        let completion: Subprocess.Completion
        do {
            completion = try Subprocess.run(tools[side], ["bench"] + arguments + ["--out", out], output: .discarded, error: .pipe)
        } catch {
            throw CommandFailure(.badInput, "cannot run the \(label) tool '\(tools[side])': \(error.reason)")
        }
        let message = String(decoding: completion.error, as: UTF8.self)
        let status = completion.termination.exitStatus ?? -1
        guard status == 0 || status == 1, FileManager.default.fileExists(atPath: out) else {
            let detail = message.split(separator: "\n").last.map(String.init) ?? "no message"
            throw CommandFailure(.badInput, "the \(label) tool (\(names[side])) failed: '\(tools[side]) bench "
                                 + "\(arguments.joined(separator: " "))' exited with \(status): \(detail)")
        }
        if status == 1 {
            progress.finish()
            console.error("masonry ab: \(label)'s bench reported a frame mismatch:\n\(message)")
            if side == 1 { headMismatch = true }
        }
        return try ResultInput.read(out)
    }
}
