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

    /// A percentage or probability option.
    static func number(_ arguments: Arguments, _ name: String, command: String, in range: ClosedRange<Double>,
                       default fallback: Double) throws(CommandFailure) -> Double {
        guard let text = arguments.values[name] else { return fallback }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .usage(command, "\(name) must be a number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return value
    }
}
