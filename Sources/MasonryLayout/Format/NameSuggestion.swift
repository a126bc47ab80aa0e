// "Did you mean …?" for a misspelt name: a format field, a command, a flag, an enum value.
/// "Did you mean …?" for a misspelt name: a field of the format, a command, a flag, an enum value.
///
/// Package-wide so that the description reader and the command line suggest the same way.
package enum NameSuggestion {
    /// The candidate closest to `typed`, when it is close enough to be a likely misspelling: an
    /// edit distance (insertions, deletions, substitutions and swaps of neighbours, ignoring case)
    /// of at most a third of the longer name's length, and at least 1 allowed. Ties go to the
    /// first candidate. O(candidates × typed.count × candidate.count).
    package static func closest(to typed: String, among candidates: some Sequence<String>) -> String? {
        let typedCharacters = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let characters = Array(candidate.lowercased())
            let allowed = max(1, max(characters.count, typedCharacters.count) / 3)
            let distance = editDistance(typedCharacters, characters)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `; did you mean "NAME"?` for the closest candidate, or the empty string.
    package static func didYouMean(_ typed: String, among candidates: some Sequence<String>, quote: Character = "\"") -> String {
        guard let name = closest(to: typed, among: candidates) else { return "" }
        return "; did you mean \(quote)\(name)\(quote)?"
    }

    /// The optimal string alignment distance: Levenshtein plus transpositions of neighbours
    /// (`widht` is one edit from `width`). O(a.count × b.count) time, O(b.count) memory.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var distance = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
