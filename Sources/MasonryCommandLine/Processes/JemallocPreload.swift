// Restarts the tool with jemalloc preloaded (`LD_PRELOAD`) for memory measurements, without linking it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MasonryBenchmarkHarness
import MasonrySupport

/// Puts jemalloc under the tool's allocations for the commands that measure memory, without
/// linking it: the tool starts itself again with `LD_PRELOAD` naming Debian's `libjemalloc.so.2`
/// (package `libjemalloc2`), so that every allocation of the process goes through jemalloc, and
/// finds `mallctl` at run time.
///
/// Not linking it keeps every build free of system packages: `swift build` needs no
/// `libjemalloc-dev`, and a package that depends on `MasonryLayout` sees no trace of jemalloc.
/// Without the library, or with `MASONRY_JEMALLOC=off`, the tool runs on the system allocator and
/// the result files say "not linked" in place of the memory counters.
package enum JemallocPreload {
    /// The commands whose results include jemalloc's counters.
    static let commands: Set<String> = ["bench"]
    /// Set in the restarted process, so that it never restarts again.
    static let markerVariable = "MASONRY_JEMALLOC_PRELOADED"
    /// `off` keeps the system allocator.
    static let switchVariable = "MASONRY_JEMALLOC"
    /// Where Debian and other distributions keep the shared library.
    static let candidatePaths = [
        "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
        "/usr/lib64/libjemalloc.so.2", "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
    ]

    /// jemalloc's controls when it is the process's allocator. Otherwise, for a command in
    /// `commands` on Linux with the library installed, replaces the process with itself under
    /// `LD_PRELOAD` (this call then does not return); else nil.
    package static func processAllocator(arguments: [String]) -> Jemalloc? {
        if let control = loadedControl() { return Jemalloc(mallctl: control) }
        #if os(Linux)
        guard let command = arguments.dropFirst().first, commands.contains(command),
              getenv(markerVariable) == nil, getenv(switchVariable).map({ String(cString: $0) }) != "off",
              let library = candidatePaths.first(where: { access($0, R_OK) == 0 }) else { return nil }
        let preload = getenv("LD_PRELOAD").map { "\(library):\(String(cString: $0))" } ?? library
        setenv("LD_PRELOAD", preload, 1)
        setenv(markerVariable, "1", 1)
        var argv = arguments.map { strdup($0) } + [nil]
        execv(ExecutablePath.current(), &argv)
        // The restart failed: carry on with the system allocator.
        unsetenv(markerVariable)
        #endif
        return nil
    }

    /// `mallctl`, when jemalloc is loaded in this process (linked or preloaded).
    static func loadedControl() -> Jemalloc.Control? {
        #if canImport(Glibc)
        let handle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
        #endif
        guard let symbol = dlsym(handle, "mallctl") else { return nil }
        return unsafeBitCast(symbol, to: Jemalloc.Control.self)
    }
}
