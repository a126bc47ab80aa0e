// Tests that the generator's rare corners reach a planted fault no other form of case does, within a bounded number of cases.
import MasonryLayout
@testable import MasonryVerification
import Testing

/// The generator's rare corners (`FuzzCaseGenerator.RareCorner`) against the planted fault
/// only they reach, `wideRoundRobinPastSecondCheckpointLow` (many columns in a round-robin
/// section of several thousand items). Before them, seed 7's 2,000 cases did not catch it
/// (133 s of a debug build); now its 556th case does (32,855 items), a round-robin section of
/// 65+ columns past two checkpoints being 0.4% of cases (Verification.md).
@Suite struct RareCornerPlantedFaultTests {
    @Test func theWideRoundRobinFaultIsCaught() throws {
        var configuration = Fuzzer.Configuration.planted(.wideRoundRobinPastSecondCheckpointLow, seed: 7, cases: 2000)
        configuration.shrinkSeconds = 0
        let outcome = try Fuzzer(configuration).run()
        let failure = try #require(outcome.failure, "not caught in \(outcome.cases) cases")
        let section = try #require(failure.original.scenarios.flatMap(\.description.sections).first(where: FuzzCaseFeature.hasSeveralWideCheckpoints))
        #expect(section.columns > 64 && outcome.cases <= 1000, "caught at case \(outcome.cases), \(section.columns) columns")
    }
}
