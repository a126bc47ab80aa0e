// Tests of the Swift demangler: mangled names demangled in one run, others left alone.
import MasonrySupport
import Testing

@Suite struct SwiftDemanglerTests {
    @Test func mangledNamesAreDemangledAndOthersLeftOut() throws {
        try #require(ExecutablePath.onPath("swift") != nil, "the toolchain's swift is on PATH where the tests build")
        let names = SwiftDemangler.demangle(["$sSi", "main", "$sSaySiGD", "0x000000000040a1b0"])
        #expect(names == ["$sSi": "Swift.Int", "$sSaySiGD": "[Swift.Int]"])
    }

    @Test func nothingToDemangleStartsNothing() {
        #expect(SwiftDemangler.demangle(["main", "memcpy"]).isEmpty)
    }
}
