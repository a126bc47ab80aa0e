// Masonry's geometry: an axis-aligned rectangle, whether a query counts touching edges, and a size.
/// An axis-aligned rectangle in the collection view's coordinates (y grows downwards).
///
/// Masonry's own type rather than `CGRect`: it is the same on every platform, and its
/// intersection test is inlinable (Foundation's `CGRect.intersects` is an out-of-line call).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    /// `x + width`, the one addition every engine uses for a frame's right edge.
    @inlinable public var maxX: Double { x + width }
    /// `y + height`, the one addition every engine uses for a frame's bottom edge.
    @inlinable public var maxY: Double { y + height }

    /// Whether the two rectangles share at least one point, edges included (closed intervals),
    /// as `CGRect.intersects` answers on Apple platforms: touching edges and zero-size
    /// rectangles count. O(1).
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Whether the two rectangles intersect: with `.closed` edges as `intersects(_:)`, with
    /// `.open` edges by strict comparisons (`minX < other.maxX && other.minX < maxX && minY <
    /// other.maxY && other.minY < maxY`), so rectangles that only touch do not count (a zero-size
    /// one counts strictly inside the other). Symmetric. O(1).
    @inlinable
    public func intersects(_ other: Rect, edges: RectEdges) -> Bool {
        switch edges {
        case .closed: intersects(other)
        case .open: minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// The rectangle with x and y, and width and height, swapped: exact, its own inverse. A
    /// horizontal layout's frames are its vertical layout's, transposed.
    @inlinable
    public var transposed: Rect {
        Rect(x: y, y: x, width: height, height: width)
    }
}

/// Whether a rect query counts elements that only touch the rect's edges.
public enum RectEdges: String, Hashable, Sendable, CaseIterable {
    /// Closed intervals, like `CGRect.intersects` (format v1): touching edges and zero-size
    /// rects count.
    case closed
    /// Open intervals: an element that only touches the rect's edges does not count (what
    /// Flutter, Compose and CollectionKit call visible).
    case open
}

/// A width and a height, such as a layout's content size.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size with width and height swapped (a horizontal layout's content size).
    @inlinable
    public var transposed: Size {
        Size(width: height, height: width)
    }
}
