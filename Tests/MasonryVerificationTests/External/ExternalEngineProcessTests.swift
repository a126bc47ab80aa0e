// Tests of the engine protocol's client: start errors, and the faults of an engine that dies, hangs or answers garbage.
import Foundation
import MasonryLayout
@testable import MasonryVerification
import Testing

@Suite struct ExternalEngineProcessTests {
    static let description = try! LayoutDescription(width: 100, sections: [SectionDescription(columns: 2, itemHeights: [10, 20])])

    @Test(arguments: [
        ("no-such-engine-for-masonry", "--engine-command: 'no-such-engine-for-masonry' is not an executable file on PATH"),
        ("/nonexistent/engine", "--engine-command: '/nonexistent/engine' is not an executable file"),
        ("'unclosed", "--engine-command: an unclosed single quote in 'unclosed"),
    ])
    func aCommandThatCannotStartIsAStartError(_ command: String, _ message: String) {
        #expect {
            _ = try ExternalEngineProcess(command: command)
        } throws: { error in
            (error as? EngineStartError)?.description == message
        }
    }

    @Test(arguments: [
        (#"{"protocol":2,"engine":"later"}"#, "answered hello with protocol: the engine speaks protocol 2; this tool speaks 1"),
        ("nonsense", "answered hello with not JSON"),
        (nil as String?, "exited with status 4 before answering hello; its stderr ends: no hello today"),
    ])
    func aHelloThatIsNotThisProtocolsIsAStartError(_ hello: String?, _ message: String) throws {
        let script = try scriptEngine("echo 'no hello today' >&2; exit 4", hello: hello)
        #expect {
            _ = try ExternalEngineProcess(command: script)
        } throws: { error in
            guard let error = error as? EngineStartError else { return false }
            return error.description.hasPrefix("the engine (\(script)) ") && error.description.contains(message)
        }
    }

    @Test func anEngineThatDiesIsACrashWithItsLastWords() throws {
        let process = try ExternalEngineProcess(command: try scriptEngine("read request; echo 'index out of range' >&2; exit 3"))
        _ = ExternalLayoutEngine(Self.description, process: process)
        let fault = try #require(process.takeFault())
        #expect(fault.kind == .crash)
        #expect(fault.message == "the external engine (script) exited with status 3 while answering prepare (1 sections, 2 items); "
                + "its stderr ends: index out of range")
        // The next request starts it again (and it dies again).
        _ = ExternalLayoutEngine(Self.description, process: process)
        #expect(process.starts == 2 && process.takeFault()?.kind == .crash)
    }

    @Test func anEngineThatHangsIsATimeoutAndIsKilled() throws {
        let process = try ExternalEngineProcess(command: try scriptEngine("read request; sleep 60"), timeLimit: 0.5)
        let started = ContinuousClock.now
        _ = ExternalLayoutEngine(Self.description, process: process)
        #expect(ContinuousClock.now - started < .seconds(10))
        let fault = try #require(process.takeFault())
        #expect(fault.kind == .timeout)
        #expect(fault.message == "the external engine (script) answered nothing to prepare (1 sections, 2 items) within 0.5 s")
    }

    @Test(arguments: [
        (#"{"size":[100]}"#, "answered contentSize with size: must be [width, height], got an array"),
        (#"{"error":"no layout"}"#, "answered contentSize with an error: no layout"),
        ("[1,2]", "answered contentSize with not a JSON object: [1,2]"),
    ])
    func anAnswerThatDoesNotReadIsAFault(_ answer: String, _ message: String) throws {
        let script = try scriptEngine(#"read request; printf '%s\n' '{"ok":true}'; read request; printf '%s\n' '\#(answer)'; read request"#)
        let process = try ExternalEngineProcess(command: script)
        let engine = ExternalLayoutEngine(Self.description, process: process)
        #expect(engine.contentSize == Size(width: 0, height: 0))
        let fault = try #require(process.takeFault())
        #expect(fault.kind == .mismatch && fault.message == "the external engine (script) \(message)")
    }

    @Test func theCheckOfAnEngineThatDiesFailsWithItsFault() throws {
        let process = try ExternalEngineProcess(command: try scriptEngine("read request; exit 5"))
        let failure = try #require(ScenarioChecker.external(process).check(ScenarioChain(LayoutScenario(description: Self.description)), threads: 1))
        #expect(failure.kind == .crash)
        #expect(failure.message.hasPrefix("the external engine (script) exited with status 5 while answering prepare"))
        #expect(failure.candidateElements.isEmpty && failure.referenceElements.count == 2)
    }

    @Test func aChainWithAFeatureTheEngineLacksIsNotChecked() throws {
        // A format v2 engine that would die on any request: the v3 chain never reaches it.
        let process = try ExternalEngineProcess(command: try scriptEngine("read request; exit 5"))
        var section = SectionDescription(columns: 2, itemHeights: [10])
        section.columnWeights = [1, 3]
        let chain = ScenarioChain(LayoutScenario(description: try LayoutDescription(width: 100, sections: [section])))
        let checker = ScenarioChecker.external(process)
        #expect(checker.missingFeatures(of: chain) == [.columnWeights])
        #expect(checker.check(chain, threads: 1) == nil)
        #expect(!process.hasFault)
    }
}
