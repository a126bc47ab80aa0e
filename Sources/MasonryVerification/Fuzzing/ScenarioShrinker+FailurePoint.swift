// Where a failure showed, read off its message: the scenario, the update, the section, the query; and the item counts worth trying first.
@_spi(Verification) import MasonryLayout

extension ScenarioShrinker {
    /// Where a failure showed, as its message names it (`ScenarioChecker`'s stages and
    /// `EngineVerifier`'s differences): the shrinker's cheapest candidates project the case
    /// onto it before it halves anything.
    struct FailurePoint: Equatable {
        /// The scenario of a chain of several ("scenario k: …"); 0 for one.
        var link = 0
        /// The update after which the answers differed ("after updates[k] (…)"); nil when the
        /// failure showed after the prepare, in a batch or in restoring anchors.
        var update: Int?
        /// The section of the first element named ("section 3 item 17", "item 3/17", "header 2/-1").
        var section: Int?
        /// That element's index in its section (items only).
        var item: Int?
        /// The rect of the query that answered differently ("query Rect(…)…").
        var queryRect: String?

        init(link: Int = 0, update: Int? = nil, section: Int? = nil, item: Int? = nil, queryRect: String? = nil) {
            self.link = link
            self.update = update
            self.section = section
            self.item = item
            self.queryRect = queryRect
        }

        /// The point `message` names (all nil where it names none).
        init(_ message: String) {
            var rest = Substring(message)
            if rest.hasPrefix("scenario "), let colon = rest.firstIndex(of: ":"),
               let link = Int(rest[rest.index(rest.startIndex, offsetBy: 9)..<colon]) {
                self.link = link
                rest = rest[rest.index(after: colon)...].drop { $0 == " " }
            }
            if rest.hasPrefix("after updates["), let close = rest.firstIndex(of: "]") {
                update = Int(rest[rest.index(rest.startIndex, offsetBy: 14)..<close])
            }
            if let range = rest.range(of: ": query ") {
                let after = rest[range.upperBound...]
                // "Rect(x: …, y: …, width: …, height: …)" up to its closing parenthesis.
                if let close = after.firstIndex(of: ")") { queryRect = String(after[...close]) }
            }
            // A frame: "section 2 item 17: …", "section 2 header: …"; an answer: "element 5 is
            // item 2/17 …, expected …" (or "is nothing, expected footer 2/-1 …").
            if let range = rest.range(of: ": section ") {
                let digits = rest[range.upperBound...].prefix { $0.isNumber }
                section = Int(digits)
                let after = rest[range.upperBound...].dropFirst(digits.count)
                if after.hasPrefix(" item ") { item = Int(after.dropFirst(6).prefix { $0.isNumber }) }
            } else {
                for marker in [" is ", ", expected "] {
                    guard let range = rest.range(of: marker) else { continue }
                    let named = rest[range.upperBound...]
                    guard let space = named.firstIndex(of: " "), ["item", "header", "footer"].contains(named[..<space]) else { continue }
                    let digits = named[named.index(after: space)...].prefix { $0.isNumber }
                    section = Int(digits)
                    if named.hasPrefix("item ") {
                        item = Int(named[named.index(after: space)...].dropFirst(digits.count + 1).prefix { $0.isNumber })
                    }
                    break
                }
            }
        }
    }

    /// Item counts below `count` worth trying first for a section of `columns` columns,
    /// smallest first: 0 to 4, the powers of two, k·K - 1, k·K and k·K + 1 for the engine's
    /// checkpoint interval K, and `failingItem + 1` (the items up to the one that failed).
    /// A fault that needs n items stops at the first count ≥ n it holds for: one check per
    /// count tried, most of them of small candidates. O(count / K + log count).
    static func prefixCounts(below count: Int, columns: Int, failingItem: Int?) -> [Int] {
        let interval = VerificationHooks.checkpointInterval(columns: columns)
        var counts: Set<Int> = [0, 1, 2, 3, 4]
        var power = 8
        while power < count {
            counts.insert(power)
            power *= 2
        }
        var boundary = interval
        while boundary - 1 < count {
            counts.formUnion([boundary - 1, boundary, boundary + 1])
            boundary += interval
        }
        if let failingItem { counts.insert(failingItem + 1) }
        return counts.filter { $0 < count }.sorted()
    }

    /// Column counts below `most` worth trying, fewest first: 1 to 5, those either side of each
    /// power of two to 512 (where the engine's checkpoint interval and kernels change: 8 and 9,
    /// 16 and 17, 64 and 65…), and a half, three quarters and one fewer of `most`.
    static func columnCounts(below most: Int) -> [Int] {
        var counts: Set<Int> = [1, 2, 3, 4, 5, most / 2, most * 3 / 4, most - 1]
        var power = 8
        while power <= 512 {
            counts.formUnion([power, power + 1])
            power *= 2
        }
        return counts.filter { $0 >= 1 && $0 < most }.sorted()
    }
}
