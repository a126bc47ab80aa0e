// An SVG of the reference's and the tested engine's layouts side by side, differing frames in red.
import MasonryLayout
import MasonrySupport

/// An SVG that draws the reference's layout and the engine under test's side by side, with the
/// elements whose frames differ filled red, so a mismatch can be seen rather than read.
package enum LayoutDiagram {
    /// Draws the elements that lie in `window` (the whole content when nil).
    package static func render(_ failure: CheckFailure, window: Rect? = nil) -> String {
        let reference = failure.referenceElements, candidate = failure.candidateElements
        let key = { (element: LayoutElement) in "\(element.kind) \(element.section) \(element.item)" }
        let referenceFrames = Dictionary(reference.map { (key($0), $0.frame) }, uniquingKeysWith: { first, _ in first })
        let candidateFrames = Dictionary(candidate.map { (key($0), $0.frame) }, uniquingKeysWith: { first, _ in first })
        // After a crash or a timeout the engine has no frames: nothing to mark, only the layout to show.
        let differing = failure.kind != .mismatch ? [] : Set(referenceFrames.keys.filter { candidateFrames[$0] != referenceFrames[$0] })
            .union(candidateFrames.keys.filter { referenceFrames[$0] == nil })
        let candidateTitle = failure.kind == .mismatch ? "engine under test" : "engine under test: \(failure.kind.rawValue), no frames"
        let all = reference.map(\.frame) + candidate.map(\.frame)
        let bounds = window ?? Rect(x: 0, y: 0, width: max(failure.layout.width, all.map(\.maxX).max() ?? 1),
                                    height: max(1, all.map(\.maxY).max() ?? 1))
        let panelWidth = 400.0
        let scale = panelWidth / max(bounds.width, 1e-9)
        let panelHeight = min(4000, max(50, bounds.height * scale))
        var svg = SVGText()
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": "\(Int(2 * panelWidth + 60))", "height": "\(Int(panelHeight + 60))",
                         "font-family": "sans-serif", "font-size": "12"])
        svg.element("rect", ["width": "100%", "height": "100%", "fill": "white"])
        for (index, (title, elements)) in [("reference", reference), (candidateTitle, candidate)].enumerated() {
            let left = 20 + Double(index) * (panelWidth + 20)
            svg.element("text", ["x": "\(left)", "y": "20"], text: title)
            svg.element("rect", ["x": "\(left)", "y": "35", "width": "\(panelWidth)", "height": "\(panelHeight)", "fill": "none", "stroke": "#999"])
            for element in elements where element.frame.intersects(bounds) {
                let wrong = differing.contains(key(element))
                svg.element("rect", [
                    "x": "\(left + (element.frame.x - bounds.x) * scale)", "y": "\(35 + (element.frame.y - bounds.y) * scale)",
                    "width": "\(max(0.5, element.frame.width * scale))", "height": "\(max(0.5, element.frame.height * scale))",
                    "fill": wrong ? "#e41a1c" : element.kind == .item ? "#9ecae1" : "#d9d9d9", "stroke": "#333", "stroke-width": "0.5",
                ], title: "\(key(element)): \(element.frame)")
            }
        }
        svg.close("svg")
        return svg.text
    }
}
