// Random query rects: over the content, zero-size, or touching an element's edge.
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// A query rect: random over (and past) the content, zero-size, or touching an element's edge.
    public mutating func rect(in contentSize: Size, touching frames: [Rect]) -> Rect {
        if !frames.isEmpty, chance(0.4) { return rect(touching: pick(frames), contentWidth: contentSize.width) }
        let width = max(contentSize.width, 1)
        let height = max(contentSize.height, 1)
        let x = (generator.unitDouble() * 1.2 - 0.1) * width
        let y = (generator.unitDouble() * 1.2 - 0.1) * height
        return Rect(x: x, y: y, width: chance(0.1) ? 0 : generator.unitDouble() * width,
                    height: chance(0.1) ? 0 : generator.unitDouble() * height / 4)
    }

    /// A query of `rect`: with open edges at probability `openEdges`, pinning headers at
    /// probability `pinningHeaders` (nothing drawn for a probability of 0).
    public mutating func query(_ rect: Rect, openEdges: Double, pinningHeaders: Double) -> LayoutQuery {
        LayoutQuery(rect, edges: rarely(openEdges) ? .open : .closed, pinningHeaders: rarely(pinningHeaders))
    }

    /// A rect that touches `frame` without overlapping it (or is a point or line on its edge):
    /// the closed-interval rule must still report the frame.
    public mutating func rect(touching frame: Rect, contentWidth: Double) -> Rect {
        switch integer(0...6) {
        case 0: return Rect(x: frame.maxX, y: frame.maxY, width: 0, height: 0)  // a corner point
        case 1: return Rect(x: frame.x, y: frame.maxY, width: frame.width, height: 10)  // touching below
        case 2: return Rect(x: frame.x - 10, y: frame.y - 5, width: 10, height: 5)  // touching the top-left corner
        case 3: return Rect(x: 0, y: frame.y, width: max(contentWidth, 1), height: 0)  // a zero-height line at its top
        case 4: return Rect(x: 0, y: frame.maxY, width: max(contentWidth, 1), height: 0)  // a zero-height line at its bottom
        case 5: return Rect(x: frame.x, y: frame.y - 1, width: 0, height: 1)  // a vertical line ending on its top-left corner
        default: return Rect(x: frame.maxX, y: frame.y, width: 0, height: frame.height)  // a vertical line
        }
    }
}
