// The CSV and JSON writers of layout elements that `masonry layout` and `masonry query` stream out.
import MasonryLayout
import MasonrySupport

/// The CSV and JSON of layout elements that `masonry layout` and `masonry query` print, streamed
/// to the console: one writer per format, whichever command chose the elements.
enum ElementWriters {
    /// Every item's frame of `engine`: header `section,item,x,y,width,height`, a row per item in
    /// (section, item) order; a deferred item (`unmeasuredItems` `"deferred"`) has no frame and
    /// no row. O(items).
    static func itemsCSV(_ engine: some LayoutEngine, console: Console) {
        console.output("section,item,x,y,width,height\n")
        for (section, description) in engine.layoutDescription.sections.enumerated() {
            for item in description.itemHeights.indices {
                guard let frame = engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)) else { continue }
                console.output("\(section),\(item),\(frame.csvFields)\n")
            }
        }
    }

    /// `elements` with their kinds: header `kind,section,item,x,y,width,height`, the item field
    /// empty for headers and footers. O(elements).
    static func elementsCSV(_ elements: some Sequence<LayoutElement>, console: Console) {
        console.output("kind,section,item,x,y,width,height\n")
        for element in elements {
            let item = element.kind == .item ? "\(element.item)" : ""
            console.output("\(element.kind.rawValue),\(element.section),\(item),\(element.frame.csvFields)\n")
        }
    }

    /// Every element of `engine` as the JSON document of `--format json` (deferred items, which
    /// have no frame, left out). O(elements).
    static func layoutJSON(_ engine: some LayoutEngine, console: Console) {
        let sections = engine.layoutDescription.sections
        let items = sections.indices.lazy.flatMap { section in
            sections[section].itemHeights.indices.lazy.compactMap { item in
                engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)).map {
                    LayoutElement(kind: .item, section: section, item: item, frame: $0)
                }
            }
        }
        let supplementary = { (kind: ElementKind) in
            sections.indices.lazy.compactMap { section in
                engine.frame(ofSupplementary: kind, inSection: section).map { LayoutElement(kind: kind, section: section, frame: $0) }
            }
        }
        json(contentSize: engine.contentSize, items: items, headers: supplementary(.header), footers: supplementary(.footer),
             estimatedIn: engine.layoutDescription, console: console, closing: false)
        stampsJSON(engine, console: console)
        console.output("]}\n")
    }

    /// A layout's stamps (format v3), when it has any: `,"stamps":[…` with each stamp's section,
    /// index and absolute frame (`frame(ofStamp:inSection:)`), the array left open for the caller
    /// to close. A layout without stamps writes nothing, so format v2 documents stay as they were.
    private static func stampsJSON(_ engine: some LayoutEngine, console: Console) {
        let sections = engine.layoutDescription.sections
        guard sections.contains(where: { $0.stamps != nil }) else { return }
        console.output("],\n\"stamps\":[")
        var first = true
        for (section, description) in sections.enumerated() {
            for stamp in (description.stamps ?? []).indices {
                guard let frame = engine.frame(ofStamp: stamp, inSection: section) else { continue }
                console.output("\(first ? "" : ",")\n{\"section\":\(section),\"stamp\":\(stamp),\(frame.jsonFields)}")
                first = false
            }
        }
    }

    /// `elements` (a query's answer of a layout of `description`) in the JSON document of
    /// `--format json`, with the layout's content size. O(elements).
    static func elementsJSON(_ elements: [LayoutElement], contentSize: Size, description: LayoutDescription, console: Console) {
        let ofKind = { (kind: ElementKind) in elements.lazy.filter { $0.kind == kind } }
        json(contentSize: contentSize, items: ofKind(.item), headers: ofKind(.header), footers: ofKind(.footer),
             estimatedIn: description, console: console)
    }

    /// The JSON document of `--format json`: `contentSize`, then `items`, `headers` and `footers`
    /// as arrays of objects (`section`, `item` for items, `x`, `y`, `width`, `height`), streamed.
    /// An item not measured yet, laid out with its estimate, has `"estimated":true` last; a
    /// measured item has no such key. With `closing` false the last array and the document are
    /// left open (`layoutJSON` adds the stamps).
    private static func json(contentSize size: Size, items: some Sequence<LayoutElement>, headers: some Sequence<LayoutElement>,
                             footers: some Sequence<LayoutElement>, estimatedIn description: LayoutDescription, console: Console,
                             closing: Bool = true) {
        console.output("{\"contentSize\":{\"width\":\(size.width.roundTripText),\"height\":\(size.height.roundTripText)}")
        let lists = [(",\"items\":[", AnySequence(items)), ("],\n\"headers\":[", AnySequence(headers)), ("],\n\"footers\":[", AnySequence(footers))]
        for (opening, elements) in lists {
            console.output(opening)
            var first = true
            for element in elements {
                let item = element.kind == .item ? "\"item\":\(element.item)," : ""
                let estimated = element.kind == .item && description.sections[element.section].isItemUnmeasured(element.item)
                console.output("\(first ? "" : ",")\n{\"section\":\(element.section),\(item)\(element.frame.jsonFields)\(estimated ? ",\"estimated\":true" : "")}")
                first = false
            }
        }
        if closing { console.output("]}\n") }
    }
}
