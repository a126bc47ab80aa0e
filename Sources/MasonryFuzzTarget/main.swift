import MasonryLayout
import MasonryVerification

// The libFuzzer entry point: differential (bytes to a scenario, the optimized engine checked
// against the reference) and the parser (the same bytes as a description and as a scenario
// file). Build and run it with Scripts/fuzz (`swift build --sanitize=fuzzer`); built without
// the fuzzer, this executable does nothing. A failure traps, and libFuzzer writes the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    // The parser must give a value or a LayoutError for any bytes.
    _ = try? LayoutDescription(json: bytes)
    let parsed = try? LayoutScenario(json: bytes)
    let (scenario, threads) = parsed.map { ($0, $0.threads.first ?? 2) } ?? ByteScenario.scenario(from: bytes)
    if let failure = ScenarioChecker().check(scenario, threads: threads) {
        fatalError("differential check failed: \(failure.message)\n\(scenario.jsonText())")
    }
    return 0
}
