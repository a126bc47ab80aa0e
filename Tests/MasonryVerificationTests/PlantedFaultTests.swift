import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The verifier proves its own power: against each deliberately broken engine the fuzzer finds a
/// failure within a bounded number of cases, shrinks it to at most 10 items, and the shrunk
/// reproducer still fails when replayed.
@Suite struct PlantedFaultTests {
    @Test(arguments: PlantedFaultEngine.Fault.allCases)
    func theFuzzerCatchesAndShrinksEachPlantedFault(fault: PlantedFaultEngine.Fault) throws {
        var configuration = Fuzzer.Configuration()
        configuration.seed = 7
        configuration.seconds = nil
        configuration.maximumCases = 2000
        configuration.checker = ScenarioChecker(candidate: PlantedFaultEngine.factory(fault))
        let outcome = Fuzzer(configuration).run()
        let failure = try #require(outcome.failure, "\(fault) not caught in \(outcome.cases) cases")
        #expect(failure.shrunk.totalItems <= 10, "shrunk to \(failure.shrunk.totalItems) items: \(failure.shrunk.jsonText())")
        #expect(failure.shrunk.totalItems <= failure.original.totalItems)
        // The reproducer, written and read back, still fails.
        let replayed = try LayoutScenario(json: Array(failure.shrunk.jsonText().utf8))
        let checker = ScenarioChecker(candidate: PlantedFaultEngine.factory(fault))
        let failures = (0..<(fault == .raceBetweenThreads ? 20 : 1)).compactMap { _ in checker.check(replayed, threads: failure.threads) }
        #expect(!failures.isEmpty, "the shrunk case no longer fails: \(replayed.jsonText())")
    }

    @Test func theShippedEngineSurvivesTheSameCases() {
        var configuration = Fuzzer.Configuration()
        configuration.seed = 7
        configuration.seconds = nil
        configuration.maximumCases = 400
        let outcome = Fuzzer(configuration).run()
        #expect(outcome.failure == nil, "\(outcome.failure?.failure.message ?? "")")
        #expect(outcome.cases == 400)
        #expect(outcome.parserInputs == 1600)
    }
}

/// `masonry verify`'s matrix finds a planted fault at once and hands back a reproducer that fails.
@Suite struct VerificationSuiteTests {
    @Test func theMatrixCatchesAPlantedFault() throws {
        let suite = VerificationSuite(size: .smoke, threads: [2], candidate: PlantedFaultEngine.factory(.tiesBrokenTheWrongWay))
        let (counts, failure) = suite.run()
        let found = try #require(failure)
        #expect(found.failure.message.contains("bits [0x"))
        #expect(counts.layouts == 1)
        let checker = ScenarioChecker(candidate: PlantedFaultEngine.factory(.tiesBrokenTheWrongWay))
        #expect(checker.check(found.scenario, threads: 2) != nil)
        let drawing = LayoutDiagram.render(found.failure)
        #expect(drawing.hasPrefix("<svg") && drawing.contains("#e41a1c"))
    }

    @Test func bytesAlwaysMakeAValidScenario() {
        var random = SplitMix64(seed: 3)
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let (scenario, threads) = ByteScenario.scenario(from: bytes)
            #expect([1, 2, 8].contains(threads))
            #expect(ScenarioChecker().check(scenario, threads: threads) == nil)
        }
    }
}
