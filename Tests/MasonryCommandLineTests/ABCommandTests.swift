// Tests of `masonry ab` with stand-in tools whose results are known: verdicts, rounds and exit statuses.
import Foundation
import MasonryBenchmarkHarness
import MasonryCommandLine
import Testing

/// `masonry ab` with stand-in tools: shell scripts that write a result file whose values are
/// drawn around a chosen value, so the verdicts and the rounds they take are known.
@Suite struct ABCommandTests {
    /// A tool whose `bench --out FILE` writes `prepare/optimized/x` around `optimized` and
    /// `prepare/reference/y` around `reference` (uniform noise of +-`noise`, relative), as wall
    /// times or, for `--metric instructions`, instruction counts. With `sequence`, its runs give
    /// `prepare/optimized/x` those values in turn instead (so a test's verdict cannot be luck).
    static func tool(optimized: Double, reference: Double = 5000, noise: Double = 0.002, name: String = "x",
                     sequence: [Double] = []) throws -> String {
        let script = """
            #!/bin/sh
            out=""; metric=time
            while [ $# -gt 0 ]; do
                case "$1" in --out) out=$2; shift ;; --metric) metric=$2; shift ;; esac
                shift
            done
            value() { awk -v seed="$(od -An -N3 -tu4 /dev/urandom)" -v base="$1" -v noise=\(noise) 'BEGIN { srand(seed); printf "%.3f", base * (1 + noise * (2 * rand() - 1)) }'; }
            x=$(value \(optimized)); y=$(value \(reference))
            if [ "$metric" = instructions ]; then x=\(optimized); y=\(reference); fi
            if [ -n "\(sequence.map { String($0) }.joined(separator: " "))" ]; then
                n=$(cat "$0.runs" 2>/dev/null || echo 0); echo $((n + 1)) > "$0.runs"
                x=$(awk -v n="$n" 'BEGIN { count = split("\(sequence.map { String($0) }.joined(separator: " "))", v, " "); printf "%s", v[n % count + 1] }')
            fi
            cat > "$out" <<JSON
            {"context": {"metric": "$metric"}, "benchmarks": [
             {"name": "prepare/optimized/\(name)", "run_type": "iteration", "real_time": $x, "instructions": $x},
             {"name": "prepare/reference/y", "run_type": "iteration", "real_time": $y, "instructions": $y}]}
            JSON
            """
        let path = try temporaryFile(script, name: "masonry")
        chmod(path, 0o755)
        return path
    }

    static func ab(_ base: String, _ head: String, _ options: String...) throws -> (run: ToolRun, json: [String: Any]) {
        let out = try temporaryFile("", name: "ab.json")
        let run = runTool(["ab", "--base-tool", base, "--head-tool", head, "--seed", "7", "--out", out] + options)
        let json = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))) as? [String: Any] ?? [:]
        return (run, json)
    }

    static func verdicts(_ json: [String: Any]) -> [String: String] {
        let rows = json["benchmarks"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as! String, $0["verdict"] as! String) })
    }

    @Test func aTwentyPercentSlowerHeadRegressesAfterTheFirstDecisiveRounds() throws {
        let (run, json) = try Self.ab(try Self.tool(optimized: 1000), try Self.tool(optimized: 1200))
        #expect(run.status == .checkFailed, "\(run.error)")
        #expect(Self.verdicts(json) == ["prepare/optimized/x": "regressed", "prepare/reference/y": "unchanged"])
        // Seven rounds: the fewest for which two benchmarks' intervals (97.5% each) exist.
        #expect(json["rounds"] as? Int == 7)
        #expect((json["orders"] as? [String])?.allSatisfy { $0 == "ABBA" || $0 == "BAAB" } == true)
        let row = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("| prepare/optimized/x |") })
        #expect(row.contains(" | 1.2 us | 1.") && row.hasSuffix("| **regressed** | yes |"), "\(row)")
        #expect(run.output.contains("Gated (optimized): 1 regressed, 0 unchanged, 0 improved, 0 inconclusive."))
    }

    @Test func theSameBuildOnBothSidesIsUnchanged() throws {
        let tool = try Self.tool(optimized: 1000)
        let (run, json) = try Self.ab(tool, tool)
        #expect(run.status == .success, "\(run.error)")
        #expect(Self.verdicts(json)["prepare/optimized/x"] == "unchanged")
        #expect(json["regressions"] as? Int == 0)
    }

    @Test func aRegressionOfAReportedEngineDoesNotFailUnlessItGates() throws {
        let base = try Self.tool(optimized: 1000, reference: 5000), head = try Self.tool(optimized: 1000, reference: 7000)
        let reported = try Self.ab(base, head)
        #expect(reported.run.status == .success)
        #expect(Self.verdicts(reported.json)["prepare/reference/y"] == "regressed")
        let gated = try Self.ab(base, head, "--engines", "optimized,reference")
        #expect(gated.run.status == .checkFailed)
    }

    @Test func noiseBeyondTheThresholdStaysInconclusiveUpToMaxRounds() throws {
        let (run, json) = try Self.ab(try Self.tool(optimized: 1000, sequence: [1000, 1300, 800, 1100, 700, 1200, 900]),
                                      try Self.tool(optimized: 1000, sequence: [1250, 750, 1000, 950, 1150, 850, 1400, 600, 1050]),
                                      "--max-rounds", "7")
        #expect(run.status == .success, "\(run.error)")
        #expect(json["rounds"] as? Int == 7)
        #expect(Self.verdicts(json)["prepare/optimized/x"] == "inconclusive")
        #expect(run.error.contains("round 7 (") && run.error.contains("1 gated benchmark(s) inconclusive"))
    }

    /// Counts are exact: one round, and the threshold alone decides.
    @Test(arguments: [(1_010_001.0, ExitCode.checkFailed, "regressed"), (1_009_999, .success, "unchanged"), (980_000, .success, "improved")])
    func instructionCountsTakeOneRound(head: Double, status: ExitCode, verdict: String) throws {
        let (run, json) = try Self.ab(try Self.tool(optimized: 1_000_000), try Self.tool(optimized: head), "--metric", "instructions")
        #expect(run.status == status, "\(run.error)")
        #expect(json["rounds"] as? Int == 1)
        #expect(Self.verdicts(json)["prepare/optimized/x"] == verdict)
        #expect(run.output.contains("exact"))
    }

    @Test func unusableInputIsExitTwo() throws {
        let good = try Self.tool(optimized: 1000)
        let failing = try temporaryFile("#!/bin/sh\necho \"masonry bench: unknown option '--metric'\" >&2\nexit 2\n", name: "masonry")
        chmod(failing, 0o755)
        let broken = try Self.ab(failing, good, "--metric", "instructions")
        #expect(broken.run.status == .badInput)
        #expect(broken.run.error.contains("the BASE tool (\(failing)) failed"), "\(broken.run.error)")
        #expect(broken.run.error.contains("unknown option '--metric'"))
        let unrelated = try Self.ab(good, try Self.tool(optimized: 1000, name: "z"), "--engines", "optimized")
        #expect(unrelated.run.status == .success)  // prepare/reference/y is in common
        #expect(runTool("ab", "--head-tool", good).status == .badInput)
        #expect(runTool("ab", "--base-tool", "/nonexistent", "--head-tool", good).status == .badInput)
        #expect(runTool("ab", "--base-tool", good, "--head-tool", good, "--max-rounds", "0").status == .badInput)
    }
}
