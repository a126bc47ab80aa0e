import MasonryLayout
import MasonryWorkloads
#if canImport(Glibc)
import Glibc
#endif

// Release-mode measurements of the optimized engine against issue #3's targets. Every figure is
// the median of several repetitions measured in this one run; ratios compare runs made here.
// Usage: MasonryBenchmarks [items] [repetitions]   (defaults 1000000 and 7)

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let items = arguments.first ?? 1_000_000
let repetitions = arguments.dropFirst().first ?? 7

func description(columns: Int, placement: Placement, sections: Int = 1, itemsPerSection: Int = items,
                 seed: UInt64 = 1) -> LayoutDescription {
    var random = SplitMix64(seed: seed)
    let sectionList = (0..<sections).map { _ in
        SectionDescription(columns: columns, inset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                           columnSpacing: 4, itemSpacing: 4,
                           itemHeights: HeightDistribution.uniform.heights(count: itemsPerSection, columnWidth: 90, generator: &random))
    }
    return try! LayoutDescription(width: 390, placement: placement, sections: sectionList)
}

func row(_ name: String, _ value: String, _ target: String) {
    print("| \(name) | \(value) | \(target) |")
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    let scale = Double(Int(pow10(digits)))
    return "\((value * scale).rounded() / scale)"
}

func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }

/// Median ns per item of `prepare` on a fresh engine (the description is shared, not copied).
func prepareNanosecondsPerItem(_ description: LayoutDescription, threads: Int, repetitions: Int) -> Double {
    var engine = OptimizedLayoutEngine(description, threads: threads)  // warm-up
    let samples = (0..<repetitions).map { _ in measure { engine.prepare(description) } }
    blackHole(engine)
    return median(samples) / Double(description.itemCount)
}

if CommandLine.arguments.contains("--profile-prepare") {
    // For `perf record`: nothing but repeated prepares of the first row's input.
    let input = description(columns: 4, placement: .shortestColumn)
    var engine = OptimizedLayoutEngine(input, threads: 1)
    for _ in 0..<repetitions { engine.prepare(input) }
    blackHole(engine)
    exit(0)
}

if CommandLine.arguments.contains("--profile-query") {
    // For `perf record`: nothing but viewport queries on the first row's layout.
    let engine = OptimizedLayoutEngine(description(columns: 4, placement: .shortestColumn), threads: 1)
    var random = SplitMix64(seed: 5)
    var hits = 0
    let scrolling = CommandLine.arguments.contains("--scrolling")
    for step in 0..<(repetitions * 10_000) {
        let y = scrolling ? Double(step) * 84.4 : random.unitDouble() * engine.contentSize.height
        hits += engine.elements(in: Rect(x: 0, y: y, width: 390, height: 844)).count
    }
    blackHole(hits)
    exit(0)
}

print("| measurement (\(items) items, median of \(repetitions)) | measured | target |")
print("|---|---|---|")

let shortest4 = description(columns: 4, placement: .shortestColumn)
let optimizedShortest4 = prepareNanosecondsPerItem(shortest4, threads: 1, repetitions: repetitions)
row("prepare, shortest column, 4 columns, 1 thread", "\(format(optimizedShortest4)) ns/item", "<= 4 ns/item")
let shortest8 = description(columns: 8, placement: .shortestColumn)
row("prepare, shortest column, 8 columns, 1 thread", "\(format(prepareNanosecondsPerItem(shortest8, threads: 1, repetitions: repetitions))) ns/item", "<= 6 ns/item")
let roundRobin4 = description(columns: 4, placement: .roundRobin)
row("prepare, round robin, 4 columns, 1 thread", "\(format(prepareNanosecondsPerItem(roundRobin4, threads: 1, repetitions: repetitions))) ns/item", "<= 1.5 ns/item")

var reference = ReferenceLayoutEngine(shortest4)
let referenceSamples = (0..<3).map { _ in measure { reference.prepare(shortest4) } }
let referencePerItem = median(referenceSamples) / Double(items)
row("prepare, reference engine, same input as the first row", "\(format(referencePerItem)) ns/item (\(format(referencePerItem / optimizedShortest4, 1))x slower)", ">= 15x slower")

