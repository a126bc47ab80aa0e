// A progress line assembled in a fixed buffer on the stack: printing progress allocates nothing.
import MasonrySupport

/// The text of one progress line, assembled in a buffer of `capacity` bytes on the stack and
/// written to standard error (in pieces when longer), so that printing it allocates nothing.
///
/// Why: in instruction mode the process whose instructions are counted prints the progress, and
/// a line built as a `String` is a heap allocation whose size follows the line's length, its
/// times included, which differ from one run to the next: the allocator then starts the next
/// counted region in another state. CI's A/A of the smoke suite (two runs, which must agree to
/// 0.01%) failed once with a peer session 0.8% apart. Measured on the smoke suite, a run with
/// `--quiet` counted 16 of 46 benchmarks differently from one that printed, by up to 0.35%.
/// With the line built here (and an arena per benchmark, `Jemalloc.moveToFreshArena`), a run
/// on a terminal counts exactly what a run printing to a log counts, and one with `--quiet` 8
/// of them by at most 0.0009% (the option's own parsing). Count release builds: a debug
/// build's generic code asks the Swift runtime's metadata caches on every call, and the line's
/// own types in those caches still move a debug session's count by 2%.
struct ProgressLine: ~Copyable {
    /// Stack space for a line: a benchmark's name is under 200 bytes. The standard library
    /// places temporary allocations of up to 1 KiB on the stack.
    static let capacity = 512

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private let console: Console
    private var count = 0

    /// Builds a line in `buffer` (of any size above zero), written to `console` by `flush()`.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, console: Console) {
        precondition(!buffer.isEmpty, "a progress line needs room for a byte")
        self.buffer = buffer
        self.console = console
    }

    /// Calls `body` with a line on the stack, then writes what is left of it. O(line).
    static func write(to console: Console, _ body: (inout ProgressLine) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var line = ProgressLine(buffer, console: console)
            body(&line)
            line.flush()
        }
    }

    /// Appends a string's UTF-8, from its own storage when contiguous (always, for native strings
    /// and literals).
    mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { append(byte: byte) }
        }
        if copied == nil {
            for byte in text.utf8 { append(byte: byte) }
        }
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    mutating func append(decimal value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(byte: UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    /// Appends `seconds` as `ProgressReporter.duration` words it: `12 s`, `1 min 40 s`.
    mutating func append(duration seconds: Double) {
        let parts = ProgressReporter.durationParts(seconds)
        if let minutes = parts.minutes {
            append(decimal: minutes)
            append(" min ")
        }
        append(decimal: parts.seconds)
        append(" s")
    }

    private mutating func append(byte: UInt8) {
        if count == buffer.count { flush() }
        buffer[count] = byte
        count += 1
    }

    /// Writes what the buffer holds and empties it.
    mutating func flush() {
        guard count > 0 else { return }
        console.error(bytes: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<count])))
        count = 0
    }
}
