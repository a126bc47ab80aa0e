// `masonry query`: the elements a rect meets, as `layoutAttributesForElements(in:)` would return them.
import MasonryLayout
import MasonrySupport

/// `masonry query`: the elements in a rect, as `layoutAttributesForElements(in:)` answers.
enum QueryCommand: Command {
    static let rect = Option("--rect", value: "x,y,width,height", .rect, "the rect (width and height >= 0)")
    static let edges = Option("--edges", value: "closed|open", .choice, default: RectEdges.closed, """
        closed: touching edges and zero-size rects
        count, like CGRect.intersects; open: strict comparisons,
        elements that only touch the rect do not count
        """)
    static let pinHeaders = Flag("--pin-headers", """
        report each section's header where a sticky header sits:
        at the rect's top (left edge, horizontally), but never
        below the start of its section's footer
        """)
    static let anchor = Flag("--anchor", """
        print the rect's scroll anchor instead of its elements: the
        first item of its open-edge query and how far the item
        starts below the rect's top (x for a horizontal layout)
        """)
    static let format = OutputFormat.option([.csv, .json], """
        csv: header kind,section,item,x,y,width,height,
        kind header, item or footer, item empty for headers and
        footers; json: the objects of masonry layout --format
        json (contentSize, items, headers, footers), for the
        elements in the rect; with --anchor, csv: header
        section,item,distance and a row; json: {"anchor":
        {"section","item","distance"}}, null when there is none
        """)

    static let signature = CommandSignature(
        name: "query", summary: "print the headers, items and footers that intersect a rect",
        usage: ["FILE|- --rect x,y,width,height [--edges closed|open] [--pin-headers]\n"
                + "                     [--engine reference|optimized] [--threads N] [--format csv|json]",
                "FILE|- --rect x,y,width,height --anchor [--engine …] [--threads N] [--format csv|json]"],
        discussion: """
            Lays out the description in FILE (format v3 JSON, v1 and v2 included; - reads standard input) and
            prints every element whose frame intersects the rect, ordered by section, then header,
            items by index, footer. A scenario file in FILE (an object with a description key) is
            laid out and then given its updates in order: the answer is for the layout after them.

            --anchor prints the rect's scroll anchor (LayoutEngine.scrollAnchor(in:)) instead: the
            section and item of the first item its open-edge query returns, and the distance
            frame.minY - rect.minY (x for a horizontal layout). When the rect shows no item, the
            CSV is its header alone (JSON: "anchor": null) and a line on stderr says so; exit 0.
            """,
        options: [rect, edges, pinHeaders, anchor] + EngineOptions.options + [format])

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        let path = try arguments.singlePositional(what: "FILE (a layout description, or - for standard input)")
        guard let rect = try arguments.value(Self.rect) else {
            throw arguments.usageError("missing --rect x,y,width,height")
        }
        let format = try arguments.value(Self.format)
        if arguments.isSet(Self.anchor) {
            // The anchor is defined by the open-edge, unpinned query: the options would not change it.
            if let option = ([Self.edges, Self.pinHeaders] as [any DeclaredOption]).first(where: { arguments.contains($0) }) {
                throw arguments.usageError("\(option.name) does not apply to --anchor (always the rect's open-edge query)")
            }
            let engine = try LayoutInput.read(path).makeEngine(try EngineOptions(arguments))
            printAnchor(engine.scrollAnchor(in: rect), format: format, console: console)
            return .success
        }
        let edges = try arguments.value(Self.edges)
        let options = try EngineOptions(arguments)
        let engine = try LayoutInput.read(path).makeEngine(options)
        let elements = engine.elements(in: rect, edges: edges, pinningHeaders: arguments.isSet(Self.pinHeaders))
        switch format {
        case .json: ElementWriters.elementsJSON(elements, contentSize: engine.contentSize, description: engine.layoutDescription, console: console)
        default: ElementWriters.elementsCSV(elements, console: console)
        }
        return .success
    }

    /// `anchor` as `--format` asks: CSV `section,item,distance` and a row, or JSON
    /// `{"anchor": {...}}`; without an anchor the header alone (JSON `null`) and a line on stderr.
    private static func printAnchor(_ anchor: ScrollAnchor?, format: OutputFormat, console: Console) {
        switch (format, anchor) {
        case (.json, let anchor?):
            console.output("{\"anchor\":{\"section\":\(anchor.item.section),\"item\":\(anchor.item.item),\"distance\":\(anchor.distance.roundTripText)}}\n")
        case (.json, nil): console.output("{\"anchor\":null}\n")
        case (_, let anchor?): console.output("section,item,distance\n\(anchor.item.section),\(anchor.item.item),\(anchor.distance.roundTripText)\n")
        case (_, nil): console.output("section,item,distance\n")
        }
        if anchor == nil { console.error("\(qualifiedName): no anchor: the rect's open-edge query returns no item\n") }
    }
}
