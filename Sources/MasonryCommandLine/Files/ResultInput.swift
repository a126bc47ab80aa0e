// Reads a benchmark result file into a `BenchmarkReport`, naming the file in any error.
import Foundation
import MasonryBenchmarkHarness

/// Reads a benchmark result file, naming the file in any error.
enum ResultInput {
    static func read(_ path: String) throws(CommandFailure) -> BenchmarkReport {
        let bytes = try InputFile.read(path)
        do {
            return try BenchmarkReport(jsonData: Data(bytes))
        } catch {
            throw CommandFailure(.badInput, "\(path): \(error)")
        }
    }
}
