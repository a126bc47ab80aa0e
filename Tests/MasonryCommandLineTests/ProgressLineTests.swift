// Tests of `ProgressLine`: numbers and durations as a String writes them, long lines in pieces.
@testable import MasonryCommandLine
import MasonrySupport
import Testing

@Suite struct ProgressLineTests {
    final class Log: @unchecked Sendable {
        var writes: [String] = []
    }

    /// What `body` writes through a line of `capacity` bytes, one entry per write.
    func written(capacity: Int = ProgressLine.capacity, _ body: (inout ProgressLine) -> Void) -> [String] {
        let log = Log()
        let console = Console(writeOutput: { _ in }, writeError: { log.writes.append($0) })
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var line = ProgressLine(buffer, console: console)
            body(&line)
            line.flush()
        }
        return log.writes
    }

    @Test(arguments: [0, 7, 10, 99, 12_345, -3, -10, Int.max, Int.min])
    func aNumberIsWrittenAsStringWritesIt(value: Int) {
        #expect(written { $0.append(decimal: value) } == [String(value)])
    }

    @Test(arguments: [0.0, 0.4, 9.6, 59.4, 59.6, 100, 3_599.5, 3_600, -2])
    func aDurationIsWrittenAsTheReporterWordsIt(seconds: Double) {
        #expect(written { $0.append(duration: seconds) } == [ProgressReporter.duration(seconds)])
    }

    @Test func durationsReadAsSecondsThenMinutes() {
        #expect(ProgressReporter.duration(59.4) == "59 s")
        #expect(ProgressReporter.duration(59.6) == "1 min 0 s")
        #expect(ProgressReporter.duration(100) == "1 min 40 s")
    }

    @Test func aLineLongerThanItsBufferIsWrittenWholeInPieces() {
        let name = "prepare/optimized/placement:shortestColumn/items:1000000/sections:1/columns:4/threads:1"
        let writes = written(capacity: 16) { line in
            line.append("[")
            line.append(decimal: 12)
            line.append("] ")
            line.append(name)
            line.append(" x\n")
        }
        #expect(writes.count == (name.utf8.count + 8 + 15) / 16)
        #expect(writes.dropLast().allSatisfy { $0.utf8.count == 16 })
        #expect(writes.joined() == "[12] \(name) x\n")
    }

    @Test func aLineWithinItsBufferIsOneWrite() {
        #expect(written { $0.append("a"); $0.append("b") } == ["ab"])
        #expect(written { _ in }.isEmpty)
    }
}
