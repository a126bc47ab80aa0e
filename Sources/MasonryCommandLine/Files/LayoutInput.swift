// LayoutInput: what `masonry layout` and `masonry query` answer for, a description or a scenario after its updates.
import MasonryLayout
import MasonryVerification

/// The layout `masonry layout` and `masonry query` answer for: a layout description file, or a
/// scenario file (a JSON object with a `description` key, MasonryLayout.docc/ScenarioFiles.md)
/// whose description is laid out and then changed by its updates in order, so that a layout
/// that depends on its history (estimates measured later, items inserted above) can be seen.
struct LayoutInput {
    /// The description and, from a scenario file, its updates (its queries, anchors and threads
    /// are the checker's, not the commands').
    var description: LayoutDescription
    var updates: [LayoutUpdate]
    /// The file's name in messages: the path, or `<stdin>`.
    var name: String

    /// Reads `path` (`-`: standard input) as a scenario file when it is an object with a
    /// `description` key, as a layout description otherwise; an error names the file and the field.
    ///
    /// - Complexity: O(n) in the size of the file (a scenario is parsed twice: once to tell it).
    static func read(_ path: String) throws(CommandFailure) -> LayoutInput {
        let bytes = try InputFile.read(path)
        let name = path == "-" ? "<stdin>" : path
        do {
            // A description has no `description` field (it would be refused as unknown), so the
            // key alone tells the two apart.
            let root = try? JSONObjectReader(JSONParser.parse(bytes), at: "")
            guard root?.optional("description") != nil else {
                return LayoutInput(description: try LayoutDescription(json: bytes), updates: [], name: name)
            }
            let scenario = try LayoutScenario(json: bytes)
            return LayoutInput(description: scenario.description, updates: scenario.updates, name: name)
        } catch {
            throw CommandFailure(.badInput, "\(name): \(error)")
        }
    }

    /// An engine of `options`' kind laid out with the description, then given each update; a
    /// refused update is bad input naming `updates[i]` and the field.
    ///
    /// - Complexity: the layout, and each update's cost on the engine.
    func makeEngine(_ options: EngineOptions) throws(CommandFailure) -> any LayoutEngine {
        var engine = options.makeEngine(description)
        for (index, update) in updates.enumerated() {
            do {
                try engine.apply(update)
            } catch {
                throw CommandFailure(.badInput, "\(name): updates[\(index)]\(error.path.isEmpty ? "" : ".\(error.path)"): \(error.message)")
            }
        }
        return engine
    }
}
