#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MasonryCommandLine

let console = Console.standard()
let status = MasonryTool.run(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status.rawValue)
