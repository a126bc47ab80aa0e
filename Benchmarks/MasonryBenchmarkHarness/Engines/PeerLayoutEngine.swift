// The peer engine: CHTCollectionViewWaterfallLayout's storage and rect-query structure, for comparison.
import MasonryLayout

/// The structure of CHTCollectionViewWaterfallLayout, the most used open-source iOS waterfall
/// layout, on format v1's arithmetic: what apps ship today, for comparison.
///
/// Like CHT it keeps one attributes object (a class instance) per element in one array, and
/// answers a rect query by scanning the unions of every 20 consecutive frames from both ends
/// for the first and last that intersect, then filtering the elements between them. Prepare
/// delegates the arithmetic to the reference engine so that the frames are the same by
/// construction; what is measured is CHT's storage and query structure. Prepare O(n) objects,
/// a query O(n / 20 + elements between the first and last hit union).
package struct PeerLayoutEngine: LayoutEngine {
    /// CHT's `unionSize`.
    static let unionSize = 20

    /// CHT's `UICollectionViewLayoutAttributes`: one heap object per element.
    final class Attributes {
        let element: LayoutElement
        init(_ element: LayoutElement) { self.element = element }
    }

    package private(set) var layoutDescription: LayoutDescription
    package private(set) var contentSize = Size(width: 0, height: 0)
    private var allItemAttributes: [Attributes] = []
    private var sectionItemAttributes: [[Attributes]] = []
    private var headersAttribute: [Int: Attributes] = [:]
    private var footersAttribute: [Int: Attributes] = [:]
    private var unionRects: [Rect] = []

    /// Why CHTCollectionViewWaterfallLayout cannot express `workload`'s layout (format v2's spans or
    /// adaptive column count), or nil when it can: the one rule by which the plan skips the peer,
    /// decided from the workload before any layout is built. Right to left (its
    /// `itemRenderDirection`) and floor rounding (its `floorCGFloat`) it has; workloads scroll
    /// vertically, as CHT does. O(1).
    static func unsupportedFeature(of workload: Workload) -> String? {
        if workload.spans != nil { return "CHTCollectionViewWaterfallLayout has no items spanning columns" }
        if workload.minColumnWidth != nil { return "CHTCollectionViewWaterfallLayout has no adaptive column count" }
        if workload.hasColumnOptions { return "CHTCollectionViewWaterfallLayout has no maximum column width or column alignment" }
        if workload.scrollOrigin == .end { return "CHTCollectionViewWaterfallLayout has no bottom-to-top layout" }
        if workload.flowTolerance != nil { return "CHTCollectionViewWaterfallLayout has no placement tolerance" }
        if workload.stamped { return "CHTCollectionViewWaterfallLayout has no stamps" }
        if workload.columnWeights != nil { return "CHTCollectionViewWaterfallLayout has no unequal column widths" }
        return nil
    }

    /// CHT has no pinned (sticky) section headers.
    static let unsupportedPinnedHeaders = "CHTCollectionViewWaterfallLayout has no pinned headers"

    /// CHT lays everything out again on an invalidation: a re-measured item may change columns.
    static let unsupportedKeepColumns = "CHTCollectionViewWaterfallLayout has no remeasure \"keepColumns\": it places every item again"

    package init(_ description: LayoutDescription) {
        layoutDescription = description
        prepare(description)
    }

    package mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        let frames = ReferenceLayoutEngine(description)
        contentSize = frames.contentSize
        allItemAttributes = []
        sectionItemAttributes = []
        headersAttribute = [:]
        footersAttribute = [:]
        for (section, sectionDescription) in description.sections.enumerated() {
            if let header = frames.frame(ofSupplementary: .header, inSection: section) {
                let attributes = Attributes(LayoutElement(kind: .header, section: section, frame: header))
                headersAttribute[section] = attributes
                allItemAttributes.append(attributes)
            }
            var itemAttributes: [Attributes] = []
            itemAttributes.reserveCapacity(sectionDescription.itemHeights.count)
            for item in sectionDescription.itemHeights.indices {
                // Format v3's deferred items, the section's last, are not laid out: nor are they asked for.
                guard let frame = frames.frame(ofItemAt: ItemIndexPath(section: section, item: item)) else { break }
                itemAttributes.append(Attributes(LayoutElement(kind: .item, section: section, item: item, frame: frame)))
            }
            sectionItemAttributes.append(itemAttributes)
            allItemAttributes.append(contentsOf: itemAttributes)
            if let footer = frames.frame(ofSupplementary: .footer, inSection: section) {
                let attributes = Attributes(LayoutElement(kind: .footer, section: section, frame: footer))
                footersAttribute[section] = attributes
                allItemAttributes.append(attributes)
            }
        }
        // CHT's unionRects: the union of each run of `unionSize` consecutive frames.
        unionRects = stride(from: 0, to: allItemAttributes.count, by: Self.unionSize).map { start in
            allItemAttributes[start..<min(start + Self.unionSize, allItemAttributes.count)]
                .map(\.element.frame).reduce(nil) { union, frame in union.map { Self.union($0, frame) } ?? frame }!
        }
    }

    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        let minX = min(a.minX, b.minX), minY = min(a.minY, b.minY)
        return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
    }

    /// CHT's `layoutAttributesForElementsInRect:`.
    package func elements(in rect: Rect) -> [LayoutElement] {
        guard let first = unionRects.firstIndex(where: { rect.intersects($0) }),
              let last = unionRects.lastIndex(where: { rect.intersects($0) }) else { return [] }
        let begin = first * Self.unionSize
        let end = min((last + 1) * Self.unionSize, allItemAttributes.count)
        return allItemAttributes[begin..<end].lazy.map(\.element).filter { rect.intersects($0.frame) }
    }

    package func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        guard sectionItemAttributes.indices.contains(indexPath.section),
              sectionItemAttributes[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return sectionItemAttributes[indexPath.section][indexPath.item].element.frame
    }

    package func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        switch kind {
        case .header: headersAttribute[section]?.element.frame
        case .footer: footersAttribute[section]?.element.frame
        case .item: nil
        }
    }

    /// CHT invalidates and prepares everything again on any change.
    package mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        var description = layoutDescription
        try description.apply(update)
        prepare(description)
    }
}
