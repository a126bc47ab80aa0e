// Tests of scenarios: JSON round trips, bad files naming the field, the check and the invariants passing.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

@Suite struct ScenarioTests {
    @Test func scenariosRoundTripBitForBit() throws {
        for seed in 0..<200 as Range<UInt64> {
            let scenario = Fuzzer.scenario(seed: seed)
            let read = try ScenarioChain(json: Array(scenario.jsonText().utf8))
            #expect(read == scenario)
        }
    }

    @Test(arguments: [
        ("{}", "description"),
        ("{\"description\": {\"width\": 1, \"sections\": []}, \"updates\": [{\"explode\": {}}]}", "updates[0].explode"),
        ("{\"description\": {\"width\": 1, \"sections\": []}, \"queries\": [[1, 2]]}", "queries[0]"),
        ("{\"description\": {\"width\": 0, \"sections\": []}}", "description.width"),
        ("{\"description\": {\"width\": 1, \"sections\": [{\"columns\": 0, \"itemHeights\": []}]}}", "description.sections[0].columns"),
        ("{\"description\": {\"width\": 1, \"sections\": []}, \"extra\": 1}", "extra"),
    ])
    func badScenariosNameTheField(json: String, path: String) {
        #expect { try LayoutScenario(json: Array(json.utf8)) } throws: { ($0 as! LayoutError).path == path }
    }

    @Test func theOptimizedEnginePassesTheCheck() {
        let checker = ScenarioChecker(minimumItemsForThreads: ScenarioChecker.fuzzingMinimumItemsForThreads)
        for seed in 0..<300 as Range<UInt64> {
            let failure = checker.check(Fuzzer.scenario(seed: seed), threads: [1, 2, 8][Int(seed % 3)])
            #expect(failure == nil, "seed \(seed): \(failure?.message ?? "")")
        }
    }

    @Test func theReferencePassesTheInvariants() {
        for seed in 0..<200 as Range<UInt64> {
            let engine = ReferenceLayoutEngine(Fuzzer.scenario(seed: seed).scenarios[0].description)
            #expect(LayoutInvariants.firstViolation(in: engine) == nil, "seed \(seed)")
        }
    }
}
