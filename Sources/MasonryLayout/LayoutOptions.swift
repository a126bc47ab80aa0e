/// Which column receives the next item.
public enum Placement: String, Sendable, CaseIterable {
    /// The column whose bottom is highest up (shortest), ties broken by `TieBreak`.
    case shortestColumn
    /// Columns in turn: 0, 1, …, n-1, 0, … (seed 000 and seed 003's 'in order').
    case roundRobin
}

/// Which of several equally short columns wins in `Placement.shortestColumn`.
public enum TieBreak: String, Sendable, CaseIterable {
    case lowestIndex
    /// Seed 002's `if columnArray[0] < columnArray[1]`: equal columns go to the last one.
    case highestIndex
}

/// Where a section's columns start.
public enum SectionStart: String, Sendable, CaseIterable {
    /// Each section starts below the previous one's longest column and footer, in its own
    /// coordinates, so sections are independent of each other.
    case belowLongestColumn
    /// Columns (and the round-robin position) carry on from one section to the next, in one
    /// coordinate space (seed 003).
    case continueColumns
}

/// Whether the computed column width is rounded to a whole point.
public enum ColumnWidthRounding: String, Sendable, CaseIterable {
    case none
    /// Swift's `.rounded()`: to the nearest integer, ties away from zero (C's `round`, seed 000).
    case nearest
}
