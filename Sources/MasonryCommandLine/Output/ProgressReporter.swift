// Progress of a long run on stderr: redrawn in place on a terminal, plain lines in a log.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MasonrySupport

/// Progress of a long run on standard error: `[n/total] step (elapsed, about … left)`.
///
/// On a terminal the line is redrawn in place; in a CI log (stderr is a file or a pipe) each step
/// is a plain line, so a log shows where a run is and how long it has left. `quiet` turns it off.
final class ProgressReporter {
    private let console: Console
    private let total: Int?
    private let redraws: Bool
    private let isQuiet: Bool
    private let clock: () -> Double
    private let started: Double
    private var completed = 0
    private var lineIsOpen = false
    private var lastLogged: Double?

    /// `--quiet`, the flag of every command that reports progress.
    static let quiet = Flag("--quiet", "no progress on stderr")

    /// `total` is the number of steps when known; `clock` returns seconds (monotonic).
    init(console: Console, total: Int?, quiet: Bool = false, isTerminal: Bool? = nil,
         clock: @escaping () -> Double = ProgressReporter.monotonicSeconds) {
        self.console = console
        self.total = total
        redraws = isTerminal ?? console.errorIsTerminal
        isQuiet = quiet
        self.clock = clock
        started = clock()
    }

    /// Reports that step `name` starts. Allocates nothing (`ProgressLine`).
    func step(_ name: String) {
        completed += 1
        guard !isQuiet else { return }
        writeLine { line in
            appendCounter(to: &line)
            line.append(" ")
            line.append(name)
            line.append(" (")
            appendTiming(to: &line)
            line.append(")")
        }
    }

    /// A line of its own (a count of cases, say), redrawn on a terminal like a step. In a log,
    /// lines come at most one per `logInterval` seconds, so that a status reported every second
    /// does not flood it.
    func status(_ text: String, logInterval: Double = 0) {
        guard !isQuiet else { return }
        if !redraws {
            let now = clock()
            guard lastLogged.map({ now - $0 >= logInterval }) ?? true else { return }
            lastLogged = now
        }
        writeLine { $0.append(text) }
    }

    /// Clears the live line, before the results are printed.
    func finish() {
        if lineIsOpen { console.error(Self.clearLine) }
        lineIsOpen = false
    }

    /// What returns a terminal's cursor to the line's start and clears the line.
    private static let clearLine = "\r\u{1B}[K"

    /// One line, as `body` writes it: on a terminal drawn over the live line (which stays open),
    /// in a log ended by a newline.
    private func writeLine(_ body: (inout ProgressLine) -> Void) {
        ProgressLine.write(to: console) { line in
            if redraws { line.append(Self.clearLine) }
            body(&line)
            if !redraws { line.append("\n") }
        }
        lineIsOpen = redraws
    }

    /// `[n/total]`, or `[n]` when the total is not known.
    private func appendCounter(to line: inout ProgressLine) {
        line.append("[")
        line.append(decimal: completed)
        if let total {
            line.append("/")
            line.append(decimal: total)
        }
        line.append("]")
    }

    /// `12 s elapsed, about 40 s left`: the remaining steps at the average pace so far.
    private func appendTiming(to line: inout ProgressLine) {
        let elapsed = clock() - started
        line.append(duration: elapsed)
        line.append(" elapsed")
        if let total, completed > 1, total >= completed {
            let perStep = elapsed / Double(completed - 1)
            line.append(", about ")
            line.append(duration: perStep * Double(total - completed + 1))
            line.append(" left")
        }
    }

    /// `12 s`, `1 min 40 s`: `durationParts` in words.
    static func duration(_ seconds: Double) -> String {
        let parts = durationParts(seconds)
        return parts.minutes.map { "\($0) min \(parts.seconds) s" } ?? "\(parts.seconds) s"
    }

    /// Whole seconds (rounded), split into minutes and seconds from a minute on.
    static func durationParts(_ seconds: Double) -> (minutes: Int?, seconds: Int) {
        let whole = Int(seconds.rounded())
        return whole < 60 ? (nil, whole) : (whole / 60, whole % 60)
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
