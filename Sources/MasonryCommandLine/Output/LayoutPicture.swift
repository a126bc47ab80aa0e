// `masonry layout --format svg`: choosing the band of a layout to draw (`--window`), and the drawing.
import MasonryLayout
import MasonrySupport
import MasonryVerification

/// `masonry layout --format svg`: which part of a layout to draw, and the drawing.
///
/// A drawing holds at most `LayoutDrawing.maximumElements` elements. `--window OFFSET,LENGTH`
/// chooses a band along the scroll axis (y for a vertical layout, x for a horizontal one); without
/// it, a layout with more elements than a drawing holds is drawn as a window automatically, from
/// the query rect's edge (or the content's start), with a note on stderr saying which part and how
/// to choose another. So a 10-million-item layout gives a drawing of a few megabytes, never 100.
enum LayoutPicture {
    /// Reads `OFFSET,LENGTH`: two finite numbers, the length > 0.
    static let window = OptionReader<(offset: Double, length: Double)>(read: { text, name throws(InvalidOptionValue) in
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = fields.compactMap { Double($0) }
        guard fields.count == 2, numbers.count == 2, numbers.allSatisfy(\.isFinite), numbers[1] > 0 else {
            throw InvalidOptionValue("\(name) must be two finite numbers OFFSET,LENGTH along the scroll axis, the length > 0, got '\(text)'")
        }
        return (numbers[0], numbers[1])
    }, describe: { "\($0.offset.roundTripText),\($0.length.roundTripText)" })

    /// The drawing's window: the band `band` along the scroll axis, across the whole content.
    static func rect(_ band: (offset: Double, length: Double), in engine: some LayoutEngine) -> Rect {
        let size = engine.contentSize
        return engine.layoutDescription.axis == .horizontal
            ? Rect(x: band.offset, y: 0, width: band.length, height: max(size.height, 1))
            : Rect(x: 0, y: band.offset, width: max(size.width, 1), height: band.length)
    }

    /// The SVG of `engine`'s layout in `band` (chosen automatically for a large layout when nil),
    /// with `query` outlined and its elements emphasised. O(log n + elements drawn).
    static func svg(_ engine: some LayoutEngine, band: (offset: Double, length: Double)?, query: Rect?, title: String,
                    console: Console, command: String) throws(CommandFailure) -> String {
        let description = engine.layoutDescription
        let elementCount = description.itemCount
            + description.sections.reduce(0) { $0 + ($1.headerHeight > 0 ? 1 : 0) + ($1.footerHeight > 0 ? 1 : 0) }
        var band = band
        let horizontal = description.axis == .horizontal
        let contentLength = max(horizontal ? engine.contentSize.width : engine.contentSize.height, 1)
        let automatic = band == nil && elementCount > LayoutDrawing.maximumElements
        if automatic {
            // Half the limit's share of the content, assuming elements spread evenly; halved
            // again below while a dense part still holds too many.
            let start = query.map { horizontal ? $0.x : $0.y } ?? 0
            band = (max(0, start), contentLength * Double(LayoutDrawing.maximumElements) / 2 / Double(elementCount))
        }
        while true {
            do {
                let drawing = try LayoutDrawing(engine, window: band.map { rect($0, in: engine) }, query: query)
                if automatic, let band {
                    let axis = horizontal ? "x" : "y"
                    console.error("\(command): the layout has \(elementCount) elements, more than a drawing holds "
                                  + "(\(LayoutDrawing.maximumElements)): drawing \(axis) \(LayoutDrawing.number(band.offset)) to "
                                  + "\(LayoutDrawing.number(band.offset + band.length)) of \(LayoutDrawing.number(contentLength)) "
                                  + "(--window OFFSET,LENGTH draws another part)\n")
                }
                return drawing.svg(title: title)
            } catch {
                guard automatic, let current = band else { throw CommandFailure(.badInput, "\(command): \(error)") }
                band = (current.offset, current.length / 2)
            }
        }
    }
}
