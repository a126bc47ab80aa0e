import Foundation
import MasonryMutation

// The mutant catalogue for Scripts/mutate (which builds, fuzzes and scores each mutant):
//   MasonryMutationTool list ROOT [LIST]       every mutant of ROOT's engine sources, tab-separated:
//                                              id, fingerprint, status (equivalent, survivor or
//                                              candidate, from the mutant list LIST), operator, mutated line
//   MasonryMutationTool write ROOT DEST ID     writes ROOT's file with mutant ID applied to the same
//                                              path under DEST
//   MasonryMutationTool entry ROOT ID KIND REASON   prints the mutant list's line for mutant ID
// Exit status 2 on bad usage, an unknown mutant or an unreadable file, with one line on stderr.

/// The sources the mutation score covers: the optimized engine.
let engineSources = "Sources/MasonryLayout/Optimized"

/// Files of `engineSources` that are not the engine a release build runs, so that every mutant in
/// them would be equivalent by construction: the invariant checks are compiled in debug builds
/// only (Scripts/mutate builds release), and the floor is the benchmarks' yardstick, which no
/// layout calls.
let notTheEngine: Set<String> = ["SectionHandle+Invariants.swift", "ValueChainFloor.swift"]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("MasonryMutationTool: \(message)\n".utf8))
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

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("list", 2), ("list", 3):
    var list = MutantList()
    if arguments.count == 3 {
        do {
            list = try MutantList(text: read(arguments[2]))
        } catch {
            fail("\(arguments[2]): \(error)")
        }
    }
    var output = ""
    for mutant in mutants(root: arguments[1]) {
        let status = list.entry(for: mutant)?.kind.rawValue ?? "candidate"
        let mutated = mutant.mutated.drop { $0 == " " }.replacing("\t", with: " ")
        output += "\(mutant.id)\t\(mutant.fingerprint)\t\(status)\t\(mutant.mutationOperator.rawValue)\t\(mutated)\n"
    }
    FileHandle.standardOutput.write(Data(output.utf8))
case ("write", 4):
    let (root, destination) = (arguments[1], arguments[2])
    let chosen = mutant(arguments[3], root: root)
    guard let mutated = MutantCatalog.apply(chosen, to: read("\(root)/\(chosen.file)")) else { fail("\(chosen.file) changed") }
    guard FileManager.default.createFile(atPath: "\(destination)/\(chosen.file)", contents: Data(mutated.utf8)) else {
        fail("cannot write \(destination)/\(chosen.file)")
    }
case ("entry", 5):
    guard let kind = MutantList.Kind(rawValue: arguments[3]) else { fail("kind must be equivalent or survivor") }
    print(MutantList.line(for: mutant(arguments[2], root: arguments[1]), kind: kind, reason: arguments[4]))
default:
    fail("usage: MasonryMutationTool list ROOT [LIST] | write ROOT DEST ID | entry ROOT ID KIND REASON")
}
