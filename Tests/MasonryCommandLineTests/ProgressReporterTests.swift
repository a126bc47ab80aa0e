// Tests of `ProgressReporter`: plain lines with time left in a log, a redrawn line on a terminal, quiet.
@testable import MasonryCommandLine
import MasonrySupport
import Testing

@Suite struct ProgressReporterTests {
    final class Log: @unchecked Sendable {
        var text = ""
        var now = 0.0
    }

    func reporter(_ log: Log, total: Int?, terminal: Bool, quiet: Bool = false) -> ProgressReporter {
        let console = Console(writeOutput: { _ in }, writeError: { log.text += $0 })
        return ProgressReporter(console: console, total: total, quiet: quiet, isTerminal: terminal, clock: { log.now })
    }

    @Test func aLogGetsPlainLinesWithTheTimeLeft() {
        let log = Log()
        let progress = reporter(log, total: 4, terminal: false)
        progress.step("prepare/a")
        log.now = 10
        progress.step("prepare/b")
        log.now = 100
        progress.step("query/c")
        progress.finish()
        #expect(log.text == """
            [1/4] prepare/a (0 s elapsed)
            [2/4] prepare/b (10 s elapsed, about 30 s left)
            [3/4] query/c (1 min 40 s elapsed, about 1 min 40 s left)

            """)
    }

    @Test func aTerminalLineIsRedrawnInPlaceAndCleared() {
        let log = Log()
        let progress = reporter(log, total: nil, terminal: true)
        progress.step("a")
        progress.status("12 cases")
        progress.finish()
        #expect(log.text == "\r\u{1B}[K[1] a (0 s elapsed)\r\u{1B}[K12 cases\r\u{1B}[K")
    }

    @Test func quietPrintsNothing() {
        let log = Log()
        let progress = reporter(log, total: 2, terminal: false, quiet: true)
        progress.step("a")
        progress.status("b")
        progress.finish()
        #expect(log.text.isEmpty)
    }
}
