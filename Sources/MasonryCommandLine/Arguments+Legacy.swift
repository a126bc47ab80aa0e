/// The string-keyed interface the commands used before each declared its options as
/// `CommandOption`s; removed once every command has a `CommandSignature`.
extension Arguments {
    init(_ arguments: [String], command: String, options: Set<String>, flags knownFlags: Set<String> = []) throws(CommandFailure) {
        let declared = options.sorted().map { CommandOption($0, value: "VALUE", "") }
            + knownFlags.sorted().map { CommandOption(flag: $0, "") }
        let name = command.hasPrefix("masonry ") ? String(command.dropFirst("masonry ".count)) : command
        try self.init(arguments, signature: CommandSignature(name: name, summary: "", usage: [], discussion: "", options: declared))
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, command: String, default fallback: Value) throws(CommandFailure) -> Value
    where Value.RawValue == String {
        try choice(signature.option(named: name)!, default: fallback)
    }

    func integer(_ name: String, command: String, in range: ClosedRange<Int>, default fallback: Int) throws(CommandFailure) -> Int {
        try integer(signature.option(named: name)!, in: range, default: fallback)
    }

    func singlePositional(command: String, what: String) throws(CommandFailure) -> String {
        try singlePositional(what: what)
    }
}
