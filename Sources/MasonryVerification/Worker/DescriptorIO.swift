// Deadline-bounded pipe I/O: a buffered line and byte reader, writes and polls on file descriptors.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered reading from a file descriptor (a pipe), in lines or counted bytes, each read
/// waiting at most until a deadline (nil: as long as it takes). O(bytes read).
struct DescriptorReader {
    /// What a read found.
    enum Read: Equatable {
        case bytes([UInt8])
        /// The deadline passed first.
        case timedOut
        /// The other end closed the pipe (the process exited or died).
        case closed
    }

    let descriptor: Int32
    private var buffered: [UInt8] = []

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, without its line break.
    mutating func readLine(deadline: ContinuousClock.Instant?) -> Read {
        var searched = 0
        while true {
            if let newline = buffered[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffered[..<newline])
                buffered.removeSubrange(...newline)
                return .bytes(line)
            }
            searched = buffered.count
            if let failed = fill(deadline: deadline) { return failed }
        }
    }

    /// Exactly `count` bytes.
    mutating func read(count: Int, deadline: ContinuousClock.Instant?) -> Read {
        while buffered.count < count {
            if let failed = fill(deadline: deadline) { return failed }
        }
        let bytes = Array(buffered[..<count])
        buffered.removeSubrange(..<count)
        return .bytes(bytes)
    }

    /// Reads what is there into `buffered`; says why not when nothing came.
    private mutating func fill(deadline: ContinuousClock.Instant?) -> Read? {
        guard DescriptorIO.wait(for: descriptor, events: Int16(POLLIN), until: deadline) else { return .timedOut }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { buffer in
            #if canImport(Glibc)
            Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            #else
            Darwin.read(descriptor, buffer.baseAddress!, buffer.count)
            #endif
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return nil }
        guard count > 0 else { return .closed }
        buffered.append(contentsOf: chunk[..<count])
        return nil
    }
}

enum DescriptorIO {
    /// Writes all of `bytes`; false when the reader is gone or the deadline passed.
    static func write(_ bytes: [UInt8], to descriptor: Int32, deadline: ContinuousClock.Instant?) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard wait(for: descriptor, events: Int16(POLLOUT), until: deadline) else { return false }
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + offset, min(buffer.count - offset, 65_536))
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, min(buffer.count - offset, 65_536))
                #endif
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Waits until `descriptor` is ready for `events` (or closed); false when the deadline passed.
    static func wait(for descriptor: Int32, events: Int16, until deadline: ContinuousClock.Instant?) -> Bool {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return false }
                let (seconds, attoseconds) = left.components
                timeout = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            var descriptors = [pollfd(fd: descriptor, events: events, revents: 0)]
            let ready = poll(&descriptors, 1, timeout)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // the read or write reports the error
        }
    }
}
