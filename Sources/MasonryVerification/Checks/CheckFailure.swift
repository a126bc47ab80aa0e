// `CheckFailure`: a mismatch, crash or timeout a check found, with both layouts' elements to draw it.
import MasonryLayout

/// What a check found wrong, with the layouts to draw it from.
package struct CheckFailure: Error, Sendable, CustomStringConvertible {
    /// How the engine under test failed.
    package enum Kind: String, Sendable, CaseIterable {
        /// It gave other frames, answers or refusals than the reference, or broke an invariant.
        case mismatch
        /// Its process died: a trap (an index out of range, a failed precondition), a signal, or
        /// memory exhausted.
        case crash
        /// It ran past the time limit.
        case timeout
    }

    package var kind: Kind
    /// One line: the stage, the element, both frames in decimal and bits (or how the process ended).
    package var message: String
    /// The description laid out when the failure showed.
    package var layout: LayoutDescription
    /// Every element of the engine under test and of the reference at that moment (for a
    /// drawing); the engine's are empty after a crash or a timeout.
    package var candidateElements: [LayoutElement]
    package var referenceElements: [LayoutElement]

    package init(kind: Kind = .mismatch, message: String, layout: LayoutDescription, candidateElements: [LayoutElement],
                referenceElements: [LayoutElement]) {
        self.kind = kind
        self.message = message
        self.layout = layout
        self.candidateElements = candidateElements
        self.referenceElements = referenceElements
    }

    package var description: String { message }
}

/// Every header, item and footer of an engine, in query order. O(elements).
package func allElements(of engine: some LayoutEngine) -> [LayoutElement] {
    var elements: [LayoutElement] = []
    for (section, description) in engine.layoutDescription.sections.enumerated() {
        if let header = engine.frame(ofSupplementary: .header, inSection: section) {
            elements.append(LayoutElement(kind: .header, section: section, frame: header))
        }
        for item in description.itemHeights.indices {
            if let frame = engine.frame(ofItemAt: ItemIndexPath(section: section, item: item)) {
                elements.append(LayoutElement(kind: .item, section: section, item: item, frame: frame))
            }
        }
        if let footer = engine.frame(ofSupplementary: .footer, inSection: section) {
            elements.append(LayoutElement(kind: .footer, section: section, frame: footer))
        }
    }
    return elements
}
