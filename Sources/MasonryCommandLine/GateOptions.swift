import MasonryBenchmarkHarness

/// The regression gate's options, shared by `masonry compare`, `masonry bench --baseline` and
/// `masonry ab`: thresholds per metric and the engines that gate.
enum GateOptions {
    /// The threshold options (`--threshold`, `--alpha`, `--instructions-threshold`, `--allocation-threshold`).
    static let thresholdNames: Set<String> = ["--threshold", "--alpha", "--instructions-threshold", "--allocation-threshold"]

    static let thresholdHelp = """
          --threshold PCT    wall time: the median's change that counts, in percent (default: 10)
          --alpha A          wall time: the Mann-Whitney test's significance level (default: 0.05)
          --instructions-threshold PCT
                             instruction counts: the change that counts, in percent (default: 1)
          --allocation-threshold PCT
                             mallocs and bytes_per_item: the increase that counts, in percent
                             (default: 0, any increase)
        """

    /// The policy from the threshold options (and `--engines`, the gated engines, when `gating`).
    static func policy(_ arguments: Arguments, command: String, gating: Bool) throws(CommandFailure) -> Comparison.Policy {
        var policy = Comparison.Policy()
        policy.timeThresholdPercent = try ResultInput.number(arguments, "--threshold", command: command, in: 0...1e6, default: 10)
        policy.alpha = try ResultInput.number(arguments, "--alpha", command: command, in: 0...1, default: 0.05)
        policy.instructionsThresholdPercent = try ResultInput.number(
            arguments, "--instructions-threshold", command: command, in: 0...1e6, default: 1)
        policy.allocationThresholdPercent = try ResultInput.number(
            arguments, "--allocation-threshold", command: command, in: 0...1e6, default: 0)
        if gating, let list = arguments.values["--engines"] {
            policy.gatedEngines = Set(try engines(list, command: command).map(\.rawValue))
        }
        return policy
    }

    /// A comma-separated engine list, in the order given, without repeats.
    static func engines(_ list: String, command: String) throws(CommandFailure) -> [BenchmarkEngine] {
        var engines: [BenchmarkEngine] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let engine = BenchmarkEngine(rawValue: String(name)) else {
                throw .usage(command, "--engines: unknown engine '\(name)' (reference, peer, optimized)")
            }
            if !engines.contains(engine) { engines.append(engine) }
        }
        return engines
    }

    /// `--filter`'s regular expression, or nil.
    static func filter(_ arguments: Arguments, command: String) throws(CommandFailure) -> Regex<AnyRegexOutput>? {
        guard let text = arguments.values["--filter"] else { return nil }
        do {
            return try Regex(text)
        } catch {
            throw .usage(command, "--filter is not a valid regular expression: \(error)")
        }
    }
}
