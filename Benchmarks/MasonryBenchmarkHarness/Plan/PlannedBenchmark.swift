// PlannedBenchmark: one entry of a run's plan (name, skip reason, body).
/// One benchmark of a run's plan: its name, why it is skipped when it is, and what it measures.
struct PlannedBenchmark: Equatable {
    /// What a benchmark measures, on its workload with its group's engine (`PlannedWorkload.EngineGroup`).
    enum Body: Equatable {
        /// `prepare` again and again on an engine of its own, with this many threads.
        case prepare(threads: Int)
        /// The value chain alone (`FloorBenchmark`).
        case floor
        /// Rect queries of one kind, with pinned headers or without.
        case query(QueryRect, pinsHeaders: Bool)
        /// `frame(ofItemAt:)` on the same paths every repetition.
        case lookup
        /// `frame(ofItemAt:)` on fresh paths every repetition (`/paths:cold`).
        case coldLookup
        /// An update timed alone, then undone untimed: `append`, `update`, `delete` or `setWidth`.
        case update(BenchmarkOperation)
        /// A scrolling session of this many frames from the top (`ScrollingSession`), run once.
        case session(SessionVariant, frames: Int)
    }

    /// The rects a query benchmark asks for (`rect:<name>`).
    enum QueryRect: String, CaseIterable {
        /// A screen at random positions.
        case viewport
        /// Three screens at random positions.
        case tall
        /// A screen a third of a screen below the previous one, from the top down
        /// (`ScrollAndColdLookupBenchmarks.scrollingRects`).
        case scroll

        /// The rects' height, in screens.
        var screens: Double { self == .tall ? 3 : 1 }
    }

    let name: BenchmarkName
    /// Why the run does not measure it (reported as `name: reason`), or nil when it does.
    let skipReason: String?
    let body: Body

    /// Whether the run measures it.
    var runs: Bool { skipReason == nil }
}
