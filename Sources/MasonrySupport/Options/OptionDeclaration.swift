// What the parser and the help know of an option, whatever its value type.

/// An option as the parser and the help see it: its name, its value's placeholder, its help
/// and its default, as text. `Option` and `Flag` carry one.
public struct OptionDeclaration: Hashable, Sendable {
    /// `--suite`.
    public let name: String
    /// What the value stands for in the help (`S`, `FILE`); nil for a flag, which takes no value.
    public let valueName: String?
    /// One or more lines of help, without the default.
    public let help: String
    /// The default as the help prints it (`(default: 60)`); nil when there is none to print.
    public let defaultText: String?
    /// Left out of the help (internal switches, such as a worker mode).
    public let isHidden: Bool

    public init(name: String, valueName: String?, help: String, defaultText: String? = nil, isHidden: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultText = defaultText
        self.isHidden = isHidden
    }

    public var takesValue: Bool { valueName != nil }

    /// `--name VALUE`, or `--name`: the left column of the help.
    public var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }

    /// The help's lines, the default last: `(default: D)` after the last line, wrapped at
    /// `width` characters.
    public func helpLines(width: Int = 72) -> [String] {
        var lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let defaultText else { return lines }
        // "(default:" stays with the default's first word.
        var words = "\(defaultText))".split(separator: " ").map(String.init)
        words[0] = "(default: " + words[0]
        for word in words {
            if let last = lines.last, !last.isEmpty, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = "\(last) \(word)"
            } else {
                lines.append(word)
            }
        }
        return lines
    }
}

/// An option or a flag of a signature, declared once: `CommandSignature` lists them and
/// `ParsedArguments` accepts them.
public protocol DeclaredOption: Sendable {
    var declaration: OptionDeclaration { get }
}

extension DeclaredOption {
    public var name: String { declaration.name }
}
