// The shortest-column search's tie rule as a type: lowest start wins, or highest.
/// The tie rule of the shortest-column search (`ShortestWindow`, `SpanPlaceLoop`), as a type,
/// so that each scan is specialized for it: a closure argument was specialized into a call per
/// item, no longer inlined, and a `Bool` tested per column cost the span feed 165 instructions an
/// item against 127.
protocol WindowTieRule {
    /// Whether a window whose top is `candidate`, after one whose top is `best`, wins.
    static func wins(_ candidate: Double, over best: Double) -> Bool
    /// Whether the last of several equally low windows wins (else the first).
    static var lastWins: Bool { get }
}

/// Ties to the lowest start (`TieBreak.lowestIndex`).
enum LowestStartWins: WindowTieRule {
    @inline(__always) static func wins(_ candidate: Double, over best: Double) -> Bool { candidate < best }
    @inline(__always) static var lastWins: Bool { false }
}

/// Ties to the highest start (`TieBreak.highestIndex`).
enum HighestStartWins: WindowTieRule {
    @inline(__always) static func wins(_ candidate: Double, over best: Double) -> Bool { candidate <= best }
    @inline(__always) static var lastWins: Bool { true }
}
