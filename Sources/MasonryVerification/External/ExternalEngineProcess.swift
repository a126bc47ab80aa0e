// `ExternalEngineProcess`: an engine program (`--engine-command`), started, greeted and asked one request at a time.
import Foundation
import MasonryLayout
import MasonrySupport

/// What went wrong with an external engine during a check (it died, answered nothing in time,
/// answered what is not the protocol's): a finding of that check, with its standard error's last lines.
package struct EngineFault: Error, Equatable, Sendable, CustomStringConvertible {
    package var kind: CheckFailure.Kind
    package var message: String
    package var description: String { message }
}

/// Why an external engine cannot be used at all (the command is not there, its hello is not
/// this protocol's): the commands end with exit status 2 and this line.
package struct EngineStartError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

/// An engine program and the conversation with it (<doc:EngineProtocol>): started and greeted
/// when made, then sent one request at a time, each answered within `timeLimit`. The first
/// fault is kept until `takeFault()`, and requests after it are not sent (they answer nil at
/// once), so a check that goes on finds its end quickly; the next request after `takeFault()`
/// starts the program again.
///
/// The program holds one layout; `ExternalLayoutEngine` values name theirs by a version, and one
/// whose layout the program no longer holds prepares it again first (`holding`). A lock makes
/// each exchange whole; the checks drive one engine at a time.
package final class ExternalEngineProcess: @unchecked Sendable {
    /// The command as given, for messages.
    package let command: String
    /// What the engine said of itself when it first started.
    package let hello: EngineHello
    /// The longest a request may go unanswered, in seconds.
    package let timeLimit: Double
    /// The engine's own time for the last request, when its answer carried `nanoseconds`.
    package private(set) var lastNanoseconds: Int64?
    /// Times the program was started (the first, then once after each fault).
    package private(set) var starts = 0

    private let executable: String
    private let arguments: [String]
    /// This tool's name and version, for `hello`.
    private let tool: String
    /// In its own process group (so that killing it takes its children too), unless this
    /// process is a fuzz worker whose group the fuzzer kills whole.
    private let ownProcessGroup: Bool
    private let errorLogPath: String
    private let lock = NSLock()
    private var child: ChildProcess?
    private var fault: EngineFault?
    /// The version of the layout the program holds, and the last version given out.
    private var heldVersion = 0
    private var lastVersion = 0

    /// The longest the program may take to start and answer `hello`: starting an interpreter
    /// on a loaded machine takes seconds.
    static let startTimeLimit = 30.0

    /// Starts `command` (split as a shell splits words, the first looked up on PATH) and reads
    /// its hello. Throws when it does not start or its hello is not this protocol's.
    package init(command: String, tool: String = "masonry", timeLimit: Double = 10, ownProcessGroup: Bool = true) throws(EngineStartError) {
        self.command = command
        self.tool = tool
        self.timeLimit = timeLimit
        self.ownProcessGroup = ownProcessGroup
        let words: [String]
        do {
            words = try CommandWords.split(command)
        } catch {
            throw EngineStartError(description: "--engine-command: \(error)")
        }
        guard let program = words.first else { throw EngineStartError(description: "--engine-command: no command given") }
        guard let path = program.contains("/") ? program : ExecutablePath.onPath(program),
              FileManager.default.isExecutableFile(atPath: path) else {
            throw EngineStartError(description: "--engine-command: '\(program)' is not an executable file\(program.contains("/") ? "" : " on PATH")")
        }
        executable = path
        arguments = Array(words.dropFirst())
        // Removed by `deinit`, and at exit where the tool ends with the client alive.
        errorLogPath = RemovalAtExit.path("engine-\(ProcessInfo.processInfo.processIdentifier)", suffix: ".log")
        ChildProcess.ignoreBrokenPipes()
        let (child, hello): (ChildProcess, EngineHello)
        do {
            (child, hello) = try Self.start(executable, arguments, ownProcessGroup: ownProcessGroup, errorLogPath: errorLogPath,
                                            command: command, tool: tool)
        } catch {
            // No `deinit` runs for a client never made: its log would stay in the temporary directory.
            try? FileManager.default.removeItem(atPath: errorLogPath)
            throw error
        }
        self.child = child
        self.hello = hello
        starts = 1
    }

    deinit {
        child?.kill()
        try? FileManager.default.removeItem(atPath: errorLogPath)
    }

    private static func start(_ executable: String, _ arguments: [String], ownProcessGroup: Bool, errorLogPath: String,
                              command: String, tool: String) throws(EngineStartError) -> (ChildProcess, EngineHello) {
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: executable, arguments: arguments, environment: [:], errorLogPath: errorLogPath,
                                     newProcessGroup: ownProcessGroup)
        } catch {
            throw EngineStartError(description: "the engine (\(command)) did not start: \(error)")
        }
        let deadline = ContinuousClock.now + .seconds(startTimeLimit)
        func failed(_ reason: String) -> EngineStartError {
            child.kill()
            let words = errorTail(errorLogPath)
            return EngineStartError(description: "the engine (\(command)) \(reason)\(words.isEmpty ? "" : "; its stderr ends: \(words)")")
        }
        guard child.write(EngineRequest.hello(tool: tool).line, deadline: deadline) else {
            let termination = Self.stop(child)
            throw failed(termination == .signaled(SIGKILL) ? "did not read its input" : "\(termination) before answering hello")
        }
        switch child.readLine(deadline: deadline) {
        case .bytes(let line):
            do throws(MalformedAnswer) {
                return (child, try EngineHello(EngineAnswer(line: line)))
            } catch {
                throw failed("answered hello with \(error)")
            }
        case .timedOut: throw failed("did not answer hello within \(Int(startTimeLimit)) s")
        case .closed: throw failed("\(child.waitForExit()) before answering hello")
        }
    }

    // MARK: Requests

    /// A new version for a layout about to be prepared or updated.
    func nextVersion() -> Int {
        lock.withLock {
            lastVersion += 1
            return lastVersion
        }
    }

    /// Sends `request` once the program holds layout `version` (preparing `description` first
    /// when it holds another), and reads the answer; nil after a fault. `becomes` is the version
    /// the program holds once it accepted the request (a prepare's or an update's).
    func exchange(_ request: EngineRequest, holding version: Int, description: LayoutDescription,
                  becomes newVersion: Int? = nil) -> EngineAnswer? {
        lock.withLock {
            if heldVersion != version {
                // A copy of an engine asks after another copy prepared or updated.
                guard let answer = unlockedExchange(.prepare(description)) else { return nil }
                guard answer["ok"] != nil else {
                    record(.mismatch, "answered a prepare of a layout it held before with \(answer.excerpt)")
                    return nil
                }
                heldVersion = version
            }
            let answer = unlockedExchange(request)
            if let newVersion, answer?["ok"] != nil { heldVersion = newVersion }
            return answer
        }
    }

    /// Prepares `description` as layout `version`: whatever the program held is replaced.
    func prepare(_ description: LayoutDescription, as version: Int) -> EngineAnswer? {
        lock.withLock {
            heldVersion = version
            return unlockedExchange(.prepare(description))
        }
    }

    /// Whether a fault waits for `takeFault()`.
    package var hasFault: Bool {
        lock.withLock { fault != nil }
    }

    /// The first fault since the last call, which it clears: the next request starts the program again.
    package func takeFault() -> EngineFault? {
        lock.withLock {
            defer { fault = nil }
            return fault
        }
    }

    /// Records an answer that came but does not read (a frame of three numbers, say) as the fault.
    func recordAnswerFault(_ what: String) {
        lock.withLock { record(.mismatch, what) }
    }

    private func unlockedExchange(_ request: EngineRequest) -> EngineAnswer? {
        lastNanoseconds = nil
        guard fault == nil, let child = runningChild() else { return nil }
        let deadline = ContinuousClock.now + .seconds(timeLimit)
        let summary = request.summary
        guard child.write(request.line, deadline: deadline) else {
            let termination = Self.stop(child)
            if termination == .signaled(SIGKILL) {
                record(.timeout, "did not read \(summary) within \(timeLimit) s")
            } else {
                record(.crash, "\(termination) before reading \(summary)")
            }
            return nil
        }
        switch child.readLine(deadline: deadline) {
        case .bytes(let line):
            do throws(MalformedAnswer) {
                let answer = try EngineAnswer(line: line)
                if let error = answer.error {
                    record(.mismatch, "answered \(summary) with an error: \(error)")
                    return nil
                }
                if let nanoseconds = try answer.nanoseconds(required: false) { lastNanoseconds = nanoseconds }
                return answer
            } catch {
                record(.mismatch, "answered \(summary) with \(error)")
                return nil
            }
        case .timedOut:
            record(.timeout, "answered nothing to \(summary) within \(timeLimit) s")
            return nil
        case .closed:
            record(.crash, "\(child.waitForExit()) while answering \(summary)")
            return nil
        }
    }

    /// Ends a program that stopped reading its input and says how it ended: killed (SIGKILL) when
    /// it was still running (it hangs), else as it ended by itself.
    private static func stop(_ child: ChildProcess) -> ChildProcess.Termination {
        child.kill()
        return child.waitForExit()
    }

    /// The program, started again (and greeted) after a fault; nil, with a fault recorded, when
    /// it does not start again.
    private func runningChild() -> ChildProcess? {
        if let child { return child }
        do throws(EngineStartError) {
            let (started, _) = try Self.start(executable, arguments, ownProcessGroup: ownProcessGroup, errorLogPath: errorLogPath,
                                              command: command, tool: tool)
            child = started
            starts += 1
            heldVersion = 0
            return started
        } catch {
            fault = EngineFault(kind: .crash, message: error.description)
            return nil
        }
    }

    /// Records the fault (the first one counts), with the engine's last words, and ends the program.
    private func record(_ kind: CheckFailure.Kind, _ what: String) {
        child?.kill()
        child = nil
        heldVersion = 0
        guard fault == nil else { return }
        let words = Self.errorTail(errorLogPath)
        fault = EngineFault(kind: kind, message: "the external engine (\(hello.engine)) \(what)"
                            + (words.isEmpty ? "" : "; its stderr ends: \(words)"))
    }

    /// The last lines the program wrote to its standard error (at most 3, joined with " / ").
    static func errorTail(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let lines = String(decoding: data.suffix(4096), as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.suffix(3).joined(separator: " / ")
    }
}
