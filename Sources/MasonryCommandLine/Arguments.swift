import MasonryLayout

/// The parsed command line of one subcommand: the values of its declared options, its flags and
/// its positional arguments, with usage errors that name the offending argument and suggest the
/// option that was probably meant.
struct Arguments {
    let signature: CommandSignature
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// The arguments as given, for a command that runs itself again with them.
    let original: [String]

    /// Parses `arguments` against `signature`: `--name value`, `--name=value`, flags, `-` (standard
    /// input) and positionals in any order; `-h` and `--help` anywhere ask for the help.
    init(_ arguments: [String], signature: CommandSignature) throws(CommandFailure) {
        self.signature = signature
        original = arguments
        do {
            try parse(arguments)
        } catch {
            // `masonry query --rect -h` and `masonry bench --frobnicate --help` still ask for help.
            guard arguments.contains(where: { $0 == "-h" || $0 == CommandOption.help.name }) else { throw error }
            flags = [CommandOption.help.name]
        }
    }

    private mutating func parse(_ arguments: [String]) throws(CommandFailure) {
        let command = signature.qualifiedName
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" {
                flags.insert(CommandOption.help.name)
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = signature.option(named: name) else {
                let known = signature.options.filter { !$0.isHidden }.map(\.name)
                throw .usage(command, "unknown option '\(name)'\(NameSuggestion.didYouMean(name, among: known, quote: "'"))")
            }
            guard option.takesValue else {
                guard inlineValue == nil else { throw .usage(command, "\(name) takes no value") }
                flags.insert(name)
                continue
            }
            guard values[name] == nil else { throw .usage(command, "\(name) given twice") }
            if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count else { throw .usage(command, "\(name) needs a value (\(option.synopsis))") }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    var wantsHelp: Bool { flags.contains(CommandOption.help.name) }

    private var command: String { signature.qualifiedName }

    /// The value given for `option`, or nil.
    subscript(option: CommandOption) -> String? { values[option.name] }

    /// Whether the flag `option` was given.
    func isSet(_ option: CommandOption) -> Bool { flags.contains(option.name) }

    /// One value among `Value`'s cases, or `fallback` when the option is absent.
    func choice<Value: RawRepresentable & CaseIterable>(_ option: CommandOption, default fallback: Value) throws(CommandFailure) -> Value
    where Value.RawValue == String {
        try choice(option, among: Array(Value.allCases), default: fallback)
    }

    /// One value among `choices` (a command that accepts some of a type's cases), or `fallback`
    /// when the option is absent.
    func choice<Value: RawRepresentable>(_ option: CommandOption, among choices: [Value], default fallback: Value) throws(CommandFailure) -> Value
    where Value.RawValue == String {
        guard let text = self[option] else { return fallback }
        guard let value = choices.first(where: { $0.rawValue == text }) else {
            let allowed = choices.map(\.rawValue)
            throw .usage(command, "\(option.name) must be one of \(allowed.joined(separator: ", ")), got '\(text)'"
                         + NameSuggestion.didYouMean(text, among: allowed, quote: "'"))
        }
        return value
    }

    /// A whole number in `range`, or `fallback` when the option is absent.
    func integer(_ option: CommandOption, in range: ClosedRange<Int>, default fallback: Int) throws(CommandFailure) -> Int {
        guard let text = self[option] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(command, "\(option.name) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// A finite number in `range`, or `fallback` when the option is absent.
    func number(_ option: CommandOption, in range: ClosedRange<Double>, default fallback: Double) throws(CommandFailure) -> Double {
        guard let text = self[option] else { return fallback }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .usage(command, "\(option.name) must be a number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// An unsigned 64-bit integer (a seed), or nil when the option is absent.
    func unsignedInteger(_ option: CommandOption) throws(CommandFailure) -> UInt64? {
        guard let text = self[option] else { return nil }
        guard let value = UInt64(text) else { throw .usage(command, "\(option.name) must be an unsigned integer, got '\(text)'") }
        return value
    }

    /// Exactly one positional argument, named `what` in the error.
    func singlePositional(what: String) throws(CommandFailure) -> String {
        guard positionals.count == 1 else {
            throw .usage(command, positionals.isEmpty ? "missing \(what)" : "unexpected argument '\(positionals[1])'")
        }
        return positionals[0]
    }

    /// Refuses positional arguments, for commands that take none.
    func noPositionals() throws(CommandFailure) {
        if let extra = positionals.first { throw .usage(command, "unexpected argument '\(extra)'") }
    }
}
