// A floor record's Swift and C medians, as the summary's prepare table shows and compares them.
/// A floor record's two medians: the Swift chain's and, for shortest column, the C chain's.
/// O(repetitions) to build, O(1) to read.
struct FloorFigures {
    let swift: Double?
    let c: Double?

    init(_ record: BenchmarkRecord) {
        swift = record.medianCounter(.nsPerItem)
        c = record.medianCounter(.cNsPerItem)
    }

    /// The faster of the two: what `optimized / floor` divides by.
    var fastest: Double? { [swift, c].compactMap { $0 }.min() }

    /// `swift / c` in ns per item (`–` for a missing one).
    var cell: String {
        [swift, c].map { $0.map { Format.number($0, digits: 2) } ?? "–" }.joined(separator: " / ")
    }

    /// A line when the two differ by more than 10%: the floor is then not the chain's speed
    /// on this machine (a Swift floor over the C one hides the engine's real distance).
    func warning(workload: String) -> String? {
        guard let swift, let c, max(swift, c) > 1.1 * min(swift, c) else { return nil }
        let slower = swift > c ? "Swift" : "C"
        return "Warning: the floor of `\(workload)` differs by more than 10% between its Swift and C chains "
            + "(\(Format.number(swift, digits: 2)) vs \(Format.number(c, digits: 2)) ns/item, the \(slower) one "
            + "\(Format.number(max(swift, c) / max(1e-9, min(swift, c)), digits: 2))x slower); `optimized / floor` divides by the faster."
    }
}
