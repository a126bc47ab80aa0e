// How an option's value is read from its text and written back for the help: the value type
// and the range or choices it allows.

/// Reads one option's value from the command line and describes a value for the help (a
/// default). The error names the option and what it accepts: `--seconds must be an integer in
/// 1...1000000, got 'x'`.
public struct OptionReader<Value>: Sendable {
    let read: @Sendable (_ text: String, _ name: String) throws(InvalidOptionValue) -> Value
    let describe: @Sendable (Value) -> String

    /// A reader of any type: `read` gets the text and the option's name (for its error).
    public init(read: @escaping @Sendable (_ text: String, _ name: String) throws(InvalidOptionValue) -> Value,
                describe: @escaping @Sendable (Value) -> String) {
        self.read = read
        self.describe = describe
    }

    /// The same values, absent allowed: the reader of an option without a default.
    public var optional: OptionReader<Value?> {
        OptionReader<Value?>(read: { text, name throws(InvalidOptionValue) in try read(text, name) },
                             describe: { value in value.map(describe) ?? "none" })
    }
}

extension OptionReader where Value == Int {
    /// A whole number in `range`.
    public static func integer(in range: ClosedRange<Int>) -> OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            guard let value = Int(text), range.contains(value) else {
                throw InvalidOptionValue("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
            }
            return value
        }, describe: { String($0) })
    }
}

extension OptionReader where Value == Double {
    /// A finite number in `range`; whole numbers are described without a fraction (`10`, `0.05`).
    public static func number(in range: ClosedRange<Double>) -> OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw InvalidOptionValue("\(name) must be a number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
            }
            return value
        }, describe: { value in
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        })
    }
}

extension OptionReader where Value == UInt64 {
    /// An unsigned 64-bit integer (a seed).
    public static var unsignedInteger: OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            guard let value = UInt64(text) else { throw InvalidOptionValue("\(name) must be an unsigned integer, got '\(text)'") }
            return value
        }, describe: { String($0) })
    }
}

extension OptionReader where Value == String {
    /// Any text (a path, a name, a pattern the command checks itself).
    public static var text: OptionReader {
        OptionReader(read: { text, _ in text }, describe: { $0 })
    }
}

extension OptionReader where Value: RawRepresentable & Sendable, Value.RawValue == String {
    /// One of `choices`, by raw value (a command that accepts some of a type's cases); a
    /// misspelling gets the signature's suggestion.
    public static func choice(among choices: [Value]) -> OptionReader {
        OptionReader(read: { text, name throws(InvalidOptionValue) in
            guard let value = choices.first(where: { $0.rawValue == text }) else {
                let allowed = choices.map(\.rawValue)
                throw InvalidOptionValue("\(name) must be one of \(allowed.joined(separator: ", ")), got '\(text)'",
                                         misspelt: (text, allowed))
            }
            return value
        }, describe: { $0.rawValue })
    }
}

extension OptionReader where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the type's cases, by raw value.
    public static var choice: OptionReader { choice(among: Array(Value.allCases)) }
}
