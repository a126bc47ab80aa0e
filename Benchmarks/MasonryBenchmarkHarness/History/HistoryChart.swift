// The small SVG trend chart of one benchmark's history: value against commit, change points marked.
import MasonrySupport

/// A small SVG chart of one series of a `BenchmarkHistory`: the runs' commits on the x axis
/// (every run, so a gap shows), the value on the y axis between the series' min and max, the
/// series as a line with a marker per point, and each change point as a red marker on a dashed
/// vertical line, with a tooltip: commit, subject, before → after, change.
enum HistoryChart {
    static let width = 520.0, height = 140.0
    /// The plot area inside the chart: room on the left for the value labels, below for the commits,
    /// on the right for half the last commit label.
    static let plot = (left: 80.0, top: 10.0, right: 495.0, bottom: 106.0)
    /// At most this many commit labels; the others are left out, evenly.
    static let maximumLabels = 8

    /// The chart's SVG element. O(runs).
    static func render(_ series: BenchmarkHistory.Series, in history: BenchmarkHistory) -> String {
        let values = series.points.map(\.value)
        let low = values.min()!, high = values.max()!
        // A flat series gets a band around its value, so its line sits in the middle.
        let margin = high > low ? (high - low) * 0.08 : max(abs(low) * 0.01, 1)
        let bottomValue = low - margin, topValue = high + margin
        func x(_ commit: Int) -> Double {
            history.commits.count == 1 ? (plot.left + plot.right) / 2
                : plot.left + Double(commit) / Double(history.commits.count - 1) * (plot.right - plot.left)
        }
        func y(_ value: Double) -> Double {
            plot.bottom - (value - bottomValue) / (topValue - bottomValue) * (plot.bottom - plot.top)
        }
        func number(_ value: Double) -> String { Format.number(value, digits: 1) }

        var svg = SVGText()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": number(width), "height": number(height),
                         "viewBox": "0 0 \(number(width)) \(number(height))", "font-family": "sans-serif", "font-size": "10", "role": "img"])
        svg.element("title", [:], text: series.name)
        svg.element("rect", ["x": number(plot.left), "y": number(plot.top), "width": number(plot.right - plot.left),
                             "height": number(plot.bottom - plot.top), "fill": "none", "stroke": "#999"])
        for (value, anchor) in [(high, y(high)), (low, y(low))] {
            svg.element("text", ["x": number(plot.left - 6), "y": number(anchor + 3), "text-anchor": "end", "fill": "#555"],
                        text: HistoryWriters.value(value, history.metric))
        }
        let step = max(1, (history.commits.count + maximumLabels - 1) / maximumLabels)
        for (index, commit) in history.commits.enumerated() where index % step == 0 {
            svg.element("text", ["x": number(x(index)), "y": number(plot.bottom + 14), "text-anchor": "middle", "fill": "#555"],
                        text: commit.shortHash, title: label(commit))
        }
        for change in series.changePoints {
            svg.element("line", ["x1": number(x(change.commit)), "x2": number(x(change.commit)), "y1": number(plot.top),
                                 "y2": number(plot.bottom), "stroke": "#d62728", "stroke-dasharray": "4 3"])
        }
        let path = series.points.map { "\(number(x($0.commit))),\(number(y($0.value)))" }
        svg.element("polyline", ["points": path.joined(separator: " "), "fill": "none", "stroke": "#1f77b4", "stroke-width": "1.5"])
        let changes = Dictionary(uniqueKeysWithValues: series.changePoints.map { ($0.point, $0) })
        for (index, point) in series.points.enumerated() {
            let commit = history.commits[point.commit]
            if let change = changes[index] {
                svg.element("circle", ["cx": number(x(point.commit)), "cy": number(y(point.value)), "r": "4", "fill": "#d62728",
                                       "class": "change-point"],
                            title: "change point at \(label(commit)): \(HistoryWriters.levels(change, history.metric))")
            } else {
                svg.element("circle", ["cx": number(x(point.commit)), "cy": number(y(point.value)), "r": "2.5", "fill": "#1f77b4"],
                            title: "\(label(commit)): \(HistoryWriters.value(point.value, history.metric))")
            }
        }
        svg.element("text", ["x": number(plot.left), "y": number(height - 8), "fill": "#555"],
                    text: "\(series.points.count) point(s), \(series.changePoints.count) change point(s)")
        svg.close("svg")
        return svg.text
    }

    /// `1a2b3c4d subject`, or the hash alone when git did not know the commit.
    static func label(_ commit: BenchmarkHistory.Commit) -> String {
        commit.subject.map { "\(commit.shortHash) \($0)" } ?? commit.shortHash
    }
}
