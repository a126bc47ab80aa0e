// Tests of Subprocess: streams, environment, exit statuses and signals of the programs it starts.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import MasonrySupport
import Testing

@Suite struct SubprocessTests {
    @Test func pipedStreamsAreReadToTheEnd() throws {
        // More than a pipe holds on each stream, so that reading one at a time would deadlock.
        let completion = try Subprocess.run("/bin/sh", ["-c", "head -c 200000 /dev/zero; head -c 150000 /dev/zero >&2; exit 3"],
                                            output: .pipe, error: .pipe)
        #expect(completion.termination == .exited(3))
        #expect(completion.output.count == 200_000)
        #expect(completion.error.count == 150_000)
    }

    @Test func theEnvironmentIsAddedToOrReplaced() throws {
        let added = try Subprocess.run("/usr/bin/env", [], environment: .adding(["MASONRY_TEST_VARIABLE": "a"]), output: .pipe)
        let addedLines = String(decoding: added.output, as: UTF8.self).split(separator: "\n")
        #expect(addedLines.contains("MASONRY_TEST_VARIABLE=a") && addedLines.count > 1)
        let replaced = try Subprocess.run("/usr/bin/env", [], environment: .replacing(["MASONRY_TEST_VARIABLE": "b"]), output: .pipe)
        #expect(String(decoding: replaced.output, as: UTF8.self) == "MASONRY_TEST_VARIABLE=b\n")
    }

    /// Regression: a child inherited every descriptor this process held without FD_CLOEXEC (a file
    /// another test was still writing, whose exec then failed with "Text file busy").
    @Test func theChildInheritsItsThreeStreamsOnly() throws {
        let stray = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, as Foundation's writes and pipe() leave theirs
        try #require(stray > 2)
        defer { close(stray) }
        let completion = try Subprocess.run("/bin/sh", ["-c", "test -e /proc/self/fd/\(stray) && echo inherited || echo closed; test -e /proc/self/fd/2 && echo streams"],
                                            output: .pipe)
        #expect(String(decoding: completion.output, as: UTF8.self) == "closed\nstreams\n")
    }

    @Test func aSignalIsReportedAsSuch() throws {
        let completion = try Subprocess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(completion.termination == .signaled(9))
        #expect(completion.termination.exitStatus == nil)
        #expect(completion.termination.description == "killed by signal 9 (SIGKILL: out of memory, or killed)")
    }

    @Test func aMissingExecutableIsAStartError() {
        #expect {
            _ = try Subprocess.run("/nonexistent/masonry-test", [])
        } throws: { error in
            (error as? Subprocess.StartError)?.description == "cannot start /nonexistent/masonry-test: No such file or directory"
        }
    }

    @Test func outputIsTrimmedAndNilUnlessTheProgramSucceeds() {
        #expect(Subprocess.output(of: "/bin/sh", ["-c", "echo '  text  '"]) == "text")
        #expect(Subprocess.output(of: "/bin/sh", ["-c", "echo text; exit 1"]) == nil)
        #expect(Subprocess.output(of: "/bin/sh", ["-c", "true"]) == nil)
    }

    @Test func aPipedInputReachesTheChildAndAKilledChildIsReaped() throws {
        let process = try Subprocess(executable: "/bin/cat", arguments: [], input: .pipe, output: .discarded)
        #expect(process.input != nil && process.output == nil)
        process.kill()
        #expect(process.waitForExit() == .signaled(9))
    }

    /// A fuzz worker's external engine must die with the worker: a child that leads its own
    /// process group is killed with everything it started.
    @Test func killingAGroupLeaderKillsWhatItStarted() throws {
        let process = try Subprocess(executable: "/bin/sh", arguments: ["-c", "sleep 60 & echo $!; wait"], output: .pipe,
                                     newProcessGroup: true)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(process.output!, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        let sleeper = try #require(Int32(String(decoding: line, as: UTF8.self)))
        #expect(getpgid(sleeper) == process.pid)
        process.kill()
        #expect(process.waitForExit() == .signaled(9))
        // Gone, or a zombie its new parent has not reaped yet.
        let ended = (0..<200).contains { _ in
            let state = (try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            if state == nil || state == "Z" { return true }
            usleep(10_000)
            return false
        }
        #expect(ended)
    }
}
