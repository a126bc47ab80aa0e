#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CJemalloc
import MasonryBenchmarkHarness
import MasonryCommandLine

// This executable links jemalloc, so every allocation goes through it; the benchmark harness
// reads its statistics through `mallctl`.
let console = Console.standard()
let status = MasonryTool.run(Array(CommandLine.arguments.dropFirst()), console: console, jemalloc: Jemalloc(mallctl: mallctl))
console.flush()
exit(status.rawValue)
