// How a run measured: the metric and what moves instruction counts between machines and runs.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a run measured, beyond the host: the metric, and what moves instruction counts between
/// machines and runs (CPU model: glibc picks `memcpy` and friends by CPU features; glibc, valgrind
/// and Swift versions; address-space randomisation; hashing seeds; the environment's size, which
/// shifts the initial stack). Written into the result file's `context`.
package struct MeasurementEnvironment: Sendable, Equatable {
    /// `time` or `instructions`.
    package var metric: String
    package var cpuModel: String
    package var glibcVersion: String
    /// valgrind's version in instruction mode, `not used` in time mode.
    package var valgrindVersion: String
    /// `off` when the measured process ran with `ADDR_NO_RANDOMIZE` (or randomisation is off
    /// system-wide), `on` otherwise.
    package var addressRandomization: String
    /// Whether `SWIFT_DETERMINISTIC_HASHING` was set: Set and Dictionary seeds are then fixed.
    package var deterministicHashing: Bool
    /// Bytes of the process's arguments and environment strings (each with its terminating NUL).
    package var environmentBytes: Int

    package init(metric: String, cpuModel: String, glibcVersion: String, valgrindVersion: String,
                addressRandomization: String, deterministicHashing: Bool, environmentBytes: Int) {
        self.metric = metric
        self.cpuModel = cpuModel
        self.glibcVersion = glibcVersion
        self.valgrindVersion = valgrindVersion
        self.addressRandomization = addressRandomization
        self.deterministicHashing = deterministicHashing
        self.environmentBytes = environmentBytes
    }

    /// What a result file written before these fields existed reads as.
    package static let unknown = MeasurementEnvironment(
        metric: BenchmarkMetric.time.rawValue, cpuModel: "", glibcVersion: "", valgrindVersion: "",
        addressRandomization: "", deterministicHashing: false, environmentBytes: 0)

    /// This process's environment. Reads a few small files in /proc; microseconds.
    package static func current(metric: BenchmarkMetric, valgrindVersion: String?) -> MeasurementEnvironment {
        let environment = ProcessInfo.processInfo.environment
        let bytes = CommandLine.arguments.reduce(0) { $0 + $1.utf8.count + 1 }
            + environment.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
        return MeasurementEnvironment(
            metric: metric.rawValue, cpuModel: cpuModel(), glibcVersion: glibcVersion(),
            valgrindVersion: valgrindVersion ?? "not used", addressRandomization: addressRandomization(),
            deterministicHashing: environment["SWIFT_DETERMINISTIC_HASHING"].map { !$0.isEmpty && $0 != "0" } ?? false,
            environmentBytes: bytes)
    }

    /// The CPU's model name (`/proc/cpuinfo` on Linux, `machdep.cpu.brand_string` on Darwin).
    static func cpuModel() -> String {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return "unknown" }
        var name = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &name, &size, nil, 0) == 0 else { return "unknown" }
        return cString(name)
        #else
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":") else { return "unknown" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        #endif
    }

    /// `glibc 2.36`, say; `none` where the C library is not glibc.
    static func glibcVersion() -> String {
        #if canImport(Glibc)
        let size = confstr(Int32(_CS_GNU_LIBC_VERSION), nil, 0)
        guard size > 0 else { return "unknown" }
        var buffer = [CChar](repeating: 0, count: size)
        _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, size)
        return cString(buffer)
        #else
        return "none"
        #endif
    }

    /// The text of a NUL-terminated buffer.
    private static func cString(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this process's address space is randomised: its personality's `ADDR_NO_RANDOMIZE`
    /// (0x0040000, what `setarch -R` sets) or the kernel's `randomize_va_space`.
    static func addressRandomization() -> String {
        #if os(Linux)
        if let text = try? String(contentsOfFile: "/proc/self/personality", encoding: .utf8),
           let personality = UInt32(text.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16),
           personality & 0x0040000 != 0 {
            return "off"
        }
        if let text = try? String(contentsOfFile: "/proc/sys/kernel/randomize_va_space", encoding: .utf8),
           text.trimmingCharacters(in: .whitespacesAndNewlines) == "0" {
            return "off"
        }
        return "on"
        #else
        return "on"
        #endif
    }
}
