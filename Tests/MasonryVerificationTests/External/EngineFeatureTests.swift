// Tests of EngineFeature and EngineHello: which features a description, an update and a chain use, and the hello's checks.
import MasonryLayout
@testable import MasonryVerification
import Testing

@Suite struct EngineFeatureTests {
    @Test func aPlainDescriptionUsesNoFeature() throws {
        let description = try LayoutDescription(width: 390, sections: [SectionDescription(columns: 2, itemHeights: [10, 20])])
        #expect(EngineFeature.used(by: description).isEmpty)
    }

    @Test func fieldsOtherThanTheirDefaultsAreUsed() throws {
        let section = SectionDescription(columns: 3, inset: EdgeInsets(top: 0, left: 4, bottom: 0, right: 0), headerHeight: 12,
                                         itemHeights: [10, 20, 30], itemSpans: [1, .full, 1])
        let description = try LayoutDescription(width: 390, placement: .roundRobin, axis: .horizontal, sections: [section])
        #expect(EngineFeature.used(by: description) == [.placement, .axis, .inset, .headerHeight, .itemSpans])
        var stamped = SectionDescription(columns: 2, itemHeights: [10])
        stamped.stamps = [Rect(x: 0, y: 0, width: 10, height: 10)]
        #expect(EngineFeature.used(by: try LayoutDescription(width: 390, sections: [stamped])) == [.stamps])
    }

    @Test func anUpdateUsesItsKindAndWhatItCarries() throws {
        #expect(EngineFeature.used(by: .appendItems(section: 0, heights: [1], spans: [2])) == [.appendItems, .itemSpans])
        #expect(EngineFeature.used(by: .setMeasurements(section: 0, startingAt: 0, heights: [nil])) == [.setItemHeights, .estimatedItemHeight])
        let inserted = SectionDescription(columns: 2, footerHeight: 3, itemHeights: [1])
        #expect(EngineFeature.used(by: .insertSection(inserted, at: 0)) == [.insertSection, .footerHeight])
        #expect(EngineFeature.used(by: LayoutQuery(Rect(x: 0, y: 0, width: 1, height: 1), edges: .open, pinningHeaders: true))
                == [.openEdges, .pinHeaders])
    }

    @Test func aChainUsesTheFieldsOfEveryLayoutItMakes() throws {
        let description = try LayoutDescription(width: 390, sections: [SectionDescription(columns: 2, itemHeights: [10])])
        let chain = ScenarioChain(LayoutScenario(description: description, updates: [
            .insertSection(SectionDescription(columns: 2, columnSpacing: 5, itemHeights: [1]), at: 1),
            .deleteSection(at: 7),  // refused: it adds its kind only
        ]))
        #expect(EngineFeature.used(by: chain) == [.insertSection, .columnSpacing, .deleteSection])
    }

    @Test func anEngineOfAnEarlierFormatLacksTheLaterFormatsFeatures() throws {
        let hello = EngineHello(engine: "v2", format: 2, declaredUnsupported: [.setWidth, .pinHeaders])
        #expect(hello.supports(.itemSpans) && !hello.supports(.stamps) && !hello.supports(.setWidth))
        var section = SectionDescription(columns: 2, itemHeights: [10])
        section.columnWeights = [1, 2]
        let description = try LayoutDescription(width: 390, sections: [section])
        let chain = ScenarioChain(LayoutScenario(description: description, updates: [.setWidth(200)],
                                                 queries: [LayoutQuery(Rect(x: 0, y: 0, width: 1, height: 1), pinningHeaders: true)]))
        // Pinned headers are answered by the tool, as LayoutEngine's default does: not a reason to skip.
        #expect(hello.missingFeatures(of: chain) == [.columnWeights, .setWidth])
    }

    @Test(arguments: [
        (#"{"protocol":1,"engine":"e","format":2,"unsupported":["pinHeaders"],"timing":true}"#, nil as String?),
        (#"{"protocol":2,"engine":"e"}"#, "protocol: the engine speaks protocol 2; this tool speaks 1"),
        (#"{"protocol":1}"#, "engine: missing, must be a string"),
        (#"{"protocol":1,"engine":""}"#, #"engine: must be a name, got """#),
        (#"{"protocol":1,"engine":"e","format":4}"#, "format: must be 1, 2 or 3, got 4"),
        (#"{"protocol":1,"engine":"e","timing":"yes"}"#, #"timing: must be true or false, got "yes""#),
        (#"{"protocol":1,"engine":"e","unsupported":["pinHeader"]}"#,
         #"unsupported[0]: "pinHeader" is not a feature of protocol 1; did you mean "pinHeaders"?"#),
        (#"{"protocol":1,"engine":"e","version":3}"#, "version: is not a field of the hello answer of protocol 1"),
    ])
    func theHelloIsCheckedFieldByField(_ line: String, _ expected: String?) throws {
        let answer = try EngineAnswer(line: Array(line.utf8))
        do {
            let hello = try EngineHello(answer)
            #expect(expected == nil)
            #expect(hello == EngineHello(engine: "e", format: 2, declaredUnsupported: [.pinHeaders], timesItsWork: true))
        } catch {
            #expect(error.description == expected)
        }
    }
}
