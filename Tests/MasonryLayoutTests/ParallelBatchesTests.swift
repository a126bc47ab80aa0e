// Tests of the batches a threaded prepare splits its sections into, and of the one-batch path that plans none.
@testable import MasonryLayout
import Synchronization
import Testing

/// `ParallelBatches.forEachBatch`: every element in exactly one batch, batches contiguous and
/// in order, each body writing only its own elements; on one thread or for one element, one
/// batch of everything without reading the item counts (the arrays a screenful's prepare no
/// longer pays for).
@Suite struct ParallelBatchesTests {
    /// The batches `forEachBatch` ran, sorted by their start, and whether it read the item counts.
    private static func batches(elements count: Int, itemsEach: Int, threads: Int) -> (batches: [Range<Int>], readCounts: Bool) {
        var elements = Array(repeating: -1, count: count)
        let ran = Mutex<[Range<Int>]>([])
        let readCounts = Mutex(false)
        func itemCounts() -> [Int] {
            readCounts.withLock { $0 = true }
            return Array(repeating: itemsEach, count: count)
        }
        ParallelBatches.forEachBatch(&elements, itemCounts: itemCounts(), threads: threads) { batch, elements in
            for index in batch { elements[index] = batch.lowerBound }
            ran.withLock { $0.append(batch) }
        }
        let batches = ran.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        // Each element written once, by the batch that holds it.
        for batch in batches {
            #expect(batch.allSatisfy { elements[$0] == batch.lowerBound })
        }
        return (batches, readCounts.withLock { $0 })
    }

    @Test(arguments: [(0, 1), (1, 1), (1, 2), (2, 1), (64, 1), (4096, 1)])
    func oneThreadOrOneElementRunsOneBatchWithoutPlanning(elements: Int, threads: Int) {
        let (batches, readCounts) = Self.batches(elements: elements, itemsEach: 100_000, threads: threads)
        #expect(batches == (elements == 0 ? [] : [0..<elements]))
        #expect(!readCounts)
    }

    @Test(arguments: [(2, 2), (7, 2), (64, 2), (4096, 2), (4096, 16)])
    func threadsSplitTheElementsIntoContiguousBatches(elements: Int, threads: Int) {
        let (batches, readCounts) = Self.batches(elements: elements, itemsEach: 100_000, threads: threads)
        #expect(readCounts)
        #expect(batches.count > 1)
        #expect(batches.first?.lowerBound == 0 && batches.last?.upperBound == elements)
        #expect(zip(batches, batches.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
        #expect(batches == ParallelBatches.plan(itemCounts: Array(repeating: 100_000, count: elements), threads: threads))
    }

    @Test func fewItemsOnManyThreadsStayOneBatch() {
        // Below the threshold threads cost more than they save: the plan is one batch.
        let (batches, readCounts) = Self.batches(elements: 8, itemsEach: 10, threads: 4)
        #expect(readCounts)
        #expect(batches == [0..<8])
    }
}
