// Tests of "did you mean" name suggestions: close misspellings matched, far ones not, edit distances.
@testable import MasonryLayout
import Testing

@Suite struct NameSuggestionTests {
    static let fields = ["width", "placement", "tieBreak", "sectionStart", "columnWidthRounding", "sections",
                         "columns", "columnSpacing", "itemSpacing", "itemHeights", "headerHeight", "footerHeight", "inset"]

    @Test(arguments: [
        ("widht", "width"), ("columnSpaceing", "columnSpacing"), ("itemheights", "itemHeights"),
        ("colums", "columns"), ("tiebreak", "tieBreak"), ("sectoins", "sections"), ("Width", "width"),
    ])
    func suggestsTheIntendedField(typed: String, intended: String) {
        #expect(NameSuggestion.closest(to: typed, among: Self.fields) == intended)
    }

    @Test(arguments: ["colour", "x", "margin", "heights"])
    func suggestsNothingForUnrelatedNames(typed: String) {
        #expect(NameSuggestion.closest(to: typed, among: Self.fields) == nil)
    }

    @Test func theSuggestionClauseQuotesTheName() {
        #expect(NameSuggestion.didYouMean("--suit", among: ["--suite", "--out"], quote: "'") == "; did you mean '--suite'?")
        #expect(NameSuggestion.didYouMean("--zzz", among: ["--suite", "--out"]) == "")
    }

    @Test(arguments: [("", "abc", 3), ("abc", "abc", 0), ("abc", "acb", 1), ("kitten", "sitting", 3), ("ca", "abc", 3)])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(NameSuggestion.editDistance(Array(a), Array(b)) == distance)
    }
}
