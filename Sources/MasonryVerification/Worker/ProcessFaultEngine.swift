// The optimized engine with a planted trap, hang, memory fault or race, for tests of the fuzzer's worker.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MasonryLayout
import MasonryWorkloads

/// The optimized engine with a fault that takes its process down, or shows in some runs only:
/// for the verifier's own tests of the fuzzer's worker (`masonry fuzz --planted-fault`, an
/// internal option). The frames are the optimized engine's; the fault fires on one kind of
/// input, as a real bug would.
package struct ProcessFaultEngine: LayoutEngine {
    package enum Fault: String, CaseIterable, Sendable {
        /// Traps (an array index out of range) when a section's items reach a ninth column, like
        /// an eight-lane kernel given nine columns.
        case trap
        /// Never returns when, in `continueColumns` mode, a section with items follows an empty one.
        case hang
        /// Allocates without end when items are appended to an empty section.
        case memory
        /// With several threads, the content is a point too tall after about half the layouts
        /// (a draw per layout from one generator per process, seeded alike, so that a run
        /// repeats): a race, which fails in some runs of a case only.
        case race
    }

    package let fault: Fault
    private let threads: Int
    private var inner: OptimizedLayoutEngine
    /// What the race adds to the content's height after the last layout.
    private var raceSlip = 0.0
    /// Keep the faults' work observable, so that the optimizer cannot drop it.
    private var laneTotal = 0.0
    private var hoard: [[UInt8]] = []

    package static func factory(_ fault: Fault) -> EngineFactory {
        { description, threads in ProcessFaultEngine(fault: fault, description: description, threads: threads) }
    }

    package init(fault: Fault, description: LayoutDescription, threads: Int) {
        self.fault = fault
        self.threads = threads
        inner = OptimizedLayoutEngine(description, threads: threads)
        misbehave(after: nil)
    }

    package var layoutDescription: LayoutDescription { inner.layoutDescription }
    package var contentSize: Size { Size(width: inner.contentSize.width, height: inner.contentSize.height + raceSlip) }
    package func elements(in rect: Rect) -> [LayoutElement] { inner.elements(in: rect) }
    /// The inner engine's own answer: the protocol's default pins headers on a fresh reference
    /// layout of the description, which a `keepColumns` layout (history-dependent) is not.
    package func elements(in rect: Rect, edges: RectEdges, pinningHeaders: Bool) -> [LayoutElement] {
        inner.elements(in: rect, edges: edges, pinningHeaders: pinningHeaders)
    }
    package func frame(ofItemAt indexPath: ItemIndexPath) -> Rect? { inner.frame(ofItemAt: indexPath) }
    package func frame(ofSupplementary kind: ElementKind, inSection section: Int) -> Rect? {
        inner.frame(ofSupplementary: kind, inSection: section)
    }
    package func frame(ofStamp stamp: Int, inSection section: Int) -> Rect? { inner.frame(ofStamp: stamp, inSection: section) }

    package mutating func prepare(_ description: LayoutDescription) {
        inner.prepare(description)
        misbehave(after: nil)
    }

    package mutating func apply(_ update: LayoutUpdate) throws(LayoutError) {
        let before = inner.layoutDescription
        try inner.apply(update)
        if fault == .memory, case .appendItems(let section, let heights, _) = update, !heights.isEmpty,
           before.sections[section].itemHeights.isEmpty {
            while true { hoard.append([UInt8](repeating: 1, count: 16 << 20)) }
        }
        misbehave(after: update)
    }

    private mutating func misbehave(after update: LayoutUpdate?) {
        let sections = inner.layoutDescription.sections
        switch fault {
        case .trap:
            for section in sections {
                var lanes = [Double](repeating: 0, count: 8)
                for (item, height) in section.itemHeights.enumerated() { lanes[item % section.columns] += height }
                laneTotal += lanes.reduce(0, +)
            }
        case .hang:
            guard inner.layoutDescription.sectionStart == .continueColumns else { return }
            for (previous, next) in zip(sections, sections.dropFirst()) where previous.itemHeights.isEmpty && !next.itemHeights.isEmpty {
                while true { usleep(1000) }
            }
        case .memory:
            break
        case .race:
            raceSlip = threads > 1 && RaceDraws.shared.lost() ? 1 : 0
        }
    }
}

/// The race's draws: one generator for the process, so that the same cases and candidates in
/// the same order draw the same outcomes.
private final class RaceDraws: @unchecked Sendable {
    static let shared = RaceDraws()
    private let lock = NSLock()
    private var random = SplitMix64(seed: 1)

    /// Whether this layout loses the race: half the time.
    func lost() -> Bool {
        lock.withLock { random.next() & 1 == 0 }
    }
}
