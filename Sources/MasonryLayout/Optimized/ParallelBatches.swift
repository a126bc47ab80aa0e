// Splits sections into batches of about equal item counts and lays them out on several threads.
import Dispatch

/// Splits a run of sections into contiguous batches of about equal item counts and runs them
/// on `threads` threads with `DispatchQueue.concurrentPerform`.
///
/// Batches rather than one task per section: thousands of tiny sections must not become
/// thousands of tasks. O(sections) to plan.
enum ParallelBatches {
    /// Batches per thread: a few, so one slow batch does not leave the other threads idle.
    static let batchesPerThread = 4
    /// Below this many items in all, threads cost more than they save. Task-local so that the
    /// verifier can lower it for the layouts it checks (`VerificationHooks`) and reach the threaded
    /// path with small cases; reading it costs one lookup per `prepare`.
    @TaskLocal static var minimumItemsForThreads = 16_384

    /// Contiguous ranges of `itemCounts`' indices, each with roughly `total / batches` items.
    static func plan(itemCounts: [Int], threads: Int) -> [Range<Int>] {
        let total = itemCounts.reduce(0, +) + itemCounts.count  // an empty section still costs a little
        guard threads > 1, itemCounts.count > 1, total >= minimumItemsForThreads else {
            return itemCounts.isEmpty ? [] : [0..<itemCounts.count]
        }
        let target = max(1, total / (threads * batchesPerThread))
        var batches: [Range<Int>] = []
        var start = 0
        var load = 0
        for (index, count) in itemCounts.enumerated() {
            load += count + 1
            if load >= target {
                batches.append(start..<(index + 1))
                start = index + 1
                load = 0
            }
        }
        if start < itemCounts.count { batches.append(start..<itemCounts.count) }
        return batches
    }

    /// Calls `body` with each batch of `elements`' indices and the elements, spread over
    /// `threads` threads by `itemCounts` (one per element, read only to plan more than one
    /// batch). `body` may only write the elements of its batch.
    static func forEachBatch<Element>(
        _ elements: inout [Element], itemCounts: @autoclosure () -> [Int], threads: Int,
        _ body: @Sendable (Range<Int>, UnsafeMutableBufferPointer<Element>) -> Void
    ) {
        elements.withUnsafeMutableBufferPointer { buffer in
            // One thread or one element: the one batch `plan` would give, without the item
            // counts' array and the plan's, which were 2 of the 7 allocations, and about 500 of
            // the 3,500 instructions, of a 1,000-item prepare beside its loop.
            guard threads > 1, buffer.count > 1 else {
                if !buffer.isEmpty { body(buffer.indices, buffer) }
                return
            }
            let batches = plan(itemCounts: itemCounts(), threads: threads)
            let shared = UncheckedSendable(buffer)
            if batches.count <= 1 {
                if let batch = batches.first { body(batch, shared.value) }
                return
            }
            // Each batch writes only its own elements, so no two threads touch the same memory.
            DispatchQueue.concurrentPerform(iterations: batches.count) { batch in
                body(batches[batch], shared.value)
            }
        }
    }
}

/// Hands a value to `concurrentPerform`'s closure where the caller guarantees the threads
/// touch disjoint parts of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