let sectioned = description(columns: 4, placement: .shortestColumn, sections: 4096, itemsPerSection: 256)
let oneThread = prepareNanosecondsPerItem(sectioned, threads: 1, repetitions: repetitions)
let twoThreads = prepareNanosecondsPerItem(sectioned, threads: 2, repetitions: repetitions)
row("prepare, 4096 sections x 256 items, 1 thread", "\(format(oneThread)) ns/item", "")
row("prepare, 4096 sections x 256 items, 2 threads", "\(format(twoThreads)) ns/item (\(format(oneThread / twoThreads))x faster)", ">= 1.7x faster")

// Viewport queries at random positions over the whole content.
let engine = OptimizedLayoutEngine(shortest4, threads: 1)
var random = SplitMix64(seed: 99)
let contentHeight = engine.contentSize.height
let rects = (0..<5000).map { _ in Rect(x: 0, y: random.unitDouble() * (contentHeight - 844), width: 390, height: 844) }
var hits = 0
for rect in rects.prefix(500) { hits += engine.elements(in: rect).count }  // warm-up
var latencies = rects.map { rect in measure { hits += engine.elements(in: rect).count } }
latencies.sort()
let timerCost = median((0..<1000).map { _ in measure {} })
row("viewport query 390x844, p50", "\(format(quantile(latencies, 0.5) / 1000, 3)) us (\(hits / (rects.count + 500)) hits/query; timer \(Int(timerCost)) ns)", "<= 0.5 us")
row("viewport query 390x844, p99", "\(format(quantile(latencies, 0.99) / 1000, 3)) us", "<= 2 us")
// Scrolling: consecutive viewports a tenth of a screen apart, as a collection view asks while the
// user scrolls (the working set stays in cache, unlike random jumps across 1M items).
let scrollStart = contentHeight / 2
var scrolling = (0..<5000).map { step in
    measure { hits += engine.elements(in: Rect(x: 0, y: scrollStart + Double(step) * 84.4, width: 390, height: 844)).count }
}
scrolling.sort()
row("viewport query while scrolling, p50 / p99", "\(format(quantile(scrolling, 0.5) / 1000, 3)) us / \(format(quantile(scrolling, 0.99) / 1000, 3)) us", "")
let referenceQueries = rects.prefix(20).map { rect in measure { hits += reference.elements(in: rect).count } }
row("viewport query, reference engine, p50", "\(format(median(referenceQueries) / 1000, 1)) us (\(Int(median(referenceQueries) / quantile(latencies, 0.5)))x slower)", ">= 10,000x slower")

// Appending 1,000 items to a 1M-item layout (after one append, so the engine owns its heights array).
var appending = OptimizedLayoutEngine(shortest4, threads: 1)
try! appending.apply(.appendItems(section: 0, heights: [100]))
let page = HeightDistribution.uniform.heights(count: 1000, columnWidth: 90, generator: &random)
let appendSamples = (0..<repetitions).map { _ in measure { try! appending.apply(.appendItems(section: 0, heights: page)) } }
row("append 1,000 items to a 1M-item layout", "\(format(median(appendSamples) / 1000, 1)) us", "<= 20 us")

// Changing one height in the middle of 4096 sections.
var updating = OptimizedLayoutEngine(sectioned, threads: 1)
try! updating.apply(.setItemHeights(section: 2048, startingAt: 128, heights: [1]))
let fullPrepare = oneThread * Double(sectioned.itemCount)
let updateSamples = (0..<repetitions).map { index in
    measure { try! updating.apply(.setItemHeights(section: 2048, startingAt: 128, heights: [Double(100 + index)])) }
}
row("change one height, middle of 4096 sections", "\(format(median(updateSamples) / 1000, 1)) us (\(format(100 * median(updateSamples) / fullPrepare, 3))% of a full prepare)", "<= 1%")

row("retained memory, shortest column", "\(format(Double(engine.retainedBytes) / Double(items))) bytes/item", "<= 24 bytes/item")
row("retained memory, round robin", "\(format(Double(OptimizedLayoutEngine(roundRobin4, threads: 1).retainedBytes) / Double(items))) bytes/item", "<= 24 bytes/item")
blackHole(hits)
