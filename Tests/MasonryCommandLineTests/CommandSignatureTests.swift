// Tests that every command's help and parser come from its signature: `-h` anywhere, flag suggestions.
@testable import MasonryCommandLine
import MasonrySupport
import Testing

/// Every command's options come from its `CommandSignature`: the help lists what the parser
/// accepts, `-h` works anywhere, and a misspelt flag gets a suggestion.
@Suite struct CommandSignatureTests {
    static let commands = MasonryTool.commands.map { $0.name }

    @Test(arguments: commands)
    func shortHelpAnywherePrintsTheCommandsHelp(command: String) {
        for arguments in [[command, "-h"], [command, "some-file.json", "-h"], [command, "--frobnicate", "x", "--help"]] {
            let run = runTool(arguments)
            #expect(run.status == .success, "\(arguments): \(run.error)")
            #expect(run.error.isEmpty)
            #expect(run.output.hasPrefix("USAGE: masonry \(command) "), "\(arguments)")
            #expect(run.output == runTool("help", command).output)
        }
    }

    @Test(arguments: MasonryTool.commands.map { $0.signature } + FuzzCommand.forms.map { $0.signature })
    func theHelpListsEveryVisibleOptionOnce(signature: CommandSignature) {
        let help = signature.helpText
        for option in signature.options {
            let line = "\n  \(option.synopsis) "
            #expect(help.components(separatedBy: line).count == (option.isHidden ? 1 : 2), "\(signature.name): \(option.name)")
        }
        #expect(Set(signature.options.map(\.name)).count == signature.options.count, "\(signature.name) declares an option twice")
    }

    @Test(arguments: [
        (["layout", "FILE", "--engien", "reference"], "masonry layout: unknown option '--engien'; did you mean '--engine'?"),
        (["query", "FILE", "--rect", "0,0,1,1", "--pin-header"], "masonry query: unknown option '--pin-header'; did you mean '--pin-headers'?"),
        (["bench", "--repetition", "3"], "masonry bench: unknown option '--repetition'; did you mean '--repetitions'?"),
        (["compare", "a.json", "b.json", "--treshold", "5"], "masonry compare: unknown option '--treshold'; did you mean '--threshold'?"),
        (["history", "a.json", "--min-segmnt", "3"], "masonry history: unknown option '--min-segmnt'; did you mean '--min-segment'?"),
        (["ab", "--base-tol", "x"], "masonry ab: unknown option '--base-tol'; did you mean '--base-tool'?"),
        (["verify", "--suit", "smoke"], "masonry verify: unknown option '--suit'; did you mean '--suite'?"),
        (["fuzz", "--secnds", "3"], "masonry fuzz: unknown option '--secnds'; did you mean '--seconds'?"),
        (["fuzz", "--worke"], "masonry fuzz: unknown option '--worke' (see"),
        (["bench", "--suite", "smok"], "masonry bench: --suite must be one of smoke, standard, full, got 'smok'; did you mean 'smoke'?"),
        (["bench", "--engines", "optimised"], "masonry bench: --engines: unknown engine 'optimised' (reference, peer, optimized, external); did you mean 'optimized'?"),
    ])
    func misspeltFlagsAndValuesGetASuggestion(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == .badInput)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix(message), "\(run.error)")
        #expect(run.error.filter { $0 == "\n" }.count == 1)
    }
}
