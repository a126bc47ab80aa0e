// Runs fuzz cases in a watched worker process: deaths become crashes, silences past the limit timeouts.
import Foundation
import MasonryLayout
import MasonrySupport

/// Runs cases and checks in a worker process and watches it: a worker that dies is a crash
/// finding, one that answers nothing within the per-case time limit (10 × the median case time,
/// at least 2 s) is killed and is a timeout finding; either way the next request starts a fresh
/// worker. Each case costs one short message each way over a pipe.
final class WorkerExecutor: CaseExecutor {
    let command: WorkerCommand
    /// Workers started so far (the first, then one after each crash or timeout).
    private(set) var starts = 0
    private var child: ChildProcess?
    /// The worker's own temporary directory, its `TMPDIR`: its stderr log, and what it leaves
    /// when it is killed mid-case (an external engine's log), removed with it.
    private let scratchDirectory: String
    private var errorLogPath: String { scratchDirectory + "/worker.log" }
    /// The latest case times (seconds), for the median.
    private var recentCaseSeconds: [Double] = []
    private var nextSample = 0
    private var medianCaseSeconds = 0.0

    /// The fewest seconds a case may take before it counts as hanging.
    let minimumTimeLimit: Double
    static let defaultMinimumTimeLimit = 2.0
    private static let samples = 1001

    init(command: WorkerCommand, minimumTimeLimit: Double = WorkerExecutor.defaultMinimumTimeLimit) {
        self.command = command
        self.minimumTimeLimit = minimumTimeLimit
        scratchDirectory = RemovalAtExit.path("fuzz-worker")
        ChildProcess.ignoreBrokenPipes()
    }

    deinit { stop() }

    /// How long one case or candidate may take.
    var timeLimit: Double { max(minimumTimeLimit, 10 * medianCaseSeconds) }

    private var timeLimitText: String {
        "the per-case time limit of \(Self.rounded(timeLimit)) s (10 × the median case time, "
            + "\(Self.rounded(medianCaseSeconds * 1000)) ms, and at least \(Self.rounded(minimumTimeLimit)) s)"
    }

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    private func record(nanoseconds: Int64) {
        let seconds = Double(nanoseconds) * 1e-9
        if recentCaseSeconds.count < Self.samples {
            recentCaseSeconds.append(seconds)
        } else {
            recentCaseSeconds[nextSample % Self.samples] = seconds
        }
        nextSample += 1
        if nextSample < 64 || nextSample % 256 == 0 {
            medianCaseSeconds = recentCaseSeconds.sorted()[recentCaseSeconds.count / 2]
        }
    }

    // MARK: The worker process

