// Tests of Scripts/bisect and Scripts/history over a throwaway git history of a fake project.
import Foundation
import Testing

/// `Scripts/bisect` and `Scripts/history` over a throwaway git history (made in a temporary
/// directory): commits 0 to 10 of a fake project whose "build" (`MASONRY_REVISION_BUILD`) makes
/// a stand-in `masonry` that writes an instruction-mode result file with the count of the
/// commit's `Sources/count`. `compare` is the real one: this build's `masonry`.
@Suite struct HistoryAndBisectScriptTests {
    static let benchmark = "prepare/optimized/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1"
    static let filter = "^prepare/optimized/"

    /// The stand-in tool, with `@COUNT@` replaced by the build: `bench … --out FILE [--filter REGEX]`.
    static let standIn = """
        #!/bin/sh
        out="" filter=""
        while [ $# -gt 0 ]; do
            case $1 in --out) out=$2; shift ;; --filter) filter=$2; shift ;; esac
            shift
        done
        name="\(benchmark)"
        if [ -n "$filter" ] && ! echo "$name" | grep -qE -- "$filter"; then
            echo "masonry bench: no benchmark matches the filter" >&2
            exit 2
        fi
        cat >"$out" <<JSON
        {"context": {"metric": "instructions", "git_commit": "unknown", "suite": "smoke"},
         "benchmarks": [{"name": "$name", "run_type": "iteration", "iterations": 1, "time_unit": "ns",
           "real_time": @COUNT@, "cpu_time": @COUNT@, "instructions": @COUNT@,
           "functions": [{"name": "place", "inclusive": @COUNT@, "self": @COUNT@}]}]}
        JSON

        """

    /// The fake project's build: fails where the commit has `Sources/broken`.
    static let environment = [
        "MASONRY_REVISION_BUILD": "test ! -e Sources/broken && mkdir -p out"
            + " && sed \"s/@COUNT@/$(cat Sources/count)/g\" Sources/tool.sh >out/masonry && chmod +x out/masonry",
        "MASONRY_REVISION_PRODUCT": "out/masonry",
        "MASONRY_TOOL": InstructionModeTests.tool,
    ]

    /// A repository of commits 0 to 10 ("commit K"), with Scripts/ copied in: 1,000 instructions
    /// until `regression` (1,200 from there), `broken` commits without a build. Returns its path.
    static func makeHistory(regression: Int, broken: Set<Int> = []) throws -> String {
        let directory = temporaryPath("bisect").path
        try FileManager.default.createDirectory(atPath: directory + "/Sources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/Scripts/lib", withIntermediateDirectories: true)
        for script in ["Scripts/ab", "Scripts/bisect", "Scripts/history", "Scripts/lib/requirements.sh", "Scripts/lib/revisions.sh"] {
            try FileManager.default.copyItem(atPath: ScriptTests.repository.appendingPathComponent(script).path,
                                             toPath: directory + "/" + script)
        }
        try Data(standIn.utf8).write(to: URL(fileURLWithPath: directory + "/Sources/tool.sh"))
        let brokenList = broken.map(String.init).joined(separator: " ")
        let setUp = """
            set -e
            git init -q -b main . && git config user.name Test && git config user.email test@example.com
            echo '// the fake package' >Package.swift
            echo 1000 >Sources/count
            git add -A && git commit -qm 'commit 0'
            for commit in 1 2 3 4 5 6 7 8 9 10; do
                echo "$commit" >>Sources/notes
                if [ "$commit" = \(regression) ]; then echo 1200 >Sources/count; fi
                rm -f Sources/broken
                for other in \(brokenList); do if [ "$commit" = "$other" ]; then touch Sources/broken; fi; done
                git add -A && git commit -qm "commit $commit"
            done
            """
        let run = try runProcess("/bin/bash", ["-c", setUp], in: directory)
        try #require(run.status == 0, "\(run.error)")
        return directory
    }

