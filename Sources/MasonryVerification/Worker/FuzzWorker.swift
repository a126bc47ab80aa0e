// The worker side of crash-safe fuzzing: serves the supervisor's cases and checks, memory-limited.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The worker side of crash-safe fuzzing (`masonry fuzz --worker`, started by `masonry fuzz`
/// itself): runs the cases and checks the supervisor asks for (`WorkerProtocol`) and answers
/// after each, so that a case that traps, hangs or exhausts memory takes down only this process
/// and the supervisor knows which case it was.
package enum FuzzWorker {
    /// Serves requests from `input` until it closes, answering on `output`.
    package static func serve(checker: ScenarioChecker, input: Int32 = 0, output: Int32 = 1) {
        exitWhenOrphaned()
        var reader = DescriptorReader(input)
        func send(_ words: [String], payload: [UInt8]? = nil) {
            // A supervisor that went away leaves nothing to do.
            if !DescriptorIO.write(WorkerProtocol.message(words, payload: payload), to: output, deadline: nil) { exit(0) }
        }
        send(["ready", "\(WorkerProtocol.version)"])
        while case .bytes(let line) = reader.readLine(deadline: nil) {
            let words = String(decoding: line, as: UTF8.self).split(separator: " ").map(String.init)
            switch (words.first, words.count) {
            case ("cases", 5), ("cases", 6):
                guard let seed = UInt64(words[1]), let first = Int(words[2]), let count = Int(words[3]),
                      let step = words.count == 6 ? Int(words[5]) : 1, step >= 1 else { protocolError(line) }
                let threads = words[4].split(separator: ",").compactMap { Int($0) }
                guard !threads.isEmpty else { protocolError(line) }
                for index in stride(from: first, to: first + count * step, by: step) {
                    let started = ContinuousClock.now
                    let (caseSeed, chain, caseThreads) = Fuzzer.fuzzCase(seed: seed, index: index, threads: threads)
                    let missing = checker.missingFeatures(of: chain)
                    guard missing.isEmpty else {
                        send(["skip", "\(index)", "\(nanoseconds(since: started))", missing.map(\.rawValue).joined(separator: ",")])
                        continue
                    }
                    _ = Fuzzer.fuzzParser(with: chain.scenarios[0].description, seed: caseSeed)
                    let failure = checker.check(chain, threads: caseThreads)
                    let nanoseconds = "\(nanoseconds(since: started))"
                    if let failure {
                        send(["fail", "\(index)", nanoseconds], payload: WorkerProtocol.encode(failure))
                        break
                    }
                    send(["done", "\(index)", nanoseconds])
                }
            case ("check", 3):
                guard let threads = Int(words[1]), let length = Int(words[2]),
                      case .bytes(let json) = reader.read(count: length, deadline: nil) else { protocolError(line) }
                guard let chain = try? ScenarioChain(json: json) else { protocolError(line) }
                let started = ContinuousClock.now
                if let failure = checker.check(chain, threads: threads) {
                    send(["fail", "-1", "\(nanoseconds(since: started))"], payload: WorkerProtocol.encode(failure))
                } else {
                    send(["pass", "\(nanoseconds(since: started))"])
                }
            case ("parser", 2):
                guard let caseSeed = UInt64(words[1]) else { protocolError(line) }
                let description = Fuzzer.scenario(seed: caseSeed).scenarios[0].description
                _ = Fuzzer.fuzzParser(with: description, seed: caseSeed) { bytes in send(["input"], payload: bytes) }
                send(["end"])
            default:
                protocolError(line)
            }
        }
    }

    /// Caps this process's address space, so that a case that allocates without end fails an
    /// allocation (a crash the supervisor reports) instead of pushing the machine into swap.
    /// Linux only (macOS does not enforce the limit).
    package static func limitMemory(megabytes: Int) {
        let bytes = rlim_t(megabytes) << 20
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        #if canImport(Glibc)
        _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        #else
        _ = setrlimit(RLIMIT_AS, &limit)
        #endif
    }

    /// A worker whose supervisor died (killed, say, by a `timeout`) must not spin on in a hanging
    /// case: a watchdog thread ends the process once its parent is gone, and the external engine
    /// it started with it (the worker leads their process group).
    private static func exitWhenOrphaned() {
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { sleep(1) }
            if getpgrp() == getpid() { kill(0, SIGKILL) }
            _exit(0)
        }
    }

    private static func protocolError(_ line: [UInt8]) -> Never {
        let text = "masonry fuzz --worker: unexpected request '\(String(decoding: line.prefix(200), as: UTF8.self))'\n"
        _ = DescriptorIO.write(Array(text.utf8), to: 2, deadline: nil)
        exit(2)
    }

    static func nanoseconds(since start: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
