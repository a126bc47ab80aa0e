// Console: where a command writes its results and messages.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output for results, standard error for messages.
///
/// Output is buffered and written in large blocks (a 1M-item CSV is tens of megabytes); tests
/// capture both streams instead.
public final class Console {
    private var outputBuffer: [UInt8] = []
    private let writeOutput: ([UInt8]) -> Void
    private let writeError: (UnsafeRawBufferPointer) -> Void
    private static let flushThreshold = 1 << 20
    /// Whether standard output is a terminal: summaries are then aligned plain text, not Markdown.
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal: progress is then redrawn in place.
    public let errorIsTerminal: Bool

    /// A console writing through the two closures (neither stream a terminal, unless said).
    public init(writeOutput: @escaping ([UInt8]) -> Void, writeError: @escaping (String) -> Void,
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false) {
        self.writeOutput = writeOutput
        self.writeError = { bytes in writeError(String(decoding: bytes, as: UTF8.self)) }
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and standard error.
    public static func standard() -> Console {
        Console(writeOutput: { bytes in bytes.withUnsafeBytes { writeAll($0, to: 1) } }, writeErrorBytes: { writeAll($0, to: 2) },
                outputIsTerminal: isatty(1) != 0, errorIsTerminal: isatty(2) != 0)
    }

    private init(writeOutput: @escaping ([UInt8]) -> Void, writeErrorBytes: @escaping (UnsafeRawBufferPointer) -> Void,
                 outputIsTerminal: Bool, errorIsTerminal: Bool) {
        self.writeOutput = writeOutput
        writeError = writeErrorBytes
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// Writes every byte to a file descriptor, retrying short writes; a closed pipe ends the output.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Appends `text` to standard output's buffer, writing it out once it holds 1 MiB.
    public func output(_ text: String) {
        outputBuffer.append(contentsOf: text.utf8)
        if outputBuffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes `text` to standard error at once (unbuffered: messages and progress), from the
    /// string's own storage: the standard console allocates nothing for it.
    public func error(_ text: String) {
        var text = text
        text.withUTF8 { writeError(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` (UTF-8) to standard error at once, as `error(_:)`, for text built without
    /// a `String` (`ProgressLine`).
    public func error(bytes: UnsafeRawBufferPointer) {
        writeError(bytes)
    }

    /// Writes out what standard output's buffer holds.
    public func flush() {
        guard !outputBuffer.isEmpty else { return }
        writeOutput(outputBuffer)
        outputBuffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
