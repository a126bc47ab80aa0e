/// The layout rules as plain, readable code: the specification the optimized engine is checked against.
///
/// It follows the structure of the source articles' `UICollectionViewLayout`s: `prepare` builds
/// one attributes value per element, a rect query filters all of them, and every update lays
/// the whole description out again. Prepare costs O(items × columns), a rect query O(elements),
/// an item lookup O(1); it keeps one `LayoutElement` (48 bytes) per element.
public struct ReferenceLayoutEngine: LayoutEngine, Sendable {
    public private(set) var layoutDescription: LayoutDescription
    public private(set) var contentSize = Size(width: 0, height: 0)
    /// Every element, in query order: by section, then header, items by index, footer.
    private var allAttributes: [LayoutElement] = []
    /// Where each section's item 0 is in `allAttributes`.
    private var firstItemAttribute: [Int] = []

    public init(_ description: LayoutDescription) {
        layoutDescription = description
        prepare(description)
    }

    public mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        allAttributes = []
        firstItemAttribute = []
        let width = description.width
        // In `continueColumns` mode every section shares one coordinate space, which is the same
        // as every section starting at top 0.
        var sectionTop = 0.0
        var columnHeights: [Double] = []
        var roundRobinPosition = 0
        var contentHeight = 0.0

        for (sectionIndex, section) in description.sections.enumerated() {
            let geometry = description.geometry(ofSection: sectionIndex)
            switch description.sectionStart {
            case .belowLongestColumn:
                let start = LayoutArithmetic.columnStart(headerHeight: section.headerHeight, insetTop: section.inset.top)
                columnHeights = Array(repeating: start, count: section.columns)
                roundRobinPosition = 0
                if section.headerHeight > 0 {
                    allAttributes.append(LayoutElement(
                        kind: .header, section: sectionIndex,
                        frame: Rect(x: 0, y: sectionTop, width: width, height: section.headerHeight)))
                }
            case .continueColumns:
                if columnHeights.isEmpty {
                    columnHeights = Array(repeating: 0, count: section.columns)
                }
                for column in columnHeights.indices {
                    columnHeights[column] = columnHeights[column] + section.inset.top
                }
            }

            firstItemAttribute.append(allAttributes.count)
            for (itemIndex, itemHeight) in section.itemHeights.enumerated() {
                let column: Int
                switch description.placement {
                case .shortestColumn:
                    column = Self.shortestColumn(in: columnHeights, tieBreak: description.tieBreak)
                case .roundRobin:
                    column = roundRobinPosition
                    roundRobinPosition = (roundRobinPosition + 1) % section.columns
                }
                let localY = columnHeights[column]
                allAttributes.append(LayoutElement(
                    kind: .item, section: sectionIndex, item: itemIndex,
                    frame: Rect(x: geometry.x(ofColumn: column),
                                y: LayoutArithmetic.absoluteY(localY, sectionTop: sectionTop),
                                width: geometry.columnWidth,
                                height: itemHeight)))
                let advance = LayoutArithmetic.advance(itemHeight: itemHeight, itemSpacing: section.itemSpacing)
                columnHeights[column] = LayoutArithmetic.grow(localY, by: advance)
            }

            let localBottom = columnHeights.max()! + section.inset.bottom
            switch description.sectionStart {
            case .belowLongestColumn:
                if section.footerHeight > 0 {
                    allAttributes.append(LayoutElement(
                        kind: .footer, section: sectionIndex,
                        frame: Rect(x: 0, y: LayoutArithmetic.absoluteY(localBottom, sectionTop: sectionTop),
                                    width: width, height: section.footerHeight)))
                }
                sectionTop = sectionTop + (localBottom + section.footerHeight)
                contentHeight = sectionTop
            case .continueColumns:
                contentHeight = localBottom
            }
        }
        contentSize = Size(width: width, height: contentHeight)
    }

    /// The column an item goes to in `shortestColumn` placement: the lowest height, ties to the
    /// first or the last such column.
    static func shortestColumn(in columnHeights: [Double], tieBreak: TieBreak) -> Int {
        var shortest = 0
        for column in columnHeights.indices.dropFirst() {
            switch tieBreak {
            case .lowestIndex where columnHeights[column] < columnHeights[shortest],
                 .highestIndex where columnHeights[column] <= columnHeights[shortest]:
                shortest = column
            default:
                break
            }
        }
        return shortest
    }

    public func elements(in rect: Rect) -> [LayoutElement] {
        allAttributes.filter { $0.frame.intersects(rect) }
    }

    public func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        guard firstItemAttribute.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
        // The section's items end where the next section's elements (or all elements) begin.
        let index = firstItemAttribute[indexPath.section] + indexPath.item
        guard index < allAttributes.count, allAttributes[index].kind == .item,
              allAttributes[index].section == indexPath.section else { return nil }
        return allAttributes[index].frame
    }

    public func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        guard kind != .item, firstItemAttribute.indices.contains(section) else { return nil }
        let candidate = kind == .header
            ? firstItemAttribute[section] - 1
            : firstItemAttribute[section] + layoutDescription.sections[section].itemHeights.count
        guard allAttributes.indices.contains(candidate),
              allAttributes[candidate].kind == kind, allAttributes[candidate].section == section else { return nil }
        return allAttributes[candidate].frame
    }

    /// Applies the update to the description, then lays everything out again: the specification
    /// of what an update means, not a fast path.
    public mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        var description = layoutDescription
        try description.apply(update)
        prepare(description)
    }
}
