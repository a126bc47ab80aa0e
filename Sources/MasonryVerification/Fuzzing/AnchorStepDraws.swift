// Fuzz draws of a scenario's anchor steps: viewports taken before its updates, near what they change, restored after them.
import MasonryLayout
import MasonryWorkloads

/// The fuzz case's anchor steps (`ScenarioAnchor`), drawn from a random stream of their own so
/// that a case is otherwise the case it was before them (its descriptions, updates and queries
/// the same).
///
/// Each scenario's query rects have their anchors compared already (`AnchorComparison`), taken
/// and restored on the same layout; a step takes its anchor before updates and restores it
/// after them, when its item has moved, and of the rect a collection view asks about: its
/// viewport, across the content's full width (height, for a horizontal layout), which a random
/// query rect seldom is. At `rate`, a scenario with updates gets 1 to 3 steps, each taken
/// before the first update 60% of the time, else after any number of them (up to all: restored
/// at once). A viewport is 844 points long (a phone's screen) or a tenth, a quarter, a half or
/// 1.5 times the content's length (longer than the content: restored at 0); half of the time it
/// is placed at a frame near what one of the later updates changes (`framesMoved(by:in:)`): its
/// leading edge across the item, at its start, or above it; 30% of the time anywhere from 10%
/// above the content to 10% past its end; 20% at an edge where the anchor is none or clamped:
/// at the content's end, wholly above it, the first screen, or of length 0 (only an item it
/// cuts is its anchor).
struct AnchorStepDraws {
    /// The share of scenarios with updates that get anchor steps (MasonryLayout.docc/Verification.md).
    static let rate = 0.6
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed ^ 0xA4C4_0125_7E57_0004)
    }

    private mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    private mutating func chance(_ probability: Double) -> Bool { random.unitDouble() < probability }

    /// After how many of a scenario's `updateCount` updates each of its anchor steps is taken, in
    /// order; none for a scenario without updates (there is nothing to follow). O(1).
    mutating func captures(updateCount: Int) -> [Int] {
        guard updateCount > 0, chance(Self.rate) else { return [] }
        return (0..<integer(1...3)).map { _ in chance(0.6) ? 0 : integer(0...updateCount) }.sorted()
    }

    /// The steps of `captures` taken after `applied` updates, each of a viewport drawn on
    /// `engine`'s layout as those updates left it, before the `later` ones (none after the
    /// last update). O(1) lookups, nothing drawn when no step is taken now.
    mutating func steps(of captures: [Int], after applied: Int, in engine: ReferenceLayoutEngine,
                        before later: ArraySlice<LayoutUpdate>) -> [ScenarioAnchor] {
        captures.filter { $0 == applied }.map { _ in ScenarioAnchor(viewport: viewport(in: engine, before: later), afterUpdates: applied) }
    }

    /// A viewport on `engine`'s layout, as the type's comment describes.
    private mutating func viewport(in engine: ReferenceLayoutEngine, before later: ArraySlice<LayoutUpdate>) -> Rect {
        let horizontal = engine.layoutDescription.axis == .horizontal
        let size = engine.contentSize
        let contentLength = horizontal ? size.width : size.height
        let content = max(contentLength, 1)
        let across = max(horizontal ? size.height : size.width, 1)
        var length = [844, content * 0.1, content * 0.25, content * 0.5, content * 1.5][integer(0...4)]
        // Near one of the updates it is followed through (the frames the ones before it move
        // are near enough).
        let near = later.isEmpty ? [] : Self.framesMoved(by: later[later.startIndex + integer(0...(later.count - 1))], in: engine)
        let start: Double
        switch integer(0...9) {
        case 0...4 where !near.isEmpty:
            let frame = near[integer(0...(near.count - 1))]
            let (top, extent) = horizontal ? (frame.minX, frame.width) : (frame.minY, frame.height)
            switch integer(0...2) {
            case 0: start = top + random.unitDouble() * extent  // the item cut by the leading edge: a negative distance
            case 1: start = top  // the item at the leading edge: distance 0
            default: start = top - random.unitDouble() * length  // the item inside
            }
        case 0...7:
            start = (random.unitDouble() * 1.2 - 0.1) * content
        default:
            switch integer(0...3) {
            case 0: start = contentLength  // past the end: items end there, touching, so no anchor
            case 1: start = -length - 1  // wholly above the content
            case 2: start = 0  // the first screen
            default:
                start = random.unitDouble() * content
                length = 0
            }
        }
        return horizontal ? Rect(x: start, y: 0, width: length, height: across) : Rect(x: 0, y: start, width: across, height: length)
    }

    /// The frames near what `update` changes (`FuzzCaseGenerator.framesNear`, around its first
    /// index) and, for a delete, the first item after it: the anchor a delete moves up.
    private static func framesMoved(by update: LayoutUpdate, in engine: ReferenceLayoutEngine) -> [Rect] {
        var frames = FuzzCaseGenerator.framesNear(update, in: engine)
        if case .deleteItems(let section, let range) = update, let after = engine.frame(ofItemAt: ItemIndexPath(section: section, item: range.upperBound)) {
            frames.append(after)
        }
        return frames
    }
}
