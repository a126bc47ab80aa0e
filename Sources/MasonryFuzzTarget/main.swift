// The libFuzzer target: differential checks of scenarios from bytes, and the parser fed the same bytes.
import MasonryLayout
import MasonryVerification

// The libFuzzer entry point: differential (bytes to a scenario, the optimized engine checked
// against the reference, small layouts on the threaded path too) and the parser (the same bytes
// as a description and as a scenario file or chain). Build and run it with Scripts/fuzz (`swift build --sanitize=fuzzer`); built without
// the fuzzer, this executable does nothing. A failure traps, and libFuzzer writes the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    // The parser must give a value or a LayoutError for any bytes.
    _ = try? LayoutDescription(json: bytes)
    let chain: ScenarioChain
    let threads: Int
    if let parsed = try? ScenarioChain(json: bytes) {
        (chain, threads) = (parsed, parsed.threads.first ?? 2)
    } else {
        let (scenario, count) = ByteScenario.scenario(from: bytes)
        (chain, threads) = (ScenarioChain(scenario), count)
    }
    let checker = ScenarioChecker(minimumItemsForThreads: ScenarioChecker.fuzzingMinimumItemsForThreads)
    if let failure = checker.check(chain, threads: threads) {
        fatalError("differential check failed: \(failure.message)\n\(chain.jsonText())")
    }
    return 0
}
