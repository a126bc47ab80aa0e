// Tests of option readers: integer and number ranges, choices with suggestions, optional values.
@testable import MasonrySupport
import Testing

/// The readers accept what their type and range allow and describe values as the command line
/// writes them.
@Suite struct OptionReaderTests {
    enum Edge: String, CaseIterable, Sendable { case closed, open }

    @Test func integersAndNumbersStayInTheirRange() throws {
        #expect(try OptionReader.integer(in: 1...5).read("5", "--n") == 5)
        #expect(throws: InvalidOptionValue.self) { try OptionReader.integer(in: 1...5).read("6", "--n") }
        #expect(try OptionReader.number(in: 0...1).read("0.5", "--a") == 0.5)
        #expect(throws: InvalidOptionValue.self) { try OptionReader.number(in: 0...1e6).read("inf", "--a") }
        #expect(OptionReader.number(in: 0...1e6).describe(1e6) == "1000000")
        #expect(OptionReader.number(in: 0...1).describe(0.95) == "0.95")
    }

    @Test func aChoiceNamesTheMisspeltWordForASuggestion() {
        do {
            _ = try OptionReader<Edge>.choice.read("opn", "--edges")
            Issue.record("a misspelt value was accepted")
        } catch {
            #expect(error.problem == "--edges must be one of closed, open, got 'opn'")
            #expect(error.misspelt?.word == "opn")
            #expect(error.misspelt?.candidates == ["closed", "open"])
        }
        #expect(OptionReader<Edge>.choice(among: [.open]).describe(.open) == "open")
    }

    @Test func anOptionalReaderWrapsTheValue() throws {
        #expect(try OptionReader.unsignedInteger.optional.read("7", "--seed") == 7)
        #expect(OptionReader.unsignedInteger.optional.describe(nil) == "none")
    }
}
