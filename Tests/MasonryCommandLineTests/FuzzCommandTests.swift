// Tests of `masonry fuzz`'s four forms: chosen by their flags, each with its own options and help.
@testable import MasonryCommandLine
import Testing

/// `masonry fuzz`'s four forms: chosen by their flags, each with its own options and help,
/// all documented by `masonry fuzz --help`.
@Suite struct FuzzCommandTests {
    @Test(arguments: [
        (["--seconds", "3"], "FuzzRunCommand"),
        (["--replay", "a.json", "--threads", "1"], "FuzzReplayCommand"),
        (["--replay=a.json"], "FuzzReplayCommand"),
        (["--distribution", "5", "--seed", "2"], "FuzzDistributionCommand"),
        (["--worker", "--memory-limit", "64"], "FuzzWorkerCommand"),
        (["--distribution", "5", "--replay", "a.json"], "FuzzReplayCommand"),
    ])
    func aFlagChoosesTheForm(arguments: [String], form: String) {
        #expect("\(FuzzCommand.form(for: arguments))" == form)
    }

    @Test func theCommandsHelpDocumentsEveryForm() {
        let help = runTool("fuzz", "--help").output
        for form in FuzzCommand.forms {
            for usage in form.signature.usage where form.selector?.declaration.isHidden != true {
                #expect(help.contains("masonry fuzz \(usage)\n"), "\(form)")
            }
            for option in form.signature.options where !option.isHidden {
                #expect(help.contains("\n  \(option.synopsis) "), "\(form): \(option.name)")
            }
        }
        #expect(help == runTool("help", "fuzz").output)
        #expect(help.contains("INTERNAL"))
    }

    @Test(arguments: [["--replay", "a.json", "--help"], ["--distribution", "5", "-h"], ["--worker", "--help"]])
    func aFormsHelpIsItsOwn(arguments: [String]) {
        let run = runTool(["fuzz"] + arguments)
        #expect(run.status == .success)
        #expect(run.output == FuzzCommand.form(for: arguments).help)
        #expect(run.output.hasPrefix("USAGE: masonry fuzz \(arguments[0]) "))
    }

    @Test(arguments: [
        (["--replay", "a.json", "--seconds", "3"], "masonry fuzz: --seconds does not go with --replay (see 'masonry fuzz --help')"),
        (["--distribution", "5", "--in-process"], "masonry fuzz: --in-process does not go with --distribution (see"),
        (["--distribution", "5", "--out=x"], "masonry fuzz: --out does not go with --distribution (see"),
    ])
    func anotherFormsOptionIsRefused(arguments: [String], message: String) {
        let run = runTool(["fuzz"] + arguments)
        #expect(run.status == .badInput)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix(message), "\(run.error)")
        #expect(run.error.filter { $0 == "\n" }.count == 1)
    }
}