    static func runProcess(_ executable: String, _ arguments: [String], in directory: String,
                           environment: [String: String] = [:]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Stderr into a file: two pipes read one after the other could block the script.
        let errorFile = try temporaryFile("", name: "stderr.txt")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = try String(contentsOfFile: errorFile, encoding: .utf8)
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), error)
    }

    /// Runs the copy of `Scripts/NAME` in `repository`.
    static func script(_ name: String, in repository: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try runProcess(repository + "/Scripts/" + name, arguments, in: repository, environment: environment)
    }

    static func commit(_ revision: String, in repository: String) throws -> String {
        try runProcess("/usr/bin/env", ["git", "rev-parse", revision], in: repository).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func requireTool() throws {
        try #require(FileManager.default.isExecutableFile(atPath: InstructionModeTests.tool),
                     "build the tool first: swift build --build-tests")
    }

    @Test func findsTheCommitThatPlantedTheRegression() throws {
        try Self.requireTool()
        let repository = try Self.makeHistory(regression: 4)
        let run = try Self.script("bisect", in: repository, ["HEAD~10", "HEAD", "--filter", Self.filter])
        #expect(run.status == 0, "\(run.error)")
        let culprit = try Self.commit("HEAD~6", in: repository)
        #expect(run.output.contains("first bad commit: \(culprit)\nsubject: commit 4\n"), "\(run.output)")
        // The attribution against the parent: 1,000 -> 1,200 in the stand-in's one function.
        #expect(run.output.contains("| place | 1000 | 1200 | +200 | 1000 | 1200 | +200 |"), "\(run.output)")
        #expect(run.output.contains("wall time: "))
    }

    @Test func skipsACommitThatDoesNotBuildAndSaysSo() throws {
        try Self.requireTool()
        // Commit 5 is the first one git bisect tries in 0...10.
        let repository = try Self.makeHistory(regression: 4, broken: [5])
        let run = try Self.script("bisect", in: repository, ["HEAD~10", "HEAD", "--filter", Self.filter])
        #expect(run.status == 0, "\(run.error)")
        let broken = try Self.commit("HEAD~5", in: repository)
        #expect(run.output.contains("skipping \(broken.prefix(12)) (commit 5): does not build"), "\(run.output)")
        #expect(run.output.contains("first bad commit: \(try Self.commit("HEAD~6", in: repository))\n"), "\(run.output)")
    }

    @Test func cannotDecideWhenTheCulpritsNeighbourDoesNotBuild() throws {
        try Self.requireTool()
        // The regression arrives in commit 4, which does not build: 4 or 5, git cannot tell.
        let repository = try Self.makeHistory(regression: 4, broken: [4])
        let run = try Self.script("bisect", in: repository, ["HEAD~10", "HEAD", "--filter", Self.filter])
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(run.error.contains("git bisect could not decide"), "\(run.error)")
        #expect(run.error.contains(try Self.commit("HEAD~6", in: repository)), "\(run.error)")
    }

    /// Unusable input: exit 2 and one line on stderr.
    @Test func refusesUnusableInputInOneLine() throws {
        try Self.requireTool()
        let repository = try Self.makeHistory(regression: 4, broken: [1])
        let cases: [([String], String)] = [
            (["HEAD", "HEAD~10", "--filter", Self.filter], "is not an ancestor of BAD"),
            (["HEAD~10", "HEAD", "--filter", "^nothing/"], "no benchmark of the smoke suite matches the filter '^nothing/'"),
            (["HEAD~10", "HEAD~7", "--filter", Self.filter], "nothing to bisect"),
            (["HEAD~9", "HEAD", "--filter", Self.filter], "GOOD 'HEAD~9' ("),
            (["nowhere", "HEAD", "--filter", Self.filter], "'nowhere' is not a revision"),
            (["HEAD~10", "HEAD"], "--filter REGEX is required"),
            (["HEAD~10", "HEAD", "--filter", Self.filter, "--threshold", "much"], "--threshold must be a percentage"),
        ]
        for (arguments, message) in cases {
            let run = try Self.script("bisect", in: repository, arguments)
            #expect(run.status == 2, "\(arguments): \(run.error)")
            let lines = run.error.split(separator: "\n").filter { line in
                !["building ", "built ", "failed to build "].contains { line.hasPrefix($0) }
            }
            #expect(lines.count == 1 && lines[0].hasPrefix("Scripts/bisect: ") && lines[0].contains(message), "\(arguments): \(run.error)")
        }
    }

    /// `Scripts/history` measures each commit once, skips the one that does not build, and hands the
    /// files, oldest first, to `masonry history` (here a stand-in that prints its arguments).
    @Test func historyMeasuresEachCommitAndSkipsTheBrokenOne() throws {
        let repository = try Self.makeHistory(regression: 4, broken: [9])
        let echo = try temporaryFile("#!/bin/sh\necho \"history tool: $*\"\n", name: "echo-tool")
        chmod(echo, 0o755)
        let out = repository + "/out"
        let run = try Self.runProcess(repository + "/Scripts/history", ["4", "--out", out, "--filter", Self.filter, "--", "--threshold", "2"],
                                      in: repository, environment: Self.environment.merging(["MASONRY_TOOL": echo]) { $1 })
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "history tool: history \(out)/results --html \(out)/history.html --threshold 2\n", "\(run.output)")
        #expect(run.error.contains("[4/4] \(try Self.commit("HEAD", in: repository).prefix(12)) commit 10: built in "), "\(run.error)")
        #expect(run.error.contains("[3/4] \(try Self.commit("HEAD~1", in: repository).prefix(12)) commit 9: skipped, does not build"),
                "\(run.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/results").sorted()
        let expected = try [(1, "HEAD~3"), (2, "HEAD~2"), (4, "HEAD")].map { index, revision in
            "00\(index)-\(try Self.commit(revision, in: repository)).json"
        }
        #expect(files == expected)
        // Each file names its own commit, not the build worktree's.
        let text = try String(contentsOfFile: out + "/results/" + files[2], encoding: .utf8)
        #expect(text.contains("\"git_commit\": \"\(try Self.commit("HEAD", in: repository))\""), "\(text)")
        // The second run takes everything from the caches.
        let again = try Self.runProcess(repository + "/Scripts/history", ["4", "--out", out, "--filter", Self.filter],
                                        in: repository, environment: Self.environment.merging(["MASONRY_TOOL": echo]) { $1 })
        #expect(again.status == 0)
        #expect(again.error.contains("[4/4] \(try Self.commit("HEAD", in: repository).prefix(12)) commit 10: cached"), "\(again.error)")
    }

    /// `Scripts/ab` gets its two executables from the same cache, and stops with exit 2 at a
    /// revision that does not build.
    @Test func abBuildsBothRevisionsThroughTheCache() throws {
        let repository = try Self.makeHistory(regression: 4, broken: [9])
        let echo = try temporaryFile("#!/bin/sh\necho \"$@\"\n", name: "echo-tool")
        chmod(echo, 0o755)
        let environment = Self.environment.merging(["MASONRY_TOOL": echo]) { $1 }
        let run = try Self.runProcess(repository + "/Scripts/ab", ["HEAD~2", "HEAD", "--metric", "instructions"], in: repository,
                                      environment: environment)
        #expect(run.status == 0, "\(run.error)")
        let tools = try FileManager.default.contentsOfDirectory(atPath: repository + "/.build/history/tools")
        #expect(tools.count == 2)
        let (base, head) = (try Self.commit("HEAD~2", in: repository), try Self.commit("HEAD", in: repository))
        let arguments = run.output.split(separator: " ")
        #expect(arguments.prefix(5).map(String.init) == ["ab", "--base-tool", arguments[2].description, "--head-tool", arguments[4].description])
        #expect(Set(tools.map { ".build/history/tools/\($0)/masonry" }) == Set([arguments[2], arguments[4]].map(String.init)))
        #expect(run.output.hasSuffix("--base-name HEAD~2 (\(base.prefix(12))) --head-name HEAD (\(head.prefix(12))) --metric instructions\n"),
                "\(run.output)")
        let broken = try Self.runProcess(repository + "/Scripts/ab", ["HEAD~1", "HEAD"], in: repository, environment: environment)
        #expect(broken.status == 2)
        #expect(broken.error.contains("Scripts/ab: revision 'HEAD~1' (\(try Self.commit("HEAD~1", in: repository).prefix(12))) does not build"),
                "\(broken.error)")
    }

    @Test(arguments: [
        (["0"], "N must be a positive integer, got '0'"),
        (["ten"], "N must be a positive integer, got 'ten'"),
        (["3", "--rev", "nowhere"], "'nowhere' is not a revision"),
        (["3", "--bogus", "1"], "unknown option '--bogus'"),
        (["3", "--suite"], "--suite needs a value"),
    ])
    func historyRefusesUnusableInputInOneLine(arguments: [String], message: String) throws {
        let repository = try Self.makeHistory(regression: 4)
        let run = try Self.script("history", in: repository, arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Scripts/history: ") && lines[0].contains(message), "\(run.error)")
    }
}
