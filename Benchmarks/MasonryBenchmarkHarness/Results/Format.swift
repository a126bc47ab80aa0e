// Number formatting shared by the reports: durations, numbers and percentages.
/// Number formatting shared by the reports.
enum Format {
    /// A duration in nanoseconds, in the unit that reads best.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: "\(number(nanoseconds, digits: 1)) ns"
        case ..<1_000_000: "\(number(nanoseconds / 1e3, digits: 2)) us"
        case ..<1_000_000_000: "\(number(nanoseconds / 1e6, digits: 2)) ms"
        default: "\(number(nanoseconds / 1e9, digits: 2)) s"
        }
    }

    /// `value` rounded to `digits` decimals, without a trailing `.0`.
    static func number(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? "\(Int(rounded))" : "\(rounded)"
    }

    /// `+5.2%`, `-0.3%`.
    static func signedPercent(_ value: Double) -> String {
        "\(value >= 0 ? "+" : "")\(number(value, digits: 1))%"
    }

    /// `10%`, `0.5%`.
    static func percent(_ value: Double) -> String {
        "\(number(value, digits: 2))%"
    }
}
