// A switch that takes no value: present or not.

/// A flag, `--quiet`: given or not, never with a value.
public struct Flag: DeclaredOption, Hashable {
    public let declaration: OptionDeclaration

    public init(_ name: String, _ help: String, hidden: Bool = false) {
        declaration = OptionDeclaration(name: name, valueName: nil, help: help, isHidden: hidden)
    }

    /// `--help` (also `-h`), which every signature has.
    public static let help = Flag("--help", "show this help (also -h)")
}
