import MasonryLayout
import MasonrySupport

/// `masonry layout`: every item's frame, as CSV or JSON, or a drawing of the layout (SVG).
enum LayoutCommand: Command {
    static let format = OutputFormat.option([.csv, .json, .svg], """
        csv (default): header section,item,x,y,width,height and one
        row per item in (section, item) order; json: contentSize,
        items, headers and footers; svg: a drawing (below)
        """)
    static let rect = CommandOption("--rect", value: "x,y,width,height", """
        with --format svg: outline this query rect and emphasise the
        elements it returns (closed edges, as masonry query)
        """)
    static let window = CommandOption("--window", value: "OFFSET,LENGTH", """
        with --format svg: draw only this band along the scroll axis (y
        for a vertical layout, x for a horizontal one), across the content
        """)

    static let signature = CommandSignature(
        name: "layout", summary: "lay out a description and print every item's frame, or draw it",
        usage: ["FILE|- [--engine reference|optimized] [--threads N] [--format csv|json]",
                "FILE|- --format svg [--rect x,y,width,height] [--window OFFSET,LENGTH] [--engine …] [--threads N]"],
        discussion: """
            Lays out the layout description in FILE (format v2 JSON, v1 included; - reads standard
            input). A horizontal layout's frames are printed transposed, as the view shows them.
            Numbers are printed in Swift's shortest round-trip form.

            --format svg draws the layout (SVG 1.1 on standard output): items coloured by section and
            labelled section.item where they fit, headers and footers in grey, each element's frame
            in a tooltip; with --rect, the rect outlined in red and the elements it returns drawn
            solid, the others faded. A drawing holds at most 20,000 elements: a larger layout is
            drawn as a band of the content automatically (from the rect's edge, or the start), with
            a note on stderr; --window chooses the band.
            """,
        options: EngineOptions.options + [format, rect, window])

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        let path = try arguments.singlePositional(what: "FILE (a layout description, or - for standard input)")
        let format = try arguments.choice(Self.format, among: [.csv, .json, .svg], default: OutputFormat.csv)
        if format != .svg, let option = [rect, window].first(where: { arguments[$0] != nil }) {
            throw .usage(qualifiedName, "\(option.name) draws: it needs --format svg")
        }
        let query = try arguments[rect].map { text throws(CommandFailure) in try Rect(commandLineText: text, command: qualifiedName) }
        let band = try arguments[window].map { text throws(CommandFailure) in
            try LayoutPicture.window(text, option: window, command: qualifiedName)
        }
        let options = try EngineOptions(arguments)
        let description = try InputFile.readDescription(path)
        let engine = options.makeEngine(description)
        switch format {
        case .json: writeJSON(engine, console: console)
        case .svg:
            let title = "\(path == "-" ? "<stdin>" : path): \(description.itemCount) items, \(description.sections.count) section(s)"
            console.output(try LayoutPicture.svg(engine, band: band, query: query, title: title, console: console, command: qualifiedName))
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
