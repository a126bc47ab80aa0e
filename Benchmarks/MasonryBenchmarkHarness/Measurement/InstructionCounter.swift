// Counts the instructions of measured regions under callgrind, one dump file per region.
import CCallgrind
import Foundation
import MasonrySupport

/// Counts the instructions of measured regions when the process runs under Valgrind's callgrind
/// with `--instr-atstart=no`: each region is bracketed by client requests (zero the counts, start
/// instrumenting; stop, dump), and the dump callgrind writes before the request returns gives the
/// region's `Ir`. Setup, input generation and warm-ups run uninstrumented.
///
/// One dump file per region (`OUT.1`, `OUT.2`, … for `--callgrind-out-file=OUT`), read and removed
/// at once: its total, and for the first region of each name its functions' counts
/// (`CallgrindProfile`). A reference type, so that `InstructionMeasurer`, a value, counts without
/// being mutated.
final class InstructionCounter {
    /// callgrind's `--callgrind-out-file`.
    private let outputFile: String
    private var dumps = 0
    /// Per benchmark name, the top functions (`FunctionCost.top`) of its first region, per call,
    /// under callgrind's names (mangled).
    private(set) var functions: [String: [FunctionCost]] = [:]
    /// The first thing that went wrong (a dump missing or unreadable); counts after it are NaN.
    private(set) var problem: String?

    init(outputFile: String) {
        self.outputFile = outputFile
    }

    /// Runs `region`, which makes `calls` calls of the operation, instrumented and returns the
    /// instructions it executed (plus the constant few of the client requests around it). Costs
    /// one profile dump: a file write and read (and, the first time for a name, a parse of its
    /// functions: O(profile lines)).
    @inline(__always)
    func count(_ name: String, calls: Int = 1, _ region: () -> Void) -> Double {
        begin()
        region()
        return end(name, calls: calls)
    }

    /// Starts counting: a region without a closure, for a loop whose code must not depend on
    /// whether the optimizer inlines one (`InstructionMeasurer.measureLookups`).
    @inline(__always)
    func begin() {
        masonry_callgrind_begin()
    }

    /// Stops counting and returns the instructions since `begin()`, per call of `calls`, as `count`.
    @inline(__always)
    func end(_ name: String, calls: Int) -> Double {
        masonry_callgrind_end()
        masonry_callgrind_dump(name)
        dumps += 1
        return readDump(number: dumps, name: name, calls: calls)
    }

    private func readDump(number: Int, name: String, calls: Int) -> Double {
        guard problem == nil else { return .nan }
        let path = "\(outputFile).\(number)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            problem = "callgrind wrote no profile '\(path)' for \(name) (is the process running under callgrind with --callgrind-out-file=\(outputFile)?)"
            return .nan
        }
        switch Self.totalInstructions(inProfile: text, trigger: name) {
        case .success(let instructions):
            if functions[name] == nil {
                do {
                    functions[name] = try Self.functionCosts(inProfile: text, calls: calls)
                } catch {
                    problem = "\(path): \(error.description)"
                    return .nan
                }
            }
            return instructions
        case .failure(let failure):
            problem = "\(path): \(failure.description)"
            return .nan
        }
    }

    /// The top functions (`FunctionCost.top`) of a profile, their counts divided by `calls`.
    /// O(lines + functions log functions).
    static func functionCosts(inProfile text: String, calls: Int) throws(CallgrindProfile.ParseError) -> [FunctionCost] {
        let profile = try CallgrindProfile(parsing: text[...])
        let perCall = 1 / Double(max(1, calls))
        return FunctionCost.top(profile.functions.map { name, counts in
            FunctionCost(name: name, inclusive: Double(counts.inclusive) * perCall, exclusive: Double(counts.exclusive) * perCall)
        })
    }

    /// `functions` with Swift's names demangled: one `swift demangle` for every name of the run
    /// (`SwiftDemangler`), callgrind's names where it cannot run. O(names).
    func demangledFunctions() -> [String: [FunctionCost]] {
        let symbols = Set(functions.values.joined().map { Self.splitRecursionSuffix($0.name).symbol })
        let names = SwiftDemangler.demangle(Array(symbols))
        return functions.mapValues { costs in
            // Two specializations can demangle to one compact name: their counts add up.
            var merged: [String: FunctionCost] = [:]
            var order: [String] = []
            for cost in costs {
                let (symbol, suffix) = Self.splitRecursionSuffix(cost.name)
                let name = (names[symbol] ?? symbol) + suffix
                if merged[name] == nil { order.append(name) }
                merged[name, default: FunctionCost(name: name, inclusive: 0, exclusive: 0)].inclusive += cost.inclusive
                merged[name]!.exclusive += cost.exclusive
            }
            return order.map { merged[$0]! }
        }
    }

    /// callgrind's name of a function called from itself (`f'2`, a recursion level it keeps
    /// apart) as the symbol and the suffix, which stays on the demangled name: `f` already
    /// includes `f'2` in its inclusive count.
    static func splitRecursionSuffix(_ name: String) -> (symbol: String, suffix: String) {
        guard let quote = name.lastIndex(of: "'"), name[name.index(after: quote)...].allSatisfy(\.isNumber),
              quote != name.index(before: name.endIndex) else { return (name, "") }
        return (String(name[..<quote]), String(name[quote...]))
    }

    /// Why a profile could not be read.
    struct ProfileError: Error, CustomStringConvertible {
        var description: String
    }

    /// The `totals:` line of a callgrind profile (the sum over every thread and function of the
    /// one event, `Ir`), checking that the dump is the one requested for `trigger`.
    static func totalInstructions(inProfile text: String, trigger: String) -> Result<Double, ProfileError> {
        var triggerSeen: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("desc: Trigger: ") {
                triggerSeen = String(line.dropFirst("desc: Trigger: ".count))
            } else if line.hasPrefix("totals:") {
                guard triggerSeen == "Client Request: \(trigger)" else {
                    return .failure(ProfileError(description: "the dump is for '\(triggerSeen ?? "no trigger")', expected '\(trigger)'"))
                }
                let fields = line.dropFirst("totals:".count).split(separator: " ")
                guard fields.count == 1, let value = UInt64(fields[0]) else {
                    return .failure(ProfileError(description: "'\(line)' is not one instruction count"))
                }
                return .success(Double(value))
            }
        }
        return .failure(ProfileError(description: "no 'totals:' line"))
    }
}

extension BenchmarkReport {
    /// Benchmarks whose repetitions' counts differ by more than `tolerance` (0.01%): counts of the
    /// same region should repeat exactly, so a spread means something in it is not deterministic.
    package func unsteadyInstructionCounts(tolerance: Double = 1e-4) -> [String] {
        records.compactMap { record in
            let counts = record.counters.compactMap { $0[BenchmarkCounter.instructions.rawValue] }
            guard let low = counts.min(), let high = counts.max(), low > 0, (high - low) / low > tolerance else { return nil }
            return "\(record.name): instruction counts differ by \(Format.number((high - low) / low * 100, digits: 4))% "
                + "between repetitions (\(Format.number(low, digits: 0)) to \(Format.number(high, digits: 0)))"
        }
    }
}
