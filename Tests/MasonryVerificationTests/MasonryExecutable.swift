// Runs the `masonry` tool built beside the tests as a separate process, for crash-safe fuzzing tests.
import Foundation
import MasonrySupport
import Testing

/// The `masonry` tool as built beside the test bundle (`swift build --build-tests` builds both
/// into one folder), run as a separate process: what crash-safe fuzzing needs, since its worker
/// is the tool itself.
enum MasonryExecutable {
    struct Run {
        var status: Int32
        var output: String
        var error: String
        var seconds: Double
    }

    /// The built tool, or nil when it is not there.
    static var path: String? {
        let testBundle = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                             ?? Bundle.main.executablePath ?? CommandLine.arguments[0])
        // Linux: .build/<triple>/debug/MasonryPackageTests.xctest; macOS: …/debug/MasonryPackageTests.xctest/Contents/MacOS/…
        var directory = testBundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("masonry").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs the tool with `arguments`, and `environment` over this process's, and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let executable = try #require(path, "the masonry tool is not built beside the tests (swift build --build-tests)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let started = Date()
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   error: String(decoding: errorData.get(), as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }

    /// The processes whose command line contains `text` (its words joined by spaces), from
    /// `/proc`: what a run left behind.
    static func processes(matching text: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.joined(separator: " ").contains(text)
        }
    }

    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        func set(_ value: Data) { lock.withLock { data = value } }
        func get() -> Data { lock.withLock { data ?? Data() } }
        var isSet: Bool { lock.withLock { data != nil } }
    }
}

/// A new, empty temporary directory, removed when the test process ends.
func temporaryDirectory() throws -> String {
    try RemovalAtExit.makeDirectory("verification").path
}
