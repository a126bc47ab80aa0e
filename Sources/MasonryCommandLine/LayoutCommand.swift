import MasonryLayout

/// `masonry layout`: every item's frame, as CSV or JSON.
enum LayoutCommand: Command {
    static let format = OutputFormat.option([.csv, .json], """
        csv (default): header section,item,x,y,width,height and one
        row per item in (section, item) order; json: contentSize,
        items, headers and footers
        """)

    static let signature = CommandSignature(
        name: "layout", summary: "lay out a description and print every item's frame",
        usage: ["FILE|- [--engine reference|optimized] [--threads N] [--format csv|json]"],
        discussion: """
            Lays out the layout description in FILE (format v2 JSON, v1 included; - reads standard
            input). A horizontal layout's frames are printed transposed, as the view shows them.
            Numbers are printed in Swift's shortest round-trip form.
            """,
        options: EngineOptions.options + [format])

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        let path = try arguments.singlePositional(what: "FILE (a layout description, or - for standard input)")
        let format = try arguments.choice(Self.format, among: [.csv, .json], default: OutputFormat.csv)
        let options = try EngineOptions(arguments)
        let description = try InputFile.readDescription(path)
        let engine = options.makeEngine(description)
        switch format {
        case .json: writeJSON(engine, console: console)
        default: writeCSV(engine, console: console)
        }
        return .success
    }

    static func writeCSV(_ engine: some LayoutEngine, console: Console) {
        console.output("section,item,x,y,width,height\n")
        for (section, description) in engine.layoutDescription.sections.enumerated() {
            for item in description.itemHeights.indices {
                let frame = engine.frame(ofItemAt: ItemIndexPath(section: section, item: item))!
                console.output("\(section),\(item),\(frame.csvFields)\n")
            }
        }
    }

    static func writeJSON(_ engine: some LayoutEngine, console: Console) {
        let sections = engine.layoutDescription.sections
        let items = sections.indices.lazy.flatMap { section in
            sections[section].itemHeights.indices.lazy.map { item in
                LayoutElement(kind: .item, section: section, item: item,
                              frame: engine.frame(ofItemAt: ItemIndexPath(section: section, item: item))!)
            }
        }
        let supplementary = { (kind: ElementKind) in
            sections.indices.lazy.compactMap { section in
                engine.frame(ofSupplementary: kind, inSection: section).map { LayoutElement(kind: kind, section: section, frame: $0) }
            }
        }
        writeJSON(contentSize: engine.contentSize, items: items, headers: supplementary(.header),
                  footers: supplementary(.footer), console: console)
    }

    /// The JSON document of `--format json`: `contentSize`, then `items`, `headers` and `footers`
    /// as arrays of objects (`section`, `item` for items, `x`, `y`, `width`, `height`), streamed.
    static func writeJSON(contentSize size: Size, items: some Sequence<LayoutElement>, headers: some Sequence<LayoutElement>,
                          footers: some Sequence<LayoutElement>, console: Console) {
        console.output("{\"contentSize\":{\"width\":\(size.width.roundTripText),\"height\":\(size.height.roundTripText)}")
        let lists = [(",\"items\":[", AnySequence(items)), ("],\n\"headers\":[", AnySequence(headers)), ("],\n\"footers\":[", AnySequence(footers))]
        for (opening, elements) in lists {
            console.output(opening)
            var first = true
            for element in elements {
                let item = element.kind == .item ? "\"item\":\(element.item)," : ""
                console.output("\(first ? "" : ",")\n{\"section\":\(element.section),\(item)\(element.frame.jsonFields)}")
                first = false
            }
        }
        console.output("]}\n")
    }
}
