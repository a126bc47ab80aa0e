// Tests of the benchmark workloads: the spans feed, adaptive and weighted columns, estimated heights, suites and benchmark names.
import MasonryLayout
@testable import MasonryBenchmarkHarness
import MasonryWorkloads
import Testing

/// Format v2's workloads: what their descriptions hold and how their benchmarks are named.
@Suite struct WorkloadTests {
    @Test func theSpansFeedHasABannerEveryTwentiethItemAndAboutATenthOfDoubleItems() {
        let workload = Workload(placement: .shortestColumn, items: 20_000, sections: 1, columns: 4, heights: .photo, spans: .feed)
        #expect(workload.nameParameters == "placement:shortestColumn/items:20000/sections:1/columns:4/heights:photo/spans:feed")
        let spans = workload.makeDescription().sections[0].itemSpans ?? []
        #expect(spans.count == 20_000)
        #expect(spans.indices.allSatisfy { ($0 % 20 == 19) == (spans[$0] == .full) })
        let doubles = Double(spans.filter { $0 == .columns(2) }.count) / Double(spans.count - 1000)
        #expect(abs(doubles - 0.1) < 0.01, "\(doubles)")
    }

    @Test func theAdaptiveWorkloadGainsColumnsAtTheWiderWidth() throws {
        let workload = Workload(placement: .shortestColumn, items: 1000, sections: 1, columns: 4, heights: .photo, minColumnWidth: 90)
        #expect(workload.nameParameters == "placement:shortestColumn/items:1000/sections:1/columns:4/heights:photo/minColumnWidth:90")
        var description = workload.makeDescription()
        #expect(description.sections[0].columns == 4)
        try description.apply(.setWidth(Workload.widenedWidth))
        #expect(description.sections[0].columns == 6)
    }

    @Test func theSuitesHoldTheFormatV2Workloads() {
        for suite in [BenchmarkSuite.standard, .full] {
            #expect(BenchmarkSuite.formatV2Workloads.allSatisfy(suite.prepareWorkloads.contains))
            #expect(BenchmarkSuite.formatV2Workloads.allSatisfy(suite.interactionWorkloads.contains))
        }
        #expect(BenchmarkSuite.smoke.prepareWorkloads.contains { $0.spans == .feed && $0.items == 10_000 })
    }

    /// Format v3's weighted columns: named by their weights, prepared and interacted with in
    /// the standard suite, the description's sections weighted.
    @Test func theWeightedWorkloadNamesItsWeights() throws {
        #expect(BenchmarkSuite.weighted.nameParameters == "placement:shortestColumn/items:1000000/sections:1/columns:4/columnWeights:1-2-2-1")
        #expect(BenchmarkSuite.standard.interactionWorkloads.contains(BenchmarkSuite.weighted))
        #expect(BenchmarkSuite.standard.prepareWorkloads.contains { $0.columnWeights != nil && $0.heights == .photo })
        let small = Workload(placement: .shortestColumn, items: 100, sections: 1, columns: 4, columnWeights: [1, 2, 2, 1])
        let description = small.makeDescription()
        #expect(description.sections[0].columnWeights == [1, 2, 2, 1])
        // Item 0 takes column 0 (every column starts level): (390 - 16 - 12) * (1 / 6) wide.
        #expect(ReferenceLayoutEngine(description).frame(ofItemAt: ItemIndexPath(section: 0, item: 0))?.width == 362.0 * (1.0 / 6))
    }

    /// `heights:estimated` (issue 20): photo heights drawn as `photo` draws them, then the
    /// second half at one estimate; in the standard suite at 100K items in 4 columns.
    @Test func theEstimatedWorkloadIsAPhotoFeedWithItsSecondHalfAtOneEstimate() throws {
        let workload = Workload(placement: .shortestColumn, items: 1001, sections: 1, columns: 4, heights: .estimated)
        #expect(workload.nameParameters == "placement:shortestColumn/items:1001/sections:1/columns:4/heights:estimated")
        let estimated = workload.makeDescription().sections[0].itemHeights
        var photoWorkload = workload
        photoWorkload.heights = .photo
        let photo = photoWorkload.makeDescription().sections[0].itemHeights
        #expect(estimated.count == 1001)
        #expect(estimated[..<501] == photo[..<501])
        #expect(estimated[501...].allSatisfy { $0 == HeightDistribution.estimate })
        #expect(photo[501...].contains { $0 != HeightDistribution.estimate })
        #expect(BenchmarkSuite.standard.prepareWorkloads.contains { $0.heights == .estimated && $0.items == 100_000 && $0.columns == 4 })
    }

    /// Lookups use every field of the frame, so that no engine can skip computing one.
    @Test func lookupsConsumeEveryField() {
        #expect(ScrollAndColdLookupBenchmarks.consume(Rect(x: 1, y: 2, width: 4, height: 8)) == 15)
        #expect(ScrollAndColdLookupBenchmarks.consume(nil) == 0)
    }
}
