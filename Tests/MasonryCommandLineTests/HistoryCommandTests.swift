// Tests of `masonry history`: a directory of result files with a known step, commit order from git, and bad input.
import Foundation
import MasonryBenchmarkHarness
import MasonryCommandLine
import MasonrySupport
import Testing

/// `masonry history` reads a directory of result files, finds a known step at its commit,
/// orders by git when it can, and refuses unusable input with exit 2 and one line.
@Suite struct HistoryCommandTests {
    static let name = "lookup/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1"
    static let repository = examplesDirectory.deletingLastPathComponent().path

    /// A result file's JSON: one benchmark, its instruction count (instruction mode) or its wall times.
    static func resultJSON(commit: String, date: String, instructions: Double? = nil, suite: String = "smoke",
                           metric: BenchmarkMetric = .instructions) throws -> String {
        var context = BenchmarkContext(date: date, hostName: "host", cpuCount: 1, swiftVersion: "6.3", gitCommit: commit,
                                       jemallocVersion: "", jemallocOptions: "", suite: suite, peakResidentBytes: 0)
        context.measurement = MeasurementEnvironment(metric: metric.rawValue, cpuModel: "cpu", glibcVersion: "glibc 2.36",
                                                     valgrindVersion: "valgrind-3.19.0", addressRandomization: "off",
                                                     deterministicHashing: true, environmentBytes: 4096)
        let counters: [String: Double] = instructions.map { ["instructions": $0] } ?? [:]
        let report = BenchmarkReport(context: context, records: [
            BenchmarkRecord(name: name, realTimes: [100, 110, 105], cpuTimes: [100, 110, 105], counters: [counters, counters, counters], threads: 1),
        ])
        return String(decoding: try report.jsonData(), as: UTF8.self)
    }

    /// A new, empty temporary directory.
    static func directory() throws -> URL {
        let url = temporaryPath("history")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Three files of commits unknown to git, their dates in the commits' order, a 20% step at the third.
    static func steppedDirectory() throws -> URL {
        let folder = try directory()
        for (index, count) in [1_000.0, 1_000, 1_200].enumerated() {
            let json = try resultJSON(commit: "\(index + 1)0000000deadbeef", date: "2026-11-0\(index + 1)T00:00:00Z", instructions: count)
            try Data(json.utf8).write(to: folder.appendingPathComponent("run-\(3 - index).json"))
        }
        return folder
    }

    @Test func aDirectoryWithAKnownStepShowsItsChangePoint() throws {
        let folder = try Self.steppedDirectory()
        let page = folder.appendingPathComponent("history.html").path
        let run = runTool("history", folder.path, "--format", "markdown", "--html", page, "--repository", "/")
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("Suite `smoke`, metric instructions"))
        #expect(run.output.contains("3 file(s), commits `10000000`..`30000000` in date order"), "\(run.output)")
        #expect(run.output.contains("| \(Self.name) | 3 | 1000 | 1200 | 1000 | 1200 | +20% | 30000000 1000 → 1200 (+20%) |"), "\(run.output)")
        #expect(run.error.contains("ordered by date"), "\(run.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: "<svg").count == 2)
        #expect(html.contains("class=\"change-point\""))
        // Text, a threshold above the step: no change point.
        let quiet = runTool("history", folder.path, "--format", "text", "--threshold", "25", "--repository", "/")
        #expect(quiet.status == .success)
        #expect(quiet.output.contains("+20%  none"), "\(quiet.output)")
    }

    /// Files of commits the checkout knows go in commit order (parents first), whatever their dates.
    @Test func filesAreOrderedByCommitWhenGitKnowsThem() throws {
        guard let log = Subprocess.output(of: "/usr/bin/env", ["git", "-C", Self.repository, "rev-list", "--max-count=3", "HEAD"]),
              case let commits = log.split(separator: "\n").map(String.init), commits.count == 3 else { return }
        // Newest first from rev-list; the dates say the opposite order.
        var files: [String] = []
        for (index, commit) in commits.enumerated() {
            let json = try Self.resultJSON(commit: commit, date: "2026-11-0\(index + 1)T00:00:00Z", instructions: index == 0 ? 2_000 : 1_000)
            files.append(try temporaryFile(json, name: "run.json"))
        }
        let run = runTool(["history"] + files + ["--format", "markdown", "--repository", Self.repository])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        #expect(run.output.contains("in commit order"))
        #expect(run.output.contains("| 3 | 1000 | 2000 | 1000 | 2000 | +100% | \(commits[0].prefix(8)) 1000 → 2000 (+100%) |"), "\(run.output)")
    }

    @Test func bareFilesAreReadToo() throws {
        let folder = try Self.steppedDirectory()
        let files = ["run-3.json", "run-1.json"].map { folder.appendingPathComponent($0).path }
        let run = runTool(["history"] + files + ["--format", "markdown", "--repository", "/"])
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("| 2 | 1000 | 1200 |"), "\(run.output)")
    }

    @Test func helpDescribesTheCommand() {
        let run = runTool("history", "--help")
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("USAGE: masonry history FILE...|DIR"))
        for option in ["--filter", "--threshold", "--min-segment", "--alpha", "--format", "--html", "--repository"] {
            #expect(run.output.contains("  \(option) "), "\(option)")
        }
        #expect(runTool("--help").output.contains("  history "))
    }

    enum BadInput: String, CaseIterable {
        case differentSuites, differentMetrics, missingFile, malformedFile, emptyDirectory, filterMatchingNothing, noFiles, noRepository
    }

    @Test(arguments: BadInput.allCases)
    func badInputExits2WithOneLine(_ input: BadInput) throws {
        let first = try temporaryFile(try Self.resultJSON(commit: "ab", date: "2026-11-01T00:00:00Z", instructions: 1), name: "a.json")
        let arguments: [String]
        let message: String
        switch input {
        case .differentSuites:
            let other = try temporaryFile(try Self.resultJSON(commit: "cd", date: "2026-11-02T00:00:00Z", instructions: 1, suite: "standard"))
            (arguments, message) = ([first, other], "\(first) is of suite smoke and \(other) of suite standard")
        case .differentMetrics:
            let other = try temporaryFile(try Self.resultJSON(commit: "cd", date: "2026-11-02T00:00:00Z", metric: .time))
            (arguments, message) = ([first, other], "\(first) measured instructions and \(other) time")
        case .missingFile:
            (arguments, message) = ([first, "/nonexistent/run.json"], "cannot read '/nonexistent/run.json'")
        case .malformedFile:
            let broken = try temporaryFile("{\"benchmarks\": [", name: "broken.json")
            (arguments, message) = ([first, broken], "\(broken): ")
        case .emptyDirectory:
            let folder = try Self.directory().path
            (arguments, message) = ([folder], "\(folder): no *.json result files")
        case .filterMatchingNothing:
            (arguments, message) = ([first, "--filter", "^prepare/"], "no benchmark matches --filter")
        case .noFiles:
            (arguments, message) = ([], "needs result FILEs or a DIR")
        case .noRepository:
            (arguments, message) = ([first, "--repository", "/nonexistent"], "--repository: '/nonexistent' is not a directory")
        }
        let run = runTool(["history"] + arguments)
        #expect(run.status == .badInput)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("masonry history: "), "\(run.error)")
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.error.filter { $0 == "\n" }.count == 1, "one line: \(run.error)")
    }
}
