// `SummaryNumber`: seconds and shares as the one-line summaries of verify and fuzz write them.

/// Seconds with one decimal and shares in percent, for the summaries of verify and fuzz.
package enum SummaryNumber {
    package static func seconds(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }
    package static func percent(_ share: Double) -> String { "\((share * 1000).rounded() / 10)%" }
}
