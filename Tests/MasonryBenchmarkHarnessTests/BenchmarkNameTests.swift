// Tests of benchmark names: round trips, foreign names refused, the runner's plan, instruction-mode skips.
@testable import MasonryBenchmarkHarness
import Testing

@Suite struct BenchmarkNameTests {
    @Test(arguments: [
        "prepare/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/threads:1",
        "query/reference/placement:roundRobin/items:1000/sections:4096/columns:4/threads:1/rect:viewport/pinned:true",
        "floor/placement:shortestColumn/items:1000/sections:1/columns:4/threads:1",
        "setWidth/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/heights:photo/minColumnWidth:90/threads:1",
    ])
    func namesRoundTrip(text: String) throws {
        let name = try #require(BenchmarkName(text))
        #expect(name.description == text)
        #expect(name.parameter("placement") != nil && name.parameter("threads") != nil)
        #expect((name.engine == nil) == (name.operation == .floor))
    }

    @Test(arguments: ["BM_Layout", "prepare/unknownEngine/items:1", "sort/optimized/items:1", ""])
    func foreignNamesAreNotMasonrys(text: String) {
        #expect(BenchmarkName(text) == nil)
    }
}
