// `SimpleWaterfallLayout`: a plain masonry engine of layout format v1, written from the specification, as a team would write its own.
import MasonryLayout

/// A masonry layout engine for format v1 descriptions (LayoutFormat.md): fixed column counts,
/// shortest-column or round-robin placement, either tie rule, both section starts, column
/// widths rounded to the pixel grid, headers, footers, insets and spacing, with the operations
/// of LayoutArithmetic.md in their order, so that its frames are the reference engine's, bit
/// for bit. It is an example of an engine outside Masonry: simple rather than fast. It keeps
/// every element in one array, lays everything out again after each update, and filters every
/// element for a query.
///
/// Cost: prepare and every update O(items × columns); `elements(in:)` O(elements); lookups O(1).
public struct SimpleWaterfallLayout: LayoutEngine {
    public private(set) var layoutDescription: LayoutDescription
    /// Every element in query order: by section, header, items by index, footer.
    private var elements: [LayoutElement] = []
    /// Where each section's items start in `elements`, and whether it has a header and a footer.
    private var sections: [(firstItem: Int, hasHeader: Bool, hasFooter: Bool)] = []
    private var contentHeight = 0.0

    /// Lays `description` out. Format v2 and v3 fields are not implemented: the checks skip
    /// descriptions that use them, since the engine declares format 1.
    public init(_ description: LayoutDescription) {
        layoutDescription = description
        layOut()
    }

    public mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        layOut()
    }

    public var contentSize: Size {
        Size(width: layoutDescription.width, height: contentHeight)
    }

    public func elements(in rect: Rect) -> [LayoutElement] {
        elements.filter { $0.frame.intersects(rect) }
    }

    public func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        guard sections.indices.contains(indexPath.section),
              layoutDescription.sections[indexPath.section].itemHeights.indices.contains(indexPath.item) else { return nil }
        return elements[sections[indexPath.section].firstItem + indexPath.item].frame
    }

    public func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        let laidOut = sections[section]
        switch kind {
        case .header where laidOut.hasHeader: return elements[laidOut.firstItem - 1].frame
        case .footer where laidOut.hasFooter: return elements[laidOut.firstItem + layoutDescription.sections[section].itemHeights.count].frame
        default: return nil
        }
    }

    /// The description's own `apply` checks the update; the layout is then made again.
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try layoutDescription.apply(update)
        layOut()
    }

    // MARK: Laying out (LayoutArithmetic.md)

    private mutating func layOut() {
        let description = layoutDescription
        let belowLongestColumn = description.sectionStart == .belowLongestColumn
        elements = []
        sections = []
        var sectionTop = 0.0  // continueColumns: one coordinate space, every section's top 0
        var heights: [Double] = []
        var position = 0  // round robin's next column
        contentHeight = 0
        for (index, section) in description.sections.enumerated() {
            if belowLongestColumn {
                // Columns start below the header and the top inset.
                heights = Array(repeating: section.headerHeight + section.inset.top, count: section.columns)
                position = 0
                if section.headerHeight > 0 {
                    elements.append(LayoutElement(kind: .header, section: index,
                                                  frame: Rect(x: 0, y: sectionTop, width: description.width, height: section.headerHeight)))
                }
            } else {
                // continueColumns: the columns carry over, each grown by the top inset.
                if heights.isEmpty { heights = Array(repeating: 0, count: section.columns) }
                heights = heights.map { $0 + section.inset.top }
            }
            sections.append((firstItem: elements.count, hasHeader: belowLongestColumn && section.headerHeight > 0,
                             hasFooter: belowLongestColumn && section.footerHeight > 0))
            let width = Self.columnWidth(description, section)
            let step = width + section.columnSpacing
            for (item, height) in section.itemHeights.enumerated() {
                let column: Int
                if description.placement == .roundRobin {
                    column = position
                    position = (position + 1) % heights.count
                } else {
                    column = Self.shortestColumn(heights, lowestIndexOnTies: description.tieBreak == .lowestIndex)
                }
                let y = heights[column]
                elements.append(LayoutElement(kind: .item, section: index, item: item,
                                              frame: Rect(x: section.inset.left + Double(column) * step, y: sectionTop + y, width: width, height: height)))
                heights[column] = y + (height + section.itemSpacing)
            }
            let localBottom = heights.max()! + section.inset.bottom
            if belowLongestColumn {
                if section.footerHeight > 0 {
                    elements.append(LayoutElement(kind: .footer, section: index,
                                                  frame: Rect(x: 0, y: sectionTop + localBottom, width: description.width, height: section.footerHeight)))
                }
                sectionTop = sectionTop + (localBottom + section.footerHeight)
                contentHeight = sectionTop
            } else {
                contentHeight = localBottom
            }
        }
    }

    /// `(((width - left) - right) - columnSpacing × (columns - 1)) / columns`, rounded to the
    /// pixel grid when the description asks.
    private static func columnWidth(_ description: LayoutDescription, _ section: SectionDescription) -> Double {
        let available = ((description.width - section.inset.left) - section.inset.right) - section.columnSpacing * Double(section.columns - 1)
        let exact = available / Double(section.columns)
        let scale = description.displayScale
        switch description.columnWidthRounding {
        case .none: return exact
        case .nearest: return (exact * scale).rounded() / scale
        case .floor: return (exact * scale).rounded(.down) / scale
        }
    }

    /// The shortest column; on ties the lowest index (`<`) or the highest (`<=`).
    private static func shortestColumn(_ heights: [Double], lowestIndexOnTies: Bool) -> Int {
        var best = 0
        for column in 1..<heights.count where lowestIndexOnTies ? heights[column] < heights[best] : heights[column] <= heights[best] {
            best = column
        }
        return best
    }
}
