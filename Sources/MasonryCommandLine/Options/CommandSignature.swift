// The signatures of `masonry`'s subcommands: MasonrySupport's, with the tool's name and spelling suggestions.
import MasonryLayout
import MasonrySupport

extension CommandSignature {
    /// The signature of `masonry NAME`: a misspelt option or value gets the closest declared
    /// one as a suggestion.
    init(name: String, summary: String, usage: [String], discussion: String, options: [any DeclaredOption],
         exitStatus: String = "0 success, 2 bad input or usage (one line on stderr).") {
        self.init(tool: "masonry", name: name, summary: summary, usage: usage, discussion: discussion, options: options,
                  exitStatus: exitStatus, suggest: { word, candidates in NameSuggestion.didYouMean(word, among: candidates, quote: "'") })
    }
}
