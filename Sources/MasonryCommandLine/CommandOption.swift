/// One option of a command, declared once: the parser accepts it and the help text describes it
/// from this one declaration (as swift-argument-parser's `@Option` does).
struct CommandOption: Hashable, Sendable {
    /// `--suite`.
    let name: String
    /// What the value stands for in the help (`S`, `FILE`); nil for a flag, which takes no value.
    let valueName: String?
    /// One or more lines of help; the default, if any, is part of the text.
    let help: String
    /// Left out of the help (internal switches, such as a worker mode).
    let isHidden: Bool

    /// An option that takes a value: `--name VALUE` or `--name=VALUE`.
    init(_ name: String, value valueName: String, _ help: String, hidden: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        isHidden = hidden
    }

    /// A flag: present or not.
    init(flag name: String, _ help: String, hidden: Bool = false) {
        self.name = name
        valueName = nil
        self.help = help
        isHidden = hidden
    }

    var takesValue: Bool { valueName != nil }

    /// `--name VALUE`, or `--name`: the left column of the help.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }

    static let help = CommandOption(flag: "--help", "show this help (also -h)")
}
