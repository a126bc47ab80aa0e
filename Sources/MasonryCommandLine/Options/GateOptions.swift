// The regression gate's shared options: per-metric thresholds, alpha, gated engines and `--filter`.
import MasonryBenchmarkHarness
import MasonryLayout
import MasonrySupport

/// The regression gate's options, shared by `masonry compare`, `masonry bench --baseline` and
/// `masonry ab`: thresholds per metric and the engines that gate.
enum GateOptions {
    /// The gate's defaults, which the threshold options print.
    private static let defaults = Comparison.Policy()
    static let threshold = Option("--threshold", value: "PCT", .number(in: 0...1e6), default: defaults.timeThresholdPercent,
                                  "wall time: the median's change that counts, in percent")
    static let alpha = Option("--alpha", value: "A", .number(in: 0...1), default: defaults.alpha,
                              "wall time: the Mann-Whitney test's significance level")
    static let instructionsThreshold = Option("--instructions-threshold", value: "PCT", .number(in: 0...1e6),
                                              default: defaults.instructionsThresholdPercent,
                                              "instruction counts: the change that counts, in percent")
    static let allocationThreshold = Option("--allocation-threshold", value: "PCT", .number(in: 0...1e6),
                                            default: defaults.allocationThresholdPercent, shown: "0, any increase",
                                            "mallocs and bytes_per_item: the increase that counts, in percent")
    /// The threshold options, in help order.
    static let thresholds = [threshold, alpha, instructionsThreshold, allocationThreshold]
    /// `--filter REGEX`, shared by every command that selects benchmarks.
    static let filter = Option("--filter", value: "REGEX", .text, "only benchmarks whose names match")
    /// `--profile REGEX`, shared by `masonry compare` and `masonry ab`.
    static let profile = Option("--profile", value: "REGEX", .text, """
        instruction counts: list the functions that changed most for the
        benchmarks whose names match too (regressed and improved ones always)
        """)

    /// The policy from the threshold options (and `engines`, the gated engines, when given).
    static func policy(_ arguments: Arguments, gatedEngines engines: Option<[BenchmarkEngine]?>? = nil) throws(CommandFailure) -> Comparison.Policy {
        var policy = Comparison.Policy()
        policy.timeThresholdPercent = try arguments.value(threshold)
        policy.alpha = try arguments.value(alpha)
        policy.instructionsThresholdPercent = try arguments.value(instructionsThreshold)
        policy.allocationThresholdPercent = try arguments.value(allocationThreshold)
        if let engines, let list = try arguments.value(engines) {
            policy.gatedEngines = Set(list.map(\.rawValue))
        }
        return policy
    }

    /// `--filter`'s regular expression, or nil.
    static func filter(_ arguments: Arguments) throws(CommandFailure) -> Regex<AnyRegexOutput>? {
        try regex(arguments, filter)
    }

    /// `--profile`'s regular expression, or nil.
    static func profile(_ arguments: Arguments) throws(CommandFailure) -> Regex<AnyRegexOutput>? {
        try regex(arguments, profile)
    }

    /// A regular-expression option's value, or nil when it is not given; a usage error naming the
    /// option when it does not compile.
    private static func regex(_ arguments: Arguments, _ option: Option<String?>) throws(CommandFailure) -> Regex<AnyRegexOutput>? {
        guard let text = try arguments.value(option) else { return nil }
        do {
            return try Regex(text)
        } catch {
            throw arguments.usageError("\(option.name) is not a valid regular expression: \(error)")
        }
    }
}

extension OptionReader where Value == [BenchmarkEngine] {
    /// A comma-separated engine list, in the order given, without repeats.
    static var engines: OptionReader {
        OptionReader(read: { list, name throws(InvalidOptionValue) in
            var engines: [BenchmarkEngine] = []
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let engine = BenchmarkEngine(rawValue: String(item)) else {
                    let known = BenchmarkEngine.allCases.map(\.rawValue)
                    throw InvalidOptionValue("\(name): unknown engine '\(item)' (\(known.joined(separator: ", ")))",
                                             misspelt: (String(item), known))
                }
                if !engines.contains(engine) { engines.append(engine) }
            }
            return engines
        }, describe: { $0.map(\.rawValue).joined(separator: ",") })
    }
}
