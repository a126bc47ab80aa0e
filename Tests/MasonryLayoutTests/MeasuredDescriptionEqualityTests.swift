// A known model issue found by the format v3 fuzzer: a description measured by updates is not equal to the same one read from a file.
import MasonryLayout
import Testing

/// Found while making the fuzzer's cases round-trip (`ScenarioTests.scenariosRoundTripBitForBit`):
/// `SectionDescription`'s synthesized equality compares its unmeasured flags, and an update
/// that measures a section's last unmeasured item leaves flags of all `false`
/// (`replaceUnmeasuredFlags`), where a section built or read with every height given has none
/// (nil). The two lay out alike, but they are not `==`, and the first is not equal to itself
/// written to JSON and read back (a file has no flags, only nulls). The fuzzer works around it
/// (`RandomLayoutGenerator.canonical`); the model should make equality ignore all-`false` flags
/// (or drop the flags when the count reaches 0). A known issue until then: when it is fixed,
/// `withKnownIssue` fails and this test should become a plain expectation.
@Suite struct MeasuredDescriptionEqualityTests {
    @Test func aSectionMeasuredByAnUpdateEqualsTheSameSectionRead() throws {
        var measured = try LayoutDescription(width: 100, sections: [
            SectionDescription(columnCount: .fixed(2), measuredItemHeights: [nil, 5], estimatedItemHeight: 3),
        ])
        try measured.apply(.setItemHeights(section: 0, startingAt: 0, heights: [4]))
        let given = try LayoutDescription(width: 100, sections: [
            SectionDescription(columnCount: .fixed(2), measuredItemHeights: [4, 5], estimatedItemHeight: 3),
        ])
        #expect(measured.sections[0].measuredItemHeights == given.sections[0].measuredItemHeights)
        let read = try LayoutDescription(json: Array(measured.jsonText().utf8))
        withKnownIssue("a section measured by an update keeps flags of all false; one given every height has none") {
            #expect(measured == given)
            #expect(read == measured)
        }
    }
}
