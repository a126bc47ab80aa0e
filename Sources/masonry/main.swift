// The `masonry` executable's entry: preloads jemalloc where needed, runs the tool, exits with its status.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MasonryCommandLine
import MasonrySupport

// `bench` restarts itself with jemalloc preloaded (see JemallocPreload), so that the harness can
// read the allocator's statistics through `mallctl`.
let jemalloc = JemallocPreload.processAllocator(arguments: CommandLine.arguments)
let console = Console.standard()
let status = MasonryTool.run(Array(CommandLine.arguments.dropFirst()), console: console, jemalloc: jemalloc)
console.flush()
exit(status.rawValue)
