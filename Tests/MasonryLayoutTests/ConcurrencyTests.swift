// Tests of threaded layout: the same frames on every thread count, and safe concurrent reads.
import Dispatch
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// Sections laid out across threads; these tests also run under `swift test --sanitize=thread`
/// in CI, where a data race fails them.
@Suite struct ConcurrencyTests {
    @Test(arguments: [2, 3, 8, 64])
    func parallelPrepareGivesTheSameFramesForEveryThreadCount(threads: Int) throws {
        var generator = RandomLayoutGenerator(seed: UInt64(threads))
        let sections = (0..<600).map { index in
            SectionDescription(columns: 1 + index % 8, itemSpacing: 1, headerHeight: 10, footerHeight: Double(index % 2),
                               itemHeights: generator.itemHeights(count: (index * 37) % 200))
        }
        let description = try LayoutDescription(width: 390, sections: sections)
        let single = allElements(of: OptimizedLayoutEngine(description, threads: 1))
        let parallel = allElements(of: OptimizedLayoutEngine(description, threads: threads))
        expectSameElements(parallel, single, "threads \(threads)", sourceLocation: #_sourceLocation)
    }

    @Test func enginesAreSafeToReadFromManyThreadsAtOnce() throws {
        var generator = RandomLayoutGenerator(seed: 11)
        let description = try LayoutDescription(width: 390, sections: (0..<50).map { _ in
            SectionDescription(columns: 3, itemHeights: generator.itemHeights(count: 300))
        })
        let engine = OptimizedLayoutEngine(description, threads: 2)
        let reference = ReferenceLayoutEngine(description)
        let height = engine.contentSize.height
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<50 {
                let rect = Rect(x: 0, y: height * Double(worker * 50 + step) / 400, width: 390, height: 844)
                if engine.elements(in: rect) != reference.elements(in: rect) { mismatches.increment() }
            }
        }
        #expect(mismatches.value == 0)
    }
}

/// A thread-safe counter for the test above.
final class Counter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0
    func increment() { queue.sync { count += 1 } }
    var value: Int { queue.sync { count } }
}
