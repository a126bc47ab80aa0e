import MasonryLayout

/// `masonry query`: the elements in a rect, as `layoutAttributesForElements(in:)` answers.
enum QueryCommand: Command {
    static let name = "query"
    static let summary = "print the headers, items and footers that intersect a rect"
    static let help = """
        USAGE: masonry query FILE|- --rect x,y,width,height [--edges closed|open] [--pin-headers]
                             [--engine reference|optimized] [--threads N] [--format csv|json]

        Lays out the description in FILE (format v2 JSON, v1 included; - reads standard input) and
        prints every element whose frame intersects the rect, ordered by section, then header,
        items by index, footer.

        OPTIONS:
          --rect x,y,width,height        the rect (width and height >= 0)
          --edges closed|open            closed (default): touching edges and zero-size rects
                                         count, like CGRect.intersects; open: strict comparisons,
                                         elements that only touch the rect do not count
          --pin-headers                  report each section's header where a sticky header sits:
                                         at the rect's top (left edge, horizontally), but never
                                         below the start of its section's footer
        \(EngineOptions.help)
          --format csv|json              csv (default): header kind,section,item,x,y,width,height,
                                         kind header, item or footer, item empty for headers and
                                         footers; json: the objects of masonry layout --format
                                         json (contentSize, items, headers, footers), for the
                                         elements in the rect
          --help                         show this help
        """

    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard let arguments = try parse(arguments, options: EngineOptions.names.union(["--rect", "--edges", "--format"]),
                                        flags: ["--pin-headers"], console: console) else { return .success }
        let path = try arguments.singlePositional(command: qualifiedName, what: "FILE (a layout description, or - for standard input)")
        guard let rectText = arguments.values["--rect"] else {
            throw .usage(qualifiedName, "missing --rect x,y,width,height")
        }
        let rect = try Rect(commandLineText: rectText, command: qualifiedName)
        let edges: RectEdges = try arguments.choice("--edges", command: qualifiedName, default: .closed)
        let format: LayoutCommand.Format = try arguments.choice("--format", command: qualifiedName, default: .csv)
        let options = try EngineOptions(arguments, command: qualifiedName)
        let engine = options.makeEngine(try InputFile.readDescription(path))
        let elements = engine.elements(in: rect, edges: edges, pinningHeaders: arguments.flags.contains("--pin-headers"))
        switch format {
        case .csv:
            console.output("kind,section,item,x,y,width,height\n")
            for element in elements {
                let item = element.kind == .item ? "\(element.item)" : ""
                console.output("\(element.kind.rawValue),\(element.section),\(item),\(element.frame.csvFields)\n")
            }
        case .json:
            let ofKind = { (kind: ElementKind) in elements.lazy.filter { $0.kind == kind } }
            LayoutCommand.writeJSON(contentSize: engine.contentSize, items: ofKind(.item), headers: ofKind(.header),
                                    footers: ofKind(.footer), console: console)
        }
        return .success
    }
}
