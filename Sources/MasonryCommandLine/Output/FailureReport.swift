// Writes a failure's reproducer scenario file and its side-by-side SVG drawing, and says where.
import Foundation
import MasonryLayout
import MasonrySupport
import MasonryVerification

/// Writes a failure's reproducer (a scenario file, or a chain of them: the format v1 description,
/// the updates, the queries, the thread count) and its side-by-side drawing, and says where they are.
enum FailureReport {
    static func write(_ chain: ScenarioChain, _ failure: CheckFailure, name: String, directory: String,
                      console: Console) throws(CommandFailure) {
        let base = URL(fileURLWithPath: directory).appendingPathComponent(name).path
        try OutputFile.write(Data(chain.jsonText().utf8), to: base + ".json")
        try OutputFile.write(Data(LayoutDiagram.render(failure, window: window(around: failure)).utf8), to: base + ".svg")
        console.output("reproducer: \(base).json (replay: masonry fuzz --replay \(base).json)\ndrawing: \(base).svg\n")
    }

    /// A band of the content around the first element whose frames differ, so that a drawing of a
    /// million items stays readable; nil (everything) for small layouts.
    static func window(around failure: CheckFailure) -> Rect? {
        guard failure.referenceElements.count > 2000 else { return nil }
        let candidate = Dictionary(failure.candidateElements.map { ("\($0.kind) \($0.section) \($0.item)", $0.frame) },
                                   uniquingKeysWith: { first, _ in first })
        let first = failure.referenceElements.first { candidate["\($0.kind) \($0.section) \($0.item)"] != $0.frame }
        let y = first?.frame.y ?? 0
        return Rect(x: 0, y: max(0, y - 600), width: failure.layout.width, height: 1200)
    }
}
