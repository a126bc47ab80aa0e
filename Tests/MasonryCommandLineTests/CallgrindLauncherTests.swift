// Tests that callgrind's measured process gets a fixed environment padded to a constant size.
@testable import MasonryCommandLine
import Testing

@Suite struct CallgrindLauncherTests {
    static func bytes(_ arguments: [String], _ environment: [String: String]) -> Int {
        arguments.reduce(0) { $0 + $1.utf8.count + 1 } + environment.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
    }

    /// Whatever the paths and options, the measured process starts with the same number of bytes
    /// of arguments and environment, so its stack starts at the same address.
    @Test(arguments: [["/usr/bin/masonry", "bench"], ["/a/much/longer/path/to/masonry", "bench", "--filter", "prepare/optimized/.*"]])
    func theEnvironmentIsPaddedToAFixedSize(arguments: [String]) {
        let inherited = ["PATH": "/usr/bin:/bin", "HOME": "/root", "TERM": "xterm", "LD_PRELOAD": "/usr/lib/libjemalloc.so.2",
                         "MASONRY_JEMALLOC_PRELOADED": "1"]
        let environment = CallgrindLauncher.fixedEnvironment(arguments: arguments, valgrindVersion: "valgrind-3.19.0",
                                                             commit: String(repeating: "a", count: 40), inherited: inherited)
        #expect(Self.bytes(arguments, environment) == CallgrindLauncher.environmentBytes)
        #expect(environment["SWIFT_DETERMINISTIC_HASHING"] == "1")
        #expect(environment["MALLOC_CONF"] == "tcache_gc_incr_bytes:1099511627776")  // Jemalloc.countingConfiguration
        // A preloaded allocator and the tool's settings pass; the rest of the caller's environment does not.
        #expect(environment["LD_PRELOAD"] == "/usr/lib/libjemalloc.so.2" && environment["MASONRY_JEMALLOC_PRELOADED"] == "1")
        #expect(environment["HOME"] == nil && environment["TERM"] == nil)
    }
}
