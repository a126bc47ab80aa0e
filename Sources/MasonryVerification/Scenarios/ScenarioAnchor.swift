// ScenarioAnchor: a scenario's anchor step, capture a viewport's anchor mid-way and restore it after the updates.
import MasonryLayout

/// An anchor step of a scenario (MasonryLayout.docc/ScenarioFiles.md): after the first
/// `afterUpdates` updates, take `viewport`'s anchor (`scrollAnchor(in:)`), follow it through
/// the remaining updates (`adjusted(for:in:)`, with the description after each; a refused
/// update leaves it as it is), and after the last one ask for the offset that restores it
/// (`contentOffset(restoring:viewportLength:)`, the viewport's height, or its width for a
/// horizontal layout). Both engines must agree bit for bit at every step.
///
/// JSON: `{"viewport": [x, y, width, height], "afterUpdates": k}`, `afterUpdates` in
/// `0...updates.count`, 0 when left out.
package struct ScenarioAnchor: Hashable, Sendable {
    /// The viewport whose anchor is taken.
    package var viewport: Rect
    /// How many of the scenario's updates are applied when the anchor is taken.
    package var afterUpdates: Int

    /// `afterUpdates` must be >= 0 (and, for a scenario to read back, at most its update count).
    package init(viewport: Rect, afterUpdates: Int = 0) {
        precondition(afterUpdates >= 0, "an anchor is taken after 0 or more updates")
        self.viewport = viewport
        self.afterUpdates = afterUpdates
    }

    /// Reads `{"viewport": [...], "afterUpdates": k}` at `path`, `k` at most `updateCount`. O(1).
    init(json value: JSONValue, at path: String, updateCount: Int) throws(LayoutError) {
        let fields = try JSONObjectReader(value, at: path)
        let viewportPath = fields.fieldPath("viewport")
        let viewportValue = try fields.required("viewport")
        // The viewport is a plain rect: a query's object form (edges, pinned headers) does not apply.
        guard case .array = viewportValue else { throw LayoutError(.wrongType, at: viewportPath, "must be an array [x, y, width, height]") }
        viewport = try LayoutQuery.rect(json: viewportValue, at: viewportPath)
        afterUpdates = 0
        if let value = fields.optional("afterUpdates") {
            guard case .number(let number) = value, let count = Int(exactly: number), (0...updateCount).contains(count) else {
                throw LayoutError(.invalidValue, at: fields.fieldPath("afterUpdates"),
                                  "must be an integer in 0...\(updateCount) (the scenario's update count)")
            }
            afterUpdates = count
        }
        try fields.refuseUnknownFields(allowing: ["viewport", "afterUpdates"])
    }

    /// The step as JSON, numbers in Swift's shortest round-trip form. O(1).
    func jsonText() -> String {
        "{\"viewport\":[\(viewport.x),\(viewport.y),\(viewport.width),\(viewport.height)],\"afterUpdates\":\(afterUpdates)}"
    }
}
