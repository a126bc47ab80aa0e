// A command line parsed against a signature, and its values read through their declarations.

/// The parsed command line of one command: the text of its declared options, its flags and its
/// positional arguments, with usage errors (thrown as the tool's `Failure`) that name the
/// offending argument and suggest the option that was probably meant. Values are read, and
/// checked, when the command asks for them, so a command checks its input in its own order.
public struct ParsedArguments<Failure: UsageFailure> {
    public let signature: CommandSignature
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// The arguments that are not options, in order.
    public private(set) var positionals: [String] = []
    /// The arguments as given, for a command that runs itself again with them.
    public let original: [String]

    /// Parses `arguments` against `signature`: `--name value`, `--name=value`, flags, `-` (standard
    /// input) and positionals in any order, and after `--` positionals only; `-h` and `--help`
    /// anywhere ask for the help.
    /// O(arguments × options).
    public init(_ arguments: [String], signature: CommandSignature) throws(Failure) {
        self.signature = signature
        original = arguments
        do {
            try parse(arguments)
        } catch {
            // `masonry query --rect -h` and `masonry bench --frobnicate --help` still ask for help.
            guard arguments.contains(where: Self.asksForHelp) else { throw error }
            flags = [Flag.help.name]
        }
    }

    /// Whether `argument` is `-h` or `--help`.
    public static func asksForHelp(_ argument: String) -> Bool {
        argument == "-h" || argument == Flag.help.name
    }

    private mutating func parse(_ arguments: [String]) throws(Failure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" {
                flags.insert(Flag.help.name)
                continue
            }
            if argument == "--" {  // the rest are positionals, even those that start with "-"
                positionals += arguments[index...]
                break
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
                throw usageError("unknown option '\(name)'\(signature.suggest(name, known))")
            }
            guard option.takesValue else {
                guard inlineValue == nil else { throw usageError("\(name) takes no value") }
                flags.insert(name)
                continue
            }
            guard values[name] == nil else { throw usageError("\(name) given twice") }
            if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count else { throw usageError("\(name) needs a value (\(option.synopsis))") }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    /// The failure for `problem` in this command, which points at its help.
    public func usageError(_ problem: String) -> Failure {
        .usage(signature.qualifiedName, problem)
    }

    public var wantsHelp: Bool { flags.contains(Flag.help.name) }

    /// `option`'s value: the one given, read and checked by its declaration, or its default.
    public func value<Value>(_ option: Option<Value>) throws(Failure) -> Value {
        try value(option, reading: option.reader)
    }

    /// `option`'s value read with `reader` instead of the declaration's own (a range that
    /// depends on another option), or its default.
    public func value<Value>(_ option: Option<Value>, reading reader: OptionReader<Value>) throws(Failure) -> Value {
        guard let text = values[option.name] else { return option.defaultValue }
        do {
            return try reader.read(text, option.name)
        } catch {
            throw usageError(error.problem + (error.misspelt.map { signature.suggest($0.word, $0.candidates) } ?? ""))
        }
    }

    /// The text given for `option` as it was typed, or nil when absent (to pass it on).
    public func text(_ option: some DeclaredOption) -> String? { values[option.name] }

    /// Whether `option` was given.
    public func contains(_ option: some DeclaredOption) -> Bool { values[option.name] != nil || flags.contains(option.name) }

    /// Whether the flag `flag` was given.
    public func isSet(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Exactly one positional argument, named `what` in the error.
    public func singlePositional(what: String) throws(Failure) -> String {
        try positionals([what])[0]
    }

    /// The positional arguments named `required` (`ROOT`, `DEST`), then up to `optional` more:
    /// the error names the first missing one or the first extra one.
    public func positionals(_ required: [String], optional: Int = 0) throws(Failure) -> [String] {
        if positionals.count < required.count { throw usageError("missing \(required[positionals.count])") }
        let most = required.count + optional
        if positionals.count > most { throw usageError("unexpected argument '\(positionals[most])'") }
        return positionals
    }

    /// Refuses positional arguments, for commands that take none.
    public func noPositionals() throws(Failure) {
        _ = try positionals([])
    }
}
