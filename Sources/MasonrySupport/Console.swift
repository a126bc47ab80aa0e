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
    private let writeError: (String) -> Void
    private static let flushThreshold = 1 << 20
    /// Whether standard output is a terminal: summaries are then aligned plain text, not Markdown.
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal: progress is then redrawn in place.
    public let errorIsTerminal: Bool

    /// A console writing through the two closures (neither stream a terminal, unless said).
    public init(writeOutput: @escaping ([UInt8]) -> Void, writeError: @escaping (String) -> Void,
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and standard error.
    public static func standard() -> Console {
        Console(writeOutput: { writeAll($0, to: 1) }, writeError: { writeAll(Array($0.utf8), to: 2) },
                outputIsTerminal: isatty(1) != 0, errorIsTerminal: isatty(2) != 0)
    }

    /// Writes every byte to a file descriptor, retrying short writes; a closed pipe ends the output.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Appends `text` to standard output's buffer, writing it out once it holds 1 MiB.
    public func output(_ text: String) {
        outputBuffer.append(contentsOf: text.utf8)
        if outputBuffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes `text` to standard error at once (unbuffered: messages and progress).
    public func error(_ text: String) {
        writeError(text)
    }

    /// Writes out what standard output's buffer holds.
    public func flush() {
        guard !outputBuffer.isEmpty else { return }
        writeOutput(outputBuffer)
        outputBuffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
