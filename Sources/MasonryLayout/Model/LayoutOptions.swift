// The layout rules' options: placement, tie break, section start, rounding, scroll axis, and more.
/// Which column receives the next item.
public enum Placement: String, Sendable, CaseIterable {
    /// The column whose bottom is highest up (shortest), ties broken by `TieBreak`.
    case shortestColumn
    /// Columns in turn: 0, 1, …, n-1, 0, … (seed 000 and seed 003's 'in order').
    case roundRobin
}

/// Which of several equally short columns wins in `Placement.shortestColumn`.
public enum TieBreak: String, Sendable, CaseIterable {
    case lowestIndex
    /// Seed 002's `if columnArray[0] < columnArray[1]`: equal columns go to the last one.
    case highestIndex
}

/// Where a section's columns start.
public enum SectionStart: String, Sendable, CaseIterable {
    /// Each section starts below the previous one's longest column and footer, in its own
    /// coordinates, so sections are independent of each other.
    case belowLongestColumn
    /// Columns (and the round-robin position) carry on from one section to the next, in one
    /// coordinate space (seed 003).
    case continueColumns
}

/// Whether the computed column width is rounded to the display's pixel grid (`displayScale`
/// pixels per point; whole points for the default scale 1).
public enum ColumnWidthRounding: String, Sendable, CaseIterable {
    case none
    /// `(exact * displayScale).rounded() / displayScale`: Swift's `.rounded()`, to the nearest,
    /// ties away from zero (C's `round`, seed 000).
    case nearest
    /// `(exact * displayScale).rounded(.down) / displayScale` (CHTCollectionViewWaterfallLayout's
    /// `floorCGFloat`, masonic).
    case floor
}

/// The direction the collection view scrolls in.
///
/// A horizontal layout is the vertical one transposed: it is described and laid out exactly as
/// if vertical (`width` is the view's height, item heights are item widths, columns are rows),
/// then every frame `(x, y, w, h)` becomes `(y, x, h, w)`.
public enum ScrollAxis: String, Sendable, CaseIterable {
    case vertical
    case horizontal
}

/// Which way column indices run across the section.
public enum ColumnDirection: String, Sendable, CaseIterable {
    /// Column 0 is the leftmost.
    case leftToRight
    /// Column 0 is the rightmost (Arabic and Hebrew feeds); insets stay physical.
    case rightToLeft
}

/// Whether a section's columns end after their last item's `itemSpacing` (`include`, format
/// v1) or at the last item's bottom edge (`exclude`, as Compose's staggered grid and
/// CHTCollectionViewWaterfallLayout end their content).
public enum TrailingItemSpacing: String, Sendable, CaseIterable {
    case include
    case exclude
}

/// How items whose height is not known yet (format v3's `null` heights) are laid out
/// (<doc:LayoutFormat>).
public enum UnmeasuredItems: String, Sendable, CaseIterable {
    /// Laid out exactly as if their height were their section's `estimatedItemHeight`, and
    /// reported like any item (UICollectionView's `estimatedItemSize`, FlashList).
    case estimated
    /// Not laid out: in each section measured items come first, and the section reserves
    /// `ceil(unmeasured / columns)` rows of `estimatedItemHeight` below its deepest column for
    /// the rest (masonic, react-virtualized). Needs `SectionStart.belowLongestColumn`.
    case deferred
}

/// What re-measuring an item (`setItemHeights`, `setMeasurements`) does to the items after it
/// (format v3, <doc:LayoutFormat>).
public enum Remeasure: String, Sendable, CaseIterable {
    /// Placement runs again from the first changed item, so later items may change columns
    /// (format v2's `setItemHeights`).
    case reflow
    /// No item changes columns: every item keeps the columns it got when it was placed, and the
    /// section is re-stacked in index order (masonic's `positioner.update`). A layout then
    /// depends on its history, not only on its description. Needs
    /// `SectionStart.belowLongestColumn`.
    case keepColumns
}

/// Which end of the scroll axis items flow from (format v3): the start (the top; format v2) or
/// the end (the bottom: chat screens; masonry.js `originTop: false`, MagazineLayout's
/// `bottomToTop`, Compose's and Android's `reverseLayout`).
public enum ScrollOrigin: String, Sendable, CaseIterable {
    case start
    /// Laid out exactly as from the start, then every frame's scroll-axis position becomes
    /// `contentLength - (y + height)` (layout coordinates, before a horizontal layout's
    /// transposition); a query rect is mirrored the same way and tested against the unmirrored
    /// frames, so pinned headers pin to the viewport's far edge (<doc:LayoutArithmetic>).
    case end
}
