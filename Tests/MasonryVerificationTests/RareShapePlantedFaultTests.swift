// Tests that `masonry verify`'s rare shapes catch a planted fault that the rest of its matrix passes.
import MasonryLayout
@testable import MasonryVerification
import Testing

/// The rare shapes' planted fault (`columnMaskWrapsPast64`: queries test columns 64 and up with
/// column c − 64's bit of their 64-bit column mask): of the smoke matrix only the rare shapes
/// have more than 64 columns, so the matrix without them passes the faulty engine, every case,
/// (its cases on one thread: 163 s in a debug build alone on a quiet 2-core machine), and the
/// rare shapes alone fail it at their first case (65 columns), at its first layout's 5th query
/// (0.7 s), with a reproducer that fails again. If the rare shapes went, or stopped reaching
/// column 64, the first test would fail; if another case came to reach it, the second.
@Suite struct RareShapePlantedFaultTests {
    static let factory = PlantedFaultEngine.factory(.columnMaskWrapsPast64)

    @Test func theRareShapesCatchTheColumnMaskFault() throws {
        var suite = VerificationSuite(size: .smoke, threads: [1], candidate: Self.factory)
        suite.selection = .rareShapesOnly
        let (counts, failure) = suite.run()
        let found = try #require(failure, "the rare shapes passed the fault after \(counts.queries) queries")
        #expect(found.caseName.hasPrefix("many-columns-checkpoints/"), "\(found.failure.message)")
        #expect(counts.layouts == 1 && counts.updates == 0 && counts.queries <= 100, "\(counts)")
        #expect(ScenarioChecker(candidate: Self.factory).check(found.chain, threads: 1) != nil)
    }

    /// The full column mask's fault (`fullColumnMaskWalkSkipsColumnZero`, a section of exactly
    /// 64 columns): the rare shapes fail it at their 64-column case, the only one of the matrix
    /// with 64 columns, with a reproducer that fails again.
    @Test func theRareShapesCatchTheFullColumnMaskFault() throws {
        let factory = PlantedFaultEngine.factory(.fullColumnMaskWalkSkipsColumnZero)
        var suite = VerificationSuite(size: .smoke, threads: [1], candidate: factory)
        suite.selection = .rareShapesOnly
        // The 64-column case alone, the last of the seven: the six before it took 240 s of a
        // debug build to pass (the whole test suite's longest test, on CI's critical path).
        suite.shard = try #require(Shard(number: VerificationSuite.rareShapeCaseCount, count: VerificationSuite.rareShapeCaseCount))
        let (counts, failure) = suite.run()
        let found = try #require(failure, "the rare shapes passed the fault after \(counts.queries) queries")
        #expect(found.caseName.hasPrefix("full-column-mask/"), "\(found.failure.message)")
        #expect(ScenarioChecker(candidate: factory).check(found.chain, threads: 1) != nil)
    }

    @Test func theMatrixWithoutTheRareShapesPassesIt() {
        var suite = VerificationSuite(size: .smoke, threads: [1], candidate: Self.factory)
        suite.selection = .withoutRareShapes
        let (counts, failure) = suite.run()
        #expect(failure == nil, "\(failure?.failure.message ?? "")")
        // Every case ran, laid out once and prepared again once on its one thread count: the
        // whole matrix but the rare shapes.
        let cases = suite.cases().count
        #expect(counts.layouts == 2 * cases)
        #expect(cases + VerificationSuite.rareShapeCaseCount == VerificationSuite(size: .smoke, threads: [1]).cases().count)
    }
}
