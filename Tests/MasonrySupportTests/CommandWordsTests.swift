// Tests of CommandWords: a command line split as a POSIX shell splits words, without expansions.
import MasonrySupport
import Testing

@Suite struct CommandWordsTests {
    @Test(arguments: [
        ("python3 engine.py --fast", ["python3", "engine.py", "--fast"]),
        ("  spaced\tout \n words ", ["spaced", "out", "words"]),
        ("sh -c 'echo \"$HOME\" | cat'", ["sh", "-c", "echo \"$HOME\" | cat"]),
        ("say \"a \\\"quoted\\\" \\\\ word\" \"\\n stays\"", ["say", "a \"quoted\" \\ word", "\\n stays"]),
        ("a\\ b c\\'d", ["a b", "c'd"]),
        ("'' \"\" x", ["", "", "x"]),
        ("joined'single'\"double\"", ["joinedsingledouble"]),
        ("line\\\ncontinues", ["linecontinues"]),
        ("$PATH *.py ~", ["$PATH", "*.py", "~"]),
        ("", []),
    ])
    func wordsSplitAsAShellSplitsThem(_ command: String, _ words: [String]) throws {
        #expect(try CommandWords.split(command) == words)
    }

    @Test(arguments: [
        ("python3 'engine.py", "an unclosed single quote in python3 'engine.py"),
        ("python3 \"engine.py", "an unclosed double quote in python3 \"engine.py"),
        ("python3 engine.py \\", "a backslash at the end of python3 engine.py \\"),
    ])
    func anUnfinishedCommandIsRefused(_ command: String, _ message: String) {
        #expect {
            _ = try CommandWords.split(command)
        } throws: { error in
            (error as? CommandWords.SplitError)?.description == message
        }
    }
}
