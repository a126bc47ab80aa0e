/// The parsed command line of one subcommand: its options (`--name value`), flags and
/// positional arguments, with usage errors that name the offending argument.
struct Arguments {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses `arguments` for `command`, accepting the options in `options` (each takes a value,
    /// as `--name value` or `--name=value`) and the flags in `flags`. `--help` is always a flag.
    init(_ arguments: [String], command: String, options: Set<String>, flags knownFlags: Set<String> = []) throws(CommandFailure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "--help" || knownFlags.contains(name) {
                guard inlineValue == nil else { throw .usage(command, "\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                guard values[name] == nil else { throw .usage(command, "\(name) given twice") }
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw .usage(command, "\(name) needs a value") }
                    values[name] = arguments[index]
                    index += 1
                }
            } else if argument == "-" {
                positionals.append(argument)
            } else {
                throw .usage(command, "unknown option '\(name)'")
            }
        }
    }

    var wantsHelp: Bool { flags.contains("--help") }

    /// One value among `allowed`, or `fallback` when the option is absent.
    func choice<Value: RawRepresentable>(_ name: String, command: String, default fallback: Value) throws(CommandFailure) -> Value
    where Value.RawValue == String, Value: CaseIterable {
        guard let text = values[name] else { return fallback }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage(command, "\(name) must be one of \(allowed), got '\(text)'")
        }
        return value
    }

    /// A whole number in `range`, or `fallback` when the option is absent.
    func integer(_ name: String, command: String, in range: ClosedRange<Int>, default fallback: Int) throws(CommandFailure) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(command, "\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// Exactly one positional argument, named `what` in the error.
    func singlePositional(command: String, what: String) throws(CommandFailure) -> String {
        guard positionals.count == 1 else {
            throw .usage(command, positionals.isEmpty ? "missing \(what)" : "unexpected argument '\(positionals[1])'")
        }
        return positionals[0]
    }
}
