// An option that takes a value, declared once with its type, its default and what it allows.

/// An option that takes a value, `--name VALUE` or `--name=VALUE`, declared once (as
/// swift-argument-parser's `@Option var seconds = 60`): its value type and allowed values (the
/// reader), its default, and its help, which prints the default from the declaration, so the
/// help cannot drift from what the command does.
///
/// An option with a default reads as its `Value`; one without reads as `Value?`, nil when absent
/// (its help may still describe what the command does then, with `shown`).
public struct Option<Value: Sendable>: DeclaredOption {
    public let declaration: OptionDeclaration
    /// What an absent option reads as.
    public let defaultValue: Value
    let reader: OptionReader<Value>

    /// An option with a default: `--seconds N` reads `reader`'s values, `defaultValue` when
    /// absent. The help prints `(default: D)`, D being `shown` or the default as the reader
    /// writes it.
    public init(_ name: String, value valueName: String, _ reader: OptionReader<Value>, default defaultValue: Value,
                shown: String? = nil, hidden: Bool = false, _ help: String) {
        declaration = OptionDeclaration(name: name, valueName: valueName, help: help,
                                        defaultText: shown ?? reader.describe(defaultValue), isHidden: hidden)
        self.defaultValue = defaultValue
        self.reader = reader
    }

    /// An option without a default: nil when absent. `shown`, when given, is printed as the
    /// default: what the command does without the option (`all cores`, `from the clock`).
    public init<Wrapped>(_ name: String, value valueName: String, _ reader: OptionReader<Wrapped>, shown: String? = nil,
                         hidden: Bool = false, _ help: String) where Value == Wrapped? {
        declaration = OptionDeclaration(name: name, valueName: valueName, help: help, defaultText: shown, isHidden: hidden)
        defaultValue = nil
        self.reader = reader.optional
    }
}
