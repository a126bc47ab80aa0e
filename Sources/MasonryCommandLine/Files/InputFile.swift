// Reads a command's input from a file or standard input (`-`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let readBytes = Glibc.read
#elseif canImport(Darwin)
private let readBytes = Darwin.read
#endif

/// Reads a command's input: a file path, or `-` for standard input.
enum InputFile {
    /// The whole content of `path` (`-` is standard input).
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandFailure(.badInput, "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(.badInput, "cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
