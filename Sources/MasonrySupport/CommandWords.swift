// CommandWords: a command given as one string, split into words as a POSIX shell splits them.
/// A command given as one string (`--engine-command "python3 engine.py --fast"`) split into its
/// words as a POSIX shell splits them, without any expansion: blanks separate words; single
/// quotes keep everything between them; double quotes keep everything but a backslash before
/// `"`, `\`, `$` or `` ` ``, which stands for that character; a backslash outside quotes keeps
/// the next character (and a backslash before a newline is removed with it). `$`, `*`, `~`, `|`
/// and `;` are plain characters: a command that needs a shell says `sh -c '…'`.
public enum CommandWords {
    /// Why a command does not split: an unclosed quote, a backslash at the end.
    public struct SplitError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The words of `command`. O(its length).
    public static func split(_ command: String) throws(SplitError) -> [String] {
        let characters = Array(command)
        var words: [String] = []
        var word = ""
        var inWord = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                guard let close = characters[(index + 1)...].firstIndex(of: "'") else {
                    throw SplitError(description: "an unclosed single quote in \(command)")
                }
                word += String(characters[(index + 1)..<close])
                inWord = true
                index = close
            case "\"":
                index += 1
                while true {
                    guard index < characters.count else { throw SplitError(description: "an unclosed double quote in \(command)") }
                    let inner = characters[index]
                    if inner == "\"" { break }
                    if inner == "\\", index + 1 < characters.count, "\"\\$`".contains(characters[index + 1]) {
                        index += 1
                    }
                    word.append(characters[index])
                    index += 1
                }
                inWord = true
            case "\\":
                guard index + 1 < characters.count else { throw SplitError(description: "a backslash at the end of \(command)") }
                index += 1
                if characters[index] != "\n" {
                    word.append(characters[index])
                    inWord = true
                }
            default:
                word.append(character)
                inWord = true
            }
            index += 1
        }
        if inWord { words.append(word) }
        return words
    }
}
