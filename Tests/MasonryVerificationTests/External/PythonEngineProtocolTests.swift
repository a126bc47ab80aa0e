// The Python engine of Examples/PythonEngine under the fuzzer through the engine protocol: it passes, and a planted rule error is caught and shrunk.
import MasonryLayout
@testable import MasonryVerification
import Testing

@Suite(.enabled(if: pythonEngineCommand() != nil, "python3 is not installed (CI installs it)"))
struct PythonEngineProtocolTests {
    /// The fuzzer in this process against the Python engine: `cases` cases of seed 1.
    static func fuzz(_ command: String, cases: Int, shrinkSeconds: Double) throws -> Fuzzer.Outcome {
        var configuration = Fuzzer.Configuration()
        configuration.checker = .external(try ExternalEngineProcess(command: command))
        configuration.seconds = nil
        configuration.maximumCases = cases
        configuration.shrinkSeconds = shrinkSeconds
        configuration.engineTimeLimit = 10
        return try Fuzzer(configuration).run()
    }

    @Test func thePythonEngineGivesTheReferencesFramesAndSkipsFormatV3() throws {
        let outcome = try Self.fuzz(try #require(pythonEngineCommand()), cases: 40, shrinkSeconds: 0)
        #expect(outcome.failure == nil, "\(outcome.failure?.failure.message ?? "")")
        #expect(outcome.skippedCases < outcome.cases)
        // It implements format v2 whole: what it skips is format v3's.
        #expect(outcome.skippedByFeature.keys.allSatisfy { $0.format == 3 })
    }

    @Test func aPlantedRuleErrorIsCaughtAndShrunkThroughTheProtocol() throws {
        let command = try #require(pythonEngineCommand("--planted-fault ties"))
        let failure = try #require(try Self.fuzz(command, cases: 200, shrinkSeconds: 60).failure)
        #expect(failure.failure.kind == .mismatch)
        #expect(failure.shrunk.totalItems <= 10, "shrunk to \(failure.shrunk.totalItems) items")
        // The reproducer fails on the engine again, and passes on the unplanted one.
        let planted = ScenarioChecker.external(try ExternalEngineProcess(command: command))
        #expect(planted.check(failure.shrunk, threads: 1) != nil)
        let engine = ScenarioChecker.external(try ExternalEngineProcess(command: try #require(pythonEngineCommand())))
        #expect(engine.check(failure.shrunk, threads: 1) == nil)
    }
}
