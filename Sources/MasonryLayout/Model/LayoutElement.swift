// The elements of a layout: an item's index path, the element kinds, and an element with its frame.
/// The position of an item: its section and its index within the section.
public struct ItemIndexPath: Hashable, Comparable, Sendable {
    public var section: Int
    public var item: Int

    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ItemIndexPath, rhs: ItemIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

/// What kind of view an element of the layout is.
public enum ElementKind: String, Hashable, Sendable {
    case header
    case item
    case footer
}

/// One element of a laid-out collection view and its frame: what a rect query returns, the
/// counterpart of `UICollectionViewLayoutAttributes`.
public struct LayoutElement: Hashable, Sendable {
    public var kind: ElementKind
    public var section: Int
    /// The item's index in its section; 0 for headers and footers.
    public var item: Int
    public var frame: Rect

    @inlinable
    public init(kind: ElementKind, section: Int, item: Int = 0, frame: Rect) {
        self.kind = kind
        self.section = section
        self.item = item
        self.frame = frame
    }
}
