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
    static let format = OutputFormat.option([.csv, .json], """
        csv: header kind,section,item,x,y,width,height,
        kind header, item or footer, item empty for headers and
        footers; json: the objects of masonry layout --format
        json (contentSize, items, headers, footers), for the
        elements in the rect
        """)

    static let signature = CommandSignature(
        name: "query", summary: "print the headers, items and footers that intersect a rect",
        usage: ["FILE|- --rect x,y,width,height [--edges closed|open] [--pin-headers]\n"
                + "                     [--engine reference|optimized] [--threads N] [--format csv|json]"],
        discussion: """
            Lays out the description in FILE (format v2 JSON, v1 included; - reads standard input) and
            prints every element whose frame intersects the rect, ordered by section, then header,
            items by index, footer.
            """,
        options: [rect, edges, pinHeaders] + EngineOptions.options + [format])

    static func run(_ arguments: Arguments, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        let path = try arguments.singlePositional(what: "FILE (a layout description, or - for standard input)")
        guard let rect = try arguments.value(Self.rect) else {
            throw arguments.usageError("missing --rect x,y,width,height")
        }
        let edges = try arguments.value(Self.edges)
        let format = try arguments.value(Self.format)
        let options = try EngineOptions(arguments)
        let engine = options.makeEngine(try InputFile.readDescription(path))
        let elements = engine.elements(in: rect, edges: edges, pinningHeaders: arguments.isSet(Self.pinHeaders))
        switch format {
        case .json: ElementWriters.elementsJSON(elements, contentSize: engine.contentSize, description: engine.layoutDescription, console: console)
        default: ElementWriters.elementsCSV(elements, console: console)
        }
        return .success
    }
}
