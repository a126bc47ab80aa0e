// What a generated description looks like (Shape) and how often format v2's fields appear (FormatV2Rates).
import Foundation
@_spi(Verification) import MasonryLayout

extension RandomLayoutGenerator {
    /// What a description looks like: how many sections and items, which column counts, how
    /// often lengths take extreme values and item counts sit at checkpoint boundaries.
    public struct Shape: Sendable {
        public var sections: ClosedRange<Int> = 1...6
        public var items: ClosedRange<Int> = 0...60
        /// Column counts, drawn per section (one count for all in `continueColumns` mode).
        public var columns: ColumnChoice = .usual
        /// The chance that each inset, spacing, header and footer length is an extreme value
        /// (zero, subnormal, the smallest normal, tiny, huge, the largest allowed).
        public var extremeLengths = 0.0
        /// The chance that a section's item count is k·K - 1, k·K or k·K + 1 for one of the
        /// checkpoint intervals K its column count may have (`checkpointIntervals(columns:)`)…
        public var checkpointBoundaries = 0.0
        /// …with k·K at most this.
        public var largestBoundary = 1024
        /// The chance that a section is empty.
        public var emptySections = 0.1
        /// The chance of `continueColumns` mode.
        public var continueColumns = 0.3
        /// Whether the width always leaves each column at least a point, so that every section
        /// keeps the column count drawn for it (otherwise one in five descriptions with more
        /// columns than points of width halves its counts until they fit).
        public var columnsAlwaysFit = false
        /// How often format v2's fields appear (none by default: format v1 descriptions, drawn
        /// from the same random sequence as before format v2).
        public var formatV2 = FormatV2Rates.none

        public init() {}
    }

    /// The chances of format v2's fields in a description (and in updates).
    public struct FormatV2Rates: Sendable, Equatable {
        /// That a section has `itemSpans` (and that an item update or inserted section of a
        /// section without spans brings some).
        public var spans = 0.0
        public var rightToLeft = 0.0
        public var horizontal = 0.0
        /// That a section's column count is adaptive (`minColumnWidth`, sometimes `maxColumns`);
        /// in `continueColumns` mode, that every section's is, alike. Such descriptions get
        /// more `setWidth` updates.
        public var adaptive = 0.0
        /// That the column width is floored rather than drawn as in format v1 (`none` or `nearest`).
        public var floorRounding = 0.0
        /// That `displayScale` is 2 or 3 rather than 1.
        public var displayScale = 0.0
        /// That a `belowLongestColumn` description excludes trailing item spacing.
        public var trailingExclude = 0.0

        public init(spans: Double = 0, rightToLeft: Double = 0, horizontal: Double = 0, adaptive: Double = 0,
                    floorRounding: Double = 0, displayScale: Double = 0, trailingExclude: Double = 0) {
            self.spans = spans
            self.rightToLeft = rightToLeft
            self.horizontal = horizontal
            self.adaptive = adaptive
            self.floorRounding = floorRounding
            self.displayScale = displayScale
            self.trailingExclude = trailingExclude
        }

        /// Format v1 only.
        public static let none = FormatV2Rates()
        /// The fuzzer's rates (MasonryLayout.docc/Verification.md, "The generator's distribution").
        public static let fuzzing = FormatV2Rates(spans: 0.3, rightToLeft: 0.25, horizontal: 0.2, adaptive: 0.2,
                                                  floorRounding: 0.2, displayScale: 0.3, trailingExclude: 0.25)
    }
}

extension RandomLayoutGenerator {
    /// The chances of format v3's unmeasured items in a description and of measuring updates
    /// (`withUnmeasuredItems`, `measurementUpdate`). Drawn from a stream of their own by the
    /// fuzzer, so that a case without them is the case it was before format v3.
    public struct FormatV3Rates: Sendable, Equatable {
        /// That a description gets estimates and `null` heights in some of its sections.
        public var unmeasured = 0.0
        /// That such a description (with `belowLongestColumn`) is `unmeasuredItems: deferred`.
        public var deferred = 0.0
        /// That a measuring update (`measurementUpdate`) of such a description comes before
        /// each of format v2's (on top of them: their shares stay).
        public var measuring = 0.0
        /// That such a description (with `belowLongestColumn`) re-measures with `remeasure:
        /// keepColumns`.
        public var keepColumns = 0.0
        /// That a section an update inserts into such a description gets an estimate and nulls
        /// (`withUnmeasuredItems(in:of:rates:)`).
        public var insertedNulls = 0.0

        public init(unmeasured: Double = 0, deferred: Double = 0, measuring: Double = 0, keepColumns: Double = 0,
                    insertedNulls: Double = 0) {
            self.unmeasured = unmeasured
            self.deferred = deferred
            self.measuring = measuring
            self.keepColumns = keepColumns
            self.insertedNulls = insertedNulls
        }

        /// None: format v2 descriptions and updates.
        public static let none = FormatV3Rates()
        /// The fuzzer's rates (MasonryLayout.docc/Verification.md, "The generator's distribution").
        public static let fuzzing = FormatV3Rates(unmeasured: 0.3, deferred: 0.55, measuring: 0.7, keepColumns: 0.5, insertedNulls: 0.5)
    }
}
