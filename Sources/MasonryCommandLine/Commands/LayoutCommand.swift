// `masonry layout`: every item's frame as CSV or JSON, or an SVG drawing of the layout.
import MasonryLayout
import MasonrySupport

/// `masonry layout`: every item's frame, as CSV or JSON, or a drawing of the layout (SVG).
enum LayoutCommand: Command {
    static let format = OutputFormat.option([.csv, .json, .svg], """
        csv: header section,item,x,y,width,height and one
        row per item in (section, item) order; json: contentSize,
        items, headers and footers; svg: a drawing (below)
        """)
    static let rect = Option("--rect", value: "x,y,width,height", .rect, """
        with --format svg: outline this query rect and emphasise the
        elements it returns (closed edges, as masonry query)
        """)
    static let window = Option("--window", value: "OFFSET,LENGTH", LayoutPicture.window, """
        with --format svg: draw only this band along the scroll axis (y
        for a vertical layout, x for a horizontal one), across the content
        """)

    static let signature = CommandSignature(
        name: "layout", summary: "lay out a description and print every item's frame, or draw it",
        usage: ["FILE|- [--engine reference|optimized] [--threads N] [--format csv|json]",
                "FILE|- --format svg [--rect x,y,width,height] [--window OFFSET,LENGTH] [--engine …] [--threads N]"],
        discussion: """
            Lays out the layout description in FILE (format v3 JSON, v1 and v2 included; - reads
            standard input). A scenario file in FILE (an object with a description key) is laid out and then
            given its updates in order: the output is the layout after them (a refused update is bad
            input, naming updates[i]). A horizontal layout's frames are printed transposed, as the view shows them.
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
        let format = try arguments.value(Self.format)
        if format != .svg, let option = ([rect, window] as [any DeclaredOption]).first(where: { arguments.contains($0) }) {
            throw arguments.usageError("\(option.name) draws: it needs --format svg")
        }
        let query = try arguments.value(rect)
        let band = try arguments.value(window)
        let options = try EngineOptions(arguments)
        let engine = try LayoutInput.read(path).makeEngine(options)
        let description = engine.layoutDescription
        switch format {
        case .json: ElementWriters.layoutJSON(engine, console: console)
        case .svg:
            let title = "\(path == "-" ? "<stdin>" : path): \(description.itemCount) items, \(description.sections.count) section(s)"
            console.output(try LayoutPicture.svg(engine, band: band, query: query, title: title, console: console, command: qualifiedName))
        default: ElementWriters.itemsCSV(engine, console: console)
        }
        return .success
    }
}
