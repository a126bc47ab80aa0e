import MasonryLayout

/// `masonry query`: the elements in a rect, as `layoutAttributesForElements(in:)` answers.
enum QueryCommand: Command {
    static let name = "query"
    static let summary = "print the headers, items and footers that intersect a rect"
    static let help = """
        USAGE: masonry query FILE|- --rect x,y,width,height [--engine reference|optimized] [--threads N]

        Lays out the description in FILE (- reads standard input) and prints, as CSV with the header
        kind,section,item,x,y,width,height, every element whose frame intersects the rect: closed
        intervals, so touching edges and zero-size rects count. Rows are ordered by section, then
        header, items by index, footer; item is empty for headers and footers.

        OPTIONS:
          --rect x,y,width,height        the rect (width and height >= 0)
        \(EngineOptions.help)
          --help                         show this help
        """

    static func run(_ arguments: [String], context: CommandContext) throws(CommandFailure) -> ExitCode {
        let console = context.console
        guard let arguments = try parse(arguments, options: EngineOptions.names.union(["--rect"]), console: console) else { return .success }
        let path = try arguments.singlePositional(command: qualifiedName, what: "FILE (a layout description, or - for standard input)")
        guard let rectText = arguments.values["--rect"] else {
            throw .usage(qualifiedName, "missing --rect x,y,width,height")
        }
        let rect = try Rect(commandLineText: rectText, command: qualifiedName)
        let options = try EngineOptions(arguments, command: qualifiedName)
        let engine = options.makeEngine(try InputFile.readDescription(path))
        console.output("kind,section,item,x,y,width,height\n")
        for element in engine.elements(in: rect) {
            let item = element.kind == .item ? "\(element.item)" : ""
            console.output("\(element.kind.rawValue),\(element.section),\(item),\(element.frame.csvFields)\n")
        }
        return .success
    }
}
