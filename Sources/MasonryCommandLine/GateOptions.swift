import MasonryBenchmarkHarness
import MasonryLayout

/// The regression gate's options, shared by `masonry compare`, `masonry bench --baseline` and
/// `masonry ab`: thresholds per metric and the engines that gate.
enum GateOptions {
    static let threshold = CommandOption("--threshold", value: "PCT", "wall time: the median's change that counts, in percent (default: 10)")
    static let alpha = CommandOption("--alpha", value: "A", "wall time: the Mann-Whitney test's significance level (default: 0.05)")
    static let instructionsThreshold = CommandOption("--instructions-threshold", value: "PCT",
                                                     "instruction counts: the change that counts, in percent (default: 1)")
    static let allocationThreshold = CommandOption("--allocation-threshold", value: "PCT", """
        mallocs and bytes_per_item: the increase that counts, in percent
        (default: 0, any increase)
        """)
    /// The threshold options, in help order.
    static let thresholds = [threshold, alpha, instructionsThreshold, allocationThreshold]
    /// `--filter REGEX`, shared by every command that selects benchmarks.
    static let filter = CommandOption("--filter", value: "REGEX", "only benchmarks whose names match")

    /// The policy from the threshold options (and `engines`, the gated engines, when given).
    static func policy(_ arguments: Arguments, gatedEngines engines: CommandOption? = nil) throws(CommandFailure) -> Comparison.Policy {
        var policy = Comparison.Policy()
        policy.timeThresholdPercent = try arguments.number(threshold, in: 0...1e6, default: 10)
        policy.alpha = try arguments.number(alpha, in: 0...1, default: 0.05)
        policy.instructionsThresholdPercent = try arguments.number(instructionsThreshold, in: 0...1e6, default: 1)
        policy.allocationThresholdPercent = try arguments.number(allocationThreshold, in: 0...1e6, default: 0)
        if let engines, let list = arguments[engines] {
            policy.gatedEngines = Set(try self.engines(list, option: engines, command: arguments.signature.qualifiedName).map(\.rawValue))
        }
        return policy
    }

    /// A comma-separated engine list, in the order given, without repeats.
    static func engines(_ list: String, option: CommandOption, command: String) throws(CommandFailure) -> [BenchmarkEngine] {
        var engines: [BenchmarkEngine] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let engine = BenchmarkEngine(rawValue: String(name)) else {
                let known = BenchmarkEngine.allCases.map(\.rawValue)
                throw .usage(command, "\(option.name): unknown engine '\(name)' (\(known.joined(separator: ", ")))"
                             + NameSuggestion.didYouMean(String(name), among: known, quote: "'"))
            }
            if !engines.contains(engine) { engines.append(engine) }
        }
        return engines
    }

    /// `--filter`'s regular expression, or nil.
    static func filter(_ arguments: Arguments) throws(CommandFailure) -> Regex<AnyRegexOutput>? {
        guard let text = arguments[filter] else { return nil }
        do {
            return try Regex(text)
        } catch {
            throw .usage(arguments.signature.qualifiedName, "\(filter.name) is not a valid regular expression: \(error)")
        }
    }
}
