// Tests of `Clock.time`: the CPU clock's system call stays out of the wall time.
@testable import MasonryBenchmarkHarness
import Testing

@Suite struct ClockTests {
    final class Reads: @unchecked Sendable {
        var events: [String] = []
        var now = 0.0
    }

    /// The CPU clock is a system call (hundreds of nanoseconds): read inside the wall clock's
    /// pair, it was in every region's wall time, a third of a 1,000-item prepare's.
    @Test func theCPUClockIsReadOutsideTheWallClocksPair() {
        let reads = Reads()
        let times = Clock.time(
            wall: { reads.events.append("wall"); return reads.now },
            cpu: { reads.events.append("cpu"); reads.now += 100; return reads.now }
        ) {
            reads.events.append("body")
            reads.now += 7
        }
        #expect(reads.events == ["cpu", "wall", "body", "wall", "cpu"])
        #expect(times.wall == 7)
        #expect(times.cpu == 107)
    }

    @Test func realClocksTimeWhatTheBodyDoes() {
        var sum = 0.0
        let times = Clock.time { for value in 0..<200_000 { sum += Double(value) } }
        blackHole(sum)
        #expect(times.wall > 0 && times.cpu > 0)
    }
}
