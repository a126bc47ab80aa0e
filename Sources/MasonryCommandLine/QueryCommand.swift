import MasonryLayout

/// `masonry query`: the elements in a rect, as `layoutAttributesForElements(in:)` answers.
enum QueryCommand: Command {
    static let rect = CommandOption("--rect", value: "x,y,width,height", "the rect (width and height >= 0)")
    static let edges = CommandOption("--edges", value: "closed|open", """
        closed (default): touching edges and zero-size rects
        count, like CGRect.intersects; open: strict comparisons,
        elements that only touch the rect do not count
        """)
    static let pinHeaders = CommandOption(flag: "--pin-headers", """
        report each section's header where a sticky header sits:
        at the rect's top (left edge, horizontally), but never
        below the start of its section's footer
        """)
    static let format = OutputFormat.option([.csv, .json], """
        csv (default): header kind,section,item,x,y,width,height,
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
        guard let rectText = arguments[Self.rect] else {
            throw .usage(qualifiedName, "missing --rect x,y,width,height")
        }
        let rect = try Rect(commandLineText: rectText, command: qualifiedName)
        let edges: RectEdges = try arguments.choice(Self.edges, default: .closed)
        let format = try arguments.choice(Self.format, among: [.csv, .json], default: OutputFormat.csv)
        let options = try EngineOptions(arguments)
        let engine = options.makeEngine(try InputFile.readDescription(path))
        let elements = engine.elements(in: rect, edges: edges, pinningHeaders: arguments.isSet(Self.pinHeaders))
        switch format {
        case .json:
            let ofKind = { (kind: ElementKind) in elements.lazy.filter { $0.kind == kind } }
            LayoutCommand.writeJSON(contentSize: engine.contentSize, items: ofKind(.item), headers: ofKind(.header),
                                    footers: ofKind(.footer), console: console)
        default:
            console.output("kind,section,item,x,y,width,height\n")
            for element in elements {
                let item = element.kind == .item ? "\(element.item)" : ""
                console.output("\(element.kind.rawValue),\(element.section),\(item),\(element.frame.csvFields)\n")
            }
        }
        return .success
    }
}