    private func worker() throws(FuzzerError) -> ChildProcess {
        if let child { return child }
        let started: ChildProcess
        do {
            // Its own process group, so that killing a worker that hangs also kills what it
            // started (an external engine, which may be the one hanging).
            try FileManager.default.createDirectory(atPath: scratchDirectory, withIntermediateDirectories: true)
            started = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                       environment: command.environment.merging(["TMPDIR": scratchDirectory]) { $1 },
                                       errorLogPath: errorLogPath, newProcessGroup: true)
        } catch {
            throw FuzzerError(description: "cannot start the fuzz worker: \(error)")
        }
        starts += 1
        // Loading the runtime takes milliseconds; a loaded machine gets plenty more.
        guard case .bytes(let line) = started.readLine(deadline: .now + .seconds(30)),
              String(decoding: line, as: UTF8.self) == "ready \(WorkerProtocol.version)" else {
            started.kill()
            throw FuzzerError(description: "the fuzz worker (\(command.executable) \(command.arguments.joined(separator: " "))) "
                              + "did not start: \(Self.lastWords(started.errorText()))")
        }
        child = started
        return started
    }

    private func stopWorker() {
        child?.kill()
        child = nil
    }

    func stop() {
        stopWorker()
        try? FileManager.default.removeItem(atPath: scratchDirectory)
    }

    /// The worker's output closed: how it ended, and the last lines it wrote to stderr.
    private func death() -> String {
        guard let child else { return "the worker ended" }
        let termination = child.waitForExit()
        let words = Self.lastWords(child.errorText())
        self.child = nil
        return "the worker process was \(termination)" + (words.isEmpty ? "" : ": \(words)")
    }

    /// The lines of a crash report that say what went wrong: the fatal error, or else the last
    /// lines that are not a stack trace.
    private static func lastWords(_ text: String) -> String {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let fatal = lines.last(where: { $0.contains("Fatal error") }) { return fatal }
        let message = lines.filter { line in !(line.first?.isNumber ?? false) && !line.hasPrefix("Current stack trace") }
        return message.suffix(2).joined(separator: " / ")
    }

    private func protocolError(_ line: [UInt8]) -> FuzzerError {
        stopWorker()
        return FuzzerError(description: "the fuzz worker said '\(String(decoding: line.prefix(200), as: UTF8.self))'")
    }

    // MARK: Requests

    func runCases(seed: UInt64, first: Int, count: Int, stride: Int, threads: [Int], deadline: ContinuousClock.Instant,
                  done: (Int, Double, [EngineFeature]) -> Void) throws(FuzzerError) -> CaseFinding? {
        let child = try worker()
        let request = WorkerProtocol.message(["cases", "\(seed)", "\(first)", "\(count)", threads.map(String.init).joined(separator: ","),
                                              "\(stride)"])
        _ = child.write(request, deadline: deadline)
        var next = first
        var caseStarted = ContinuousClock.now
        while next < first + count * stride {
            let limit = caseStarted + .seconds(timeLimit)
            switch child.readLine(deadline: min(limit, deadline)) {
            case .bytes(let line):
                let words = String(decoding: line, as: UTF8.self).split(separator: " ")
                guard words.count >= 3, let index = Int(words[1]), let nanoseconds = Int64(words[2]) else { throw protocolError(line) }
                if words[0] == "done" || words[0] == "skip" {
                    let missing = words[0] == "skip" && words.count == 4 ? words[3].split(separator: ",").compactMap { EngineFeature(rawValue: String($0)) } : []
                    guard words[0] == "done" || !missing.isEmpty else { throw protocolError(line) }
                    if missing.isEmpty { record(nanoseconds: nanoseconds) }
                    done(index, Double(nanoseconds) * 1e-9, missing)
                    next = index + stride
                    caseStarted = .now
                } else if words[0] == "fail", words.count == 4, let length = Int(words[3]),
                          case .bytes(let payload) = child.read(count: length, deadline: .now + .seconds(30)),
                          let failure = WorkerProtocol.decode(payload) {
                    return CaseFinding(index: index, kind: failure.kind, message: failure.message, failure: failure)
                } else {
                    throw protocolError(line)
                }
            case .timedOut:
                stopWorker()
                if ContinuousClock.now < limit { return nil }  // the run's time is up, not the case's
                return CaseFinding(index: next, kind: .timeout, message: "case \(next) ran past \(timeLimitText)", failure: nil)
            case .closed:
                return CaseFinding(index: next, kind: .crash, message: "case \(next): \(death())", failure: nil)
            }
        }
        return nil
    }

    func check(_ chain: ScenarioChain, threads: Int, deadline: ContinuousClock.Instant,
               timeLimit: Double?) throws(FuzzerError) -> ScenarioShrinker.Verdict {
        guard ContinuousClock.now < deadline else { return .outOfTime }
        let child = try worker()
        // A shorter limit, but never under 10 × the median case time.
        let limit = min(ContinuousClock.now + .seconds(timeLimit.map { max($0, 10 * medianCaseSeconds) } ?? self.timeLimit), deadline)
        // A worker that died is found by the read that follows.
        _ = child.write(WorkerProtocol.message(["check", "\(threads)"], payload: Array(chain.jsonText().utf8)), deadline: limit)
        switch child.readLine(deadline: limit) {
        case .bytes(let line):
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            if words.first == "pass" { return .passes }
            guard words.count == 4, words[0] == "fail", let length = Int(words[3]),
                  case .bytes(let payload) = child.read(count: length, deadline: .now + .seconds(30)),
                  let failure = WorkerProtocol.decode(payload) else { throw protocolError(line) }
            return .fails(failure)
        case .timedOut:
            stopWorker()
            if ContinuousClock.now >= deadline, limit == deadline { return .outOfTime }
            let limitText = timeLimit.map { "a time limit of \(Self.rounded($0)) s" } ?? timeLimitText
            return .fails(Self.processFailure(.timeout, "the check ran past \(limitText)", chain))
        case .closed:
            return .fails(Self.processFailure(.crash, death(), chain))
        }
    }

    func parserCulprit(caseSeed: UInt64) throws(FuzzerError) -> [UInt8]? {
        let child = try worker()
        _ = child.write(WorkerProtocol.message(["parser", "\(caseSeed)"]), deadline: .now + .seconds(timeLimit))
        var last: [UInt8]?
        while true {
            let limit = ContinuousClock.now + .seconds(timeLimit)
            switch child.readLine(deadline: limit) {
            case .bytes(let line):
                let words = String(decoding: line, as: UTF8.self).split(separator: " ")
                if words == ["end"] { return nil }
                guard words.count == 2, words[0] == "input", let length = Int(words[1]),
                      case .bytes(let bytes) = child.read(count: length, deadline: limit) else { throw protocolError(line) }
                last = bytes
            case .timedOut:
                stopWorker()
                return last
            case .closed:
                _ = death()
                return last
            }
        }
    }

    /// A crash or a timeout as a failure to report and draw: the chain's first layout as the
    /// reference has it, and no frames from the engine under test.
    static func processFailure(_ kind: CheckFailure.Kind, _ message: String, _ chain: ScenarioChain) -> CheckFailure {
        let description = chain.scenarios[0].description
        return CheckFailure(kind: kind, message: message, layout: description, candidateElements: [],
                            referenceElements: allElements(of: ReferenceLayoutEngine(description)))
    }
}
