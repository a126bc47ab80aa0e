// The mutation tool: lists, applies and records mutants of the optimized engine's sources for Scripts/mutate.
import Foundation
import MasonryMutation
import MasonrySupport

// The mutant catalogue for Scripts/mutate (which builds, fuzzes and scores each mutant):
//   MasonryMutationTool list ROOT [LIST]       every mutant of ROOT's engine sources, tab-separated:
//                                              id, fingerprint, status (equivalent, survivor or
//                                              candidate, from the mutant list LIST), operator, mutated line
//   MasonryMutationTool write ROOT DEST ID     writes ROOT's file with mutant ID applied to the same
//                                              path under DEST
//   MasonryMutationTool entry ROOT ID KIND REASON   prints the mutant list's line for mutant ID
// Exit status 2 on bad usage, an unknown mutant or an unreadable file, with one line on stderr.
// The arguments are parsed by MasonrySupport's option parser, as masonry's are: `--help` (also
// after a subcommand) prints the help.

/// The sources the mutation score covers: the optimized engine.
let engineSources = "Sources/MasonryLayout/Optimized"

/// Files of `engineSources` that are not the engine a release build runs, so that every mutant in
/// them would be equivalent by construction: the invariant checks are compiled only with
/// -DMASONRY_INTERNAL_CHECKS (Scripts/mutate builds release without it), and the floors (prepare's
/// and keepColumns' re-stack) are the benchmarks' yardsticks, which no layout calls.
let notTheEngine: Set<String> = ["SectionHandle+Invariants.swift", "ValueChainFloor.swift", "RestackFloor.swift"]

let tool = "MasonryMutationTool"
let usage = "usage: \(tool) list ROOT [LIST] | write ROOT DEST ID | entry ROOT ID KIND REASON"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(tool): \(message)\n".utf8))
    exit(2)
}

func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return String(decoding: data, as: UTF8.self)
}

/// Every mutant of the engine's sources under `root`, in its folders (kernels, storage, queries)
/// too, in path order.
func mutants(root: String) -> [Mutant] {
    let directory = "\(root)/\(engineSources)"
    guard let paths = FileManager.default.subpaths(atPath: directory) else { fail("cannot list \(directory)") }
    let sources = paths.filter { path in
        path.hasSuffix(".swift") && !notTheEngine.contains(String(path.split(separator: "/").last ?? ""))
    }
    return sources.sorted().flatMap { path in
        MutantCatalog.mutants(inFile: "\(engineSources)/\(path)", source: read("\(directory)/\(path)"))
    }
}

func mutant(_ id: String, root: String) -> Mutant {
    guard let found = mutants(root: root).first(where: { $0.id == id }) else { fail("no mutant \(id) in \(root)") }
    return found
}

/// A subcommand: its signature (positionals only, and `--help`) and what it does with them.
struct Subcommand {
    let signature: CommandSignature
    let positionals: (required: [String], optional: Int)
    let run: ([String]) -> Void

    init(_ name: String, usage: String, _ summary: String, _ discussion: String, required: [String], optional: Int = 0,
         run: @escaping ([String]) -> Void) {
        signature = CommandSignature(tool: tool, name: name, summary: summary, usage: [usage], discussion: discussion, options: [],
                                     exitStatus: "0 success, 2 bad usage, an unknown mutant or an unreadable file (one line on stderr).")
        positionals = (required, optional)
        self.run = run
    }
}

let subcommands = [
    Subcommand("list", usage: "ROOT [LIST]", "every mutant of ROOT's engine sources", """
        Prints every mutant of ROOT's engine sources (\(engineSources)), a line
        each, tab-separated: id, fingerprint, status (equivalent, survivor or candidate, from the
        mutant list LIST), operator, mutated line.
        """, required: ["ROOT"], optional: 1) { arguments in
        var list = MutantList()
        if arguments.count == 2 {
            do {
                list = try MutantList(text: read(arguments[1]))
            } catch {
                fail("\(arguments[1]): \(error)")
            }
        }
        var output = ""
        for mutant in mutants(root: arguments[0]) {
            let status = list.entry(for: mutant)?.kind.rawValue ?? "candidate"
            let mutated = mutant.mutated.drop { $0 == " " }.replacing("\t", with: " ")
            output += "\(mutant.id)\t\(mutant.fingerprint)\t\(status)\t\(mutant.mutationOperator.rawValue)\t\(mutated)\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    },
    Subcommand("write", usage: "ROOT DEST ID", "write a mutant's file", """
        Writes ROOT's file with mutant ID applied to the same path under DEST.
        """, required: ["ROOT", "DEST", "ID"]) { arguments in
        let (root, destination) = (arguments[0], arguments[1])
        let chosen = mutant(arguments[2], root: root)
        guard let mutated = MutantCatalog.apply(chosen, to: read("\(root)/\(chosen.file)")) else { fail("\(chosen.file) changed") }
        guard FileManager.default.createFile(atPath: "\(destination)/\(chosen.file)", contents: Data(mutated.utf8)) else {
            fail("cannot write \(destination)/\(chosen.file)")
        }
    },
    Subcommand("entry", usage: "ROOT ID KIND REASON", "print a mutant list's line", """
        Prints the mutant list's line for mutant ID of ROOT: KIND is equivalent or survivor, REASON
        why (put -- before a REASON that starts with -).
        """, required: ["ROOT", "ID", "KIND", "REASON"]) { arguments in
        guard let kind = MutantList.Kind(rawValue: arguments[2]) else { fail("kind must be equivalent or survivor") }
        print(MutantList.line(for: mutant(arguments[1], root: arguments[0]), kind: kind, reason: arguments[3]))
    },
]

let help = """
    USAGE: \(tool) COMMAND ARGUMENTS

    The mutant catalogue for Scripts/mutate, which builds, fuzzes and scores each mutant.

    COMMANDS:
    \(subcommands.map { "  \($0.signature.name.padding(toLength: 7, withPad: " ", startingAt: 0))\($0.signature.summary): "
                        + "\($0.signature.name) \($0.signature.usage[0])" }.joined(separator: "\n"))

    Run '\(tool) COMMAND --help' for a command's help. Exit status: 0 success, 2 bad usage,
    an unknown mutant or an unreadable file (one line on stderr).

    """

let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, ParsedArguments<UsageError>.asksForHelp(first) {
    FileHandle.standardOutput.write(Data(help.utf8))
    exit(0)
}
guard let subcommand = subcommands.first(where: { $0.signature.name == arguments.first }) else { fail(usage) }
do {
    let parsed = try ParsedArguments<UsageError>(Array(arguments.dropFirst()), signature: subcommand.signature)
    if parsed.wantsHelp {
        FileHandle.standardOutput.write(Data(subcommand.signature.helpText.utf8))
        exit(0)
    }
    subcommand.run(try parsed.positionals(subcommand.positionals.required, optional: subcommand.positionals.optional))
} catch {
    FileHandle.standardError.write(Data("\(error.message)\n".utf8))
    exit(2)
}
