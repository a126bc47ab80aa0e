// `ExternalLayoutEngine`: a `LayoutEngine` whose every answer comes from an engine program over the engine protocol.
import MasonryLayout

/// A layout engine in another process (`--engine-command`, <doc:EngineProtocol>): every call is a
/// request to the program behind `process`, answered over a pipe, so the verifier, the fuzzer
/// and the benchmarks check and time it as they do Masonry's own engines.
///
/// The description it holds is computed here, with the format's own `LayoutDescription.apply`
/// (the program is never asked for it); an update's verdict is the program's, and a refusal
/// throws the format's error for it, so that it compares equal to the reference's. Options the
/// program declares unsupported are answered as `LayoutEngine`'s default implementations
/// answer them: pinned headers by the reference, open edges by filtering a closed query,
/// batches one update at a time (then all or nothing by preparing the description again).
///
/// A handle: copies share the program, which holds one layout; a copy whose layout it no longer
/// holds prepares its description again before it asks, which is exact for layouts without
/// history (not `remeasure: "keepColumns"`, whose engines the checks never copy). When the
/// program fails, calls answer nothing (empty, nil, zero) and `process.takeFault()` says why.
/// Each call costs a round trip through the pipe (tens of microseconds) plus the program's work.
package struct ExternalLayoutEngine: LayoutEngine {
    package let process: ExternalEngineProcess
    package private(set) var layoutDescription: LayoutDescription
    /// The version of this value's layout (`ExternalEngineProcess.exchange`).
    private var version: Int

    /// Prepares `description` on the program.
    package init(_ description: LayoutDescription, process: ExternalEngineProcess) {
        self.process = process
        layoutDescription = description
        version = 0
        prepare(description)
    }

    /// The factory the checks call: every engine they make is a layout of `process`'s program
    /// (the thread count is the program's business).
    package static func factory(_ process: ExternalEngineProcess) -> EngineFactory {
        { description, _ in ExternalLayoutEngine(description, process: process) }
    }

    package mutating func prepare(_ description: LayoutDescription) {
        layoutDescription = description
        version = process.nextVersion()
        guard let answer = process.prepare(description, as: version) else { return }
        Self.expectOK(answer, to: "prepare", process)
    }

    package var contentSize: Size {
        read(.contentSize) { answer throws(MalformedAnswer) in try answer.size() } ?? Size(width: 0, height: 0)
    }

    package func elements(in rect: Rect) -> [LayoutElement] {
        query(LayoutQuery(rect))
    }

    package func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        let hello = process.hello
        guard (!pinningHeaders || hello.supports(.pinHeaders)) && (edges == .closed || hello.supports(.openEdges)) else {
            return elementsByDefault(in: rect, edges: edges, pinningHeaders: pinningHeaders)
        }
        return query(LayoutQuery(rect, edges: edges, pinningHeaders: pinningHeaders))
    }

    package func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? {
        frame(.frameOfItem(indexPath))
    }

    package func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        kind == .item ? nil : frame(.frameOfSupplementary(kind, section: section))
    }

    package func frame(ofStamp stamp: Int, inSection section: Int) -> Rect? {
        // Without stamps a layout has none (the checks skip layouts with stamps on such an engine).
        process.hello.supports(.stamps) ? frame(.frameOfStamp(stamp, section: section)) : nil
    }

    package mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        try apply(contentsOf: [update])
    }

    package mutating func apply(contentsOf updates: [LayoutUpdate]) throws(LayoutError) {
        // The format's verdict and the description after the updates, to throw the reference's
        // own error when the program refuses too.
        var updated = layoutDescription
        let verdict = Result { () throws(LayoutError) in for update in updates { try updated.apply(update) } }.failure
        let accepted: Bool
        if updates.count > 1 && !process.hello.supports(.batchUpdates) {
            accepted = applyOneByOne(updates)
        } else {
            accepted = send(updates)
        }
        guard accepted else {
            throw verdict ?? LayoutError(.invalidValue, at: "", "the external engine refused what the format accepts")
        }
        // Accepting what the format refuses leaves this value's description as it was: the
        // check reports the verdicts' difference.
        if verdict == nil { layoutDescription = updated }
    }

    // MARK: Requests

    /// Sends one `apply`; true when the program accepted it (it then holds a new version).
    private mutating func send(_ updates: [LayoutUpdate]) -> Bool {
        let newVersion = process.nextVersion()
        guard let answer = process.exchange(.apply(updates), holding: version, description: layoutDescription, becomes: newVersion) else {
            return false
        }
        if answer["ok"] != nil {
            version = newVersion
            return true
        }
        if answer["refused"] == nil { Self.expectOK(answer, to: "apply", process) }
        return false
    }

    /// A batch for a program without batches: one update at a time, and on a refusal the
    /// description before the batch prepared again (all or nothing).
    private mutating func applyOneByOne(_ updates: [LayoutUpdate]) -> Bool {
        let before = layoutDescription
        for update in updates {
            guard send([update]) else {
                layoutDescription = before
                prepare(before)
                return false
            }
        }
        return true
    }

    private func query(_ query: LayoutQuery) -> [LayoutElement] {
        read(.query(query)) { answer throws(MalformedAnswer) in try answer.elements() } ?? []
    }

    private func frame(_ request: EngineRequest) -> Rect? {
        read(request) { answer throws(MalformedAnswer) in try answer.frame() } ?? nil
    }

    /// The program's answer to `request`, asked for this value's layout, read by `decode`; nil
    /// after a fault, and an answer that does not read is the fault.
    private func read<Value>(_ request: EngineRequest, _ decode: (EngineAnswer) throws(MalformedAnswer) -> Value) -> Value? {
        guard let answer = process.exchange(request, holding: version, description: layoutDescription) else { return nil }
        do throws(MalformedAnswer) {
            return try decode(answer)
        } catch {
            process.recordAnswerFault("answered \(request.summary) with \(error)")
            return nil
        }
    }

    /// Records a prepare or apply answered neither `ok` nor `refused` as a fault: `unsupported`
    /// after the checks skipped every layout the hello's features rule out, or garbage.
    private static func expectOK(_ answer: EngineAnswer, to request: String, _ process: ExternalEngineProcess) {
        guard answer["ok"] == nil else { return }
        process.recordAnswerFault("answered \(request) with \(answer.excerpt)"
                                  + (answer["unsupported"] != nil ? " (a feature its hello did not declare unsupported, or one the tool did not see)" : ""))
    }
}
