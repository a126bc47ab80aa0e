// The SVG chart of a run: prepare time per item against item count, and rect-query latency percentiles.
import Foundation
import MasonrySupport

/// An SVG picture of a run that a browser shows: prepare time per item against item count
/// (log-log, one line per engine and placement), and rect-query latency percentiles per engine.
package enum SVGChart {
    static let engineColors = ["optimized": "#1b9e77", "peer": "#d95f02", "reference": "#7570b3", "external": "#e7298a"]

    package static func render(_ report: BenchmarkReport) -> String {
        let width = 980.0, height = 500.0
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        svg += scalingPanel(report, frame: (x: 60, y: 40, width: 400, height: 300))
        svg += latencyPanel(report, frame: (x: 560, y: 40, width: 360, height: 300))
        svg += "<text x=\"20\" y=\"490\" fill=\"#555\">Suite \(SVGText.escape(report.context.suite)), commit \(SVGText.escape(String(report.context.gitCommit.prefix(12)))), \(SVGText.escape(report.context.date)), \(report.context.metric == .instructions ? "instructions counted by callgrind" : "medians of the repetitions")</text>\n"
        return svg + "</svg>\n"
    }

    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    /// prepare ns/item (instructions/item in instruction mode) against items, both axes log10,
    /// for one-section 4-column layouts on one thread.
    static func scalingPanel(_ report: BenchmarkReport, frame: Frame) -> String {
        let counts = report.context.metric == .instructions
        let unit = counts ? "instructions/item" : "ns/item"
        var series: [String: [(Double, Double)]] = [:]
        for record in report.records where record.benchmarkName?.operation == .prepare {
            let name = record.name
            guard name.contains("/sections:1/columns:4/threads:1"), !name.contains("heights:"),
                  let items = parameter("items", in: name), let perItem = record.medianCounter(counts ? BenchmarkCounter.instructionsPerItem : .nsPerItem),
                  let placement = name.split(separator: "/").first(where: { $0.hasPrefix("placement:") })?.dropFirst(10) else { continue }
            series["\(record.engine) \(placement)", default: []].append((items, perItem))
        }
        var svg = "<text x=\"\(frame.x)\" y=\"\(frame.y - 15)\" font-size=\"14\" font-weight=\"bold\">prepare: \(unit) against items (log-log)</text>\n"
        let points = series.values.flatMap { $0 }
        guard !points.isEmpty else { return svg + "<text x=\"\(frame.x)\" y=\"\(frame.y + 20)\">no prepare scaling benchmarks in this run</text>\n" }
        let xs = points.map { log10($0.0) }, ys = points.map { log10(max($0.1, 1e-3)) }
        let xRange = (xs.min()!.rounded(.down), max(xs.max()!.rounded(.up), xs.min()!.rounded(.down) + 1))
        let yRange = (ys.min()!.rounded(.down), max(ys.max()!.rounded(.up), ys.min()!.rounded(.down) + 1))
        let project = { (x: Double, y: Double) -> (Double, Double) in
            (frame.x + (log10(x) - xRange.0) / (xRange.1 - xRange.0) * frame.width,
             frame.y + frame.height - (log10(max(y, 1e-3)) - yRange.0) / (yRange.1 - yRange.0) * frame.height)
        }
        svg += axes(frame: frame, xRange: xRange, yRange: yRange, xLabel: "items", yLabel: unit)
        for (index, key) in series.keys.sorted().enumerated() {
            let engine = String(key.split(separator: " ")[0])
            let color = engineColors[engine] ?? "#333"
            let dash = key.hasSuffix("roundRobin") ? " stroke-dasharray=\"6 4\"" : ""
            let path = series[key]!.sorted { $0.0 < $1.0 }.map { project($0.0, $0.1) }
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash) points=\"\(path.map { "\(Format.number($0.0, digits: 1)),\(Format.number($0.1, digits: 1))" }.joined(separator: " "))\"/>\n"
            for point in path { svg += "<circle cx=\"\(Format.number(point.0, digits: 1))\" cy=\"\(Format.number(point.1, digits: 1))\" r=\"3\" fill=\"\(color)\"/>\n" }
            // The legend goes below the panel, never over its lines: a sample of each line's
            // stroke (dashed: round robin) and its name, two entries a row.
            let legendX = frame.x + Double(index % 2) * frame.width / 2
            let legendY = frame.y + frame.height + 58 + Double(index / 2) * 16
            svg += "<line x1=\"\(legendX)\" y1=\"\(legendY - 4)\" x2=\"\(legendX + 24)\" y2=\"\(legendY - 4)\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
            svg += "<text x=\"\(legendX + 30)\" y=\"\(legendY)\" fill=\"\(color)\">\(SVGText.escape(key))</text>\n"
        }
        svg += "<text x=\"\(frame.x)\" y=\"\(frame.y + frame.height + 58 + Double((series.count + 1) / 2) * 16)\" fill=\"#555\" font-size=\"10\">"
            + "solid: shortest column, dashed: round robin</text>\n"
        return svg
    }

    /// p50, p90 and p99 latency of viewport queries (instructions per query in instruction mode),
    /// per engine, log10 scale.
    static func latencyPanel(_ report: BenchmarkReport, frame: Frame) -> String {
        let counts = report.context.metric == .instructions
        let keys = (counts ? [BenchmarkCounter.instructions] : [.p50, .p90, .p99]).map(\.rawValue)
        let show = { (value: Double) in counts ? Format.number(value, digits: 0) : Format.duration(value) }
        var svg = "<text x=\"\(frame.x)\" y=\"\(frame.y - 15)\" font-size=\"14\" font-weight=\"bold\">"
            + (counts ? "instructions per viewport query (log)" : "viewport query latency: p50, p90, p99 (log)") + "</text>\n"
        let queries = report.records.filter { $0.benchmarkName?.operation == .query && $0.name.hasSuffix("rect:viewport") }
        guard let first = queries.first else { return svg + "<text x=\"\(frame.x)\" y=\"\(frame.y + 20)\">no query benchmarks in this run</text>\n" }
        let workload = first.name.split(separator: "/").dropFirst(2).joined(separator: "/")
        let chosen = queries.filter { $0.name.hasSuffix(workload) }
        let values = chosen.flatMap { record in keys.compactMap { record.medianCounter($0) } }
        let yRange = (log10(max(values.min() ?? 1, 1)).rounded(.down), log10(max(values.max() ?? 10, 10)).rounded(.up))
        svg += axes(frame: frame, xRange: nil, yRange: yRange,
                    xLabel: SVGText.escape(workload.replacingOccurrences(of: "placement:", with: "").replacingOccurrences(of: "/threads:1", with: "")),
                    yLabel: counts ? "instructions" : "ns")
        let groupWidth = frame.width / Double(max(chosen.count, 1))
        for (group, record) in chosen.enumerated() {
            let color = engineColors[record.engine] ?? "#333"
            for (bar, key) in keys.enumerated() {
                guard let value = record.medianCounter(key) else { continue }
                let top = frame.y + frame.height - (log10(max(value, 1)) - yRange.0) / (yRange.1 - yRange.0) * frame.height
                let x = frame.x + Double(group) * groupWidth + 10 + Double(bar) * (groupWidth - 20) / 3
                svg += "<rect x=\"\(Format.number(x, digits: 1))\" y=\"\(Format.number(top, digits: 1))\" width=\"\(Format.number((groupWidth - 20) / 3 - 4, digits: 1))\" height=\"\(Format.number(max(0, frame.y + frame.height - top), digits: 1))\" fill=\"\(color)\" fill-opacity=\"\(1 - Double(bar) * 0.3)\"><title>\(record.engine) \(counts ? key : String(key.dropLast(3))): \(show(value))</title></rect>\n"
            }
            let center = Format.number(frame.x + Double(group) * groupWidth + groupWidth / 2, digits: 1)
            svg += "<text x=\"\(center)\" y=\"\(frame.y + frame.height + 16)\" text-anchor=\"middle\" fill=\"\(color)\">\(record.engine)</text>\n"
            svg += "<text x=\"\(center)\" y=\"\(frame.y + frame.height + 30)\" text-anchor=\"middle\" fill=\"\(color)\">\(counts ? "" : "p50 ")\(show(record.medianCounter(keys[0]) ?? 0))</text>\n"
        }
        return svg
    }

    /// Axes with a gridline at each power of ten.
    static func axes(frame: Frame, xRange: (Double, Double)?, yRange: (Double, Double), xLabel: String, yLabel: String) -> String {
        var svg = "<rect x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.width)\" height=\"\(frame.height)\" fill=\"none\" stroke=\"#999\"/>\n"
        for exponent in Int(yRange.0)...Int(yRange.1) {
            let y = frame.y + frame.height - (Double(exponent) - yRange.0) / (yRange.1 - yRange.0) * frame.height
            svg += "<line x1=\"\(frame.x)\" x2=\"\(frame.x + frame.width)\" y1=\"\(Format.number(y, digits: 1))\" y2=\"\(Format.number(y, digits: 1))\" stroke=\"#eee\"/>"
            svg += "<text x=\"\(frame.x - 6)\" y=\"\(Format.number(y + 4, digits: 1))\" text-anchor=\"end\">1e\(exponent)</text>\n"
        }
        if let xRange {
            for exponent in Int(xRange.0)...Int(xRange.1) {
                let x = frame.x + (Double(exponent) - xRange.0) / (xRange.1 - xRange.0) * frame.width
                svg += "<line x1=\"\(Format.number(x, digits: 1))\" x2=\"\(Format.number(x, digits: 1))\" y1=\"\(frame.y)\" y2=\"\(frame.y + frame.height)\" stroke=\"#eee\"/>"
                svg += "<text x=\"\(Format.number(x, digits: 1))\" y=\"\(frame.y + frame.height + 16)\" text-anchor=\"middle\">1e\(exponent)</text>\n"
            }
        }
        svg += "<text x=\"\(frame.x + frame.width / 2)\" y=\"\(frame.y + frame.height + (xRange == nil ? 48 : 34))\" text-anchor=\"middle\" fill=\"#555\" font-size=\"\(xRange == nil ? 10 : 12)\">\(xLabel)</text>\n"
        svg += "<text x=\"\(frame.x - 45)\" y=\"\(frame.y + frame.height / 2)\" fill=\"#555\" transform=\"rotate(-90 \(frame.x - 45) \(frame.y + frame.height / 2))\" text-anchor=\"middle\">\(yLabel)</text>\n"
        return svg
    }

    static func parameter(_ key: String, in name: String) -> Double? {
        name.split(separator: "/").first { $0.hasPrefix("\(key):") }.flatMap { Double($0.dropFirst(key.count + 1)) }
    }
}
