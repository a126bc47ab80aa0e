// Tests that the engines reproduce the three source seed layouts, transcribed from the articles.
import MasonryLayout
import MasonryVerification
import MasonryWorkloads
import Testing

/// The three source layouts in `../shared/seeds/`, transcribed literally from the articles, against
/// the engines given the description that the seed table names (MasonryLayout.docc/LayoutFormat.md, "The
/// source layouts"), frame for frame.
@Suite struct SeedTranscriptionTests {
    // MARK: Seed 000: round robin, itemWidth = round(width / N), no spacing.

    /// `UserCollectionViewLayout.prepareLayout()` and `collectionViewContentSize()`.
    static func seed000(width: Double, numberOfColumns: Int, heights: [Double]) -> (frames: [Rect], contentHeight: Double) {
        let itemWidth = (width / Double(numberOfColumns)).rounded()  // C's round(): ties away from zero
        let xOffsets = (0..<numberOfColumns).map { index in Double(index) * itemWidth }
        var yOffsets = Array(repeating: 0.0, count: numberOfColumns)
        var column = 0
        var contentHeight = 0.0
        var frames: [Rect] = []
        for item in heights.indices {
            let cellHeight = heights[item]
            let frame = Rect(x: xOffsets[column], y: yOffsets[column], width: itemWidth, height: cellHeight)
            frames.append(frame)
            yOffsets[column] = yOffsets[column] + cellHeight
            column = (column >= numberOfColumns - 1) ? 0 : column + 1
            contentHeight = max(contentHeight, frame.maxY)
        }
        return (frames, contentHeight)
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func seed000RoundRobin(columns: Int) throws {
        var random = SplitMix64(seed: UInt64(columns))
        for width in [320.0, 375, 390, 414, 1000.5] {
            // Any heights: the seed's arithmetic and the format's coincide exactly here.
            let heights = (0..<200).map { _ in random.unitDouble() * 400 }
            let description = try LayoutDescription(width: width, placement: .roundRobin, columnWidthRounding: .nearest,
                                                    sections: [SectionDescription(columns: columns, itemHeights: heights)])
            let seed = Self.seed000(width: width, numberOfColumns: columns, heights: heights)
            try expectFrames(of: description, equal: seed.frames, contentHeight: seed.contentHeight)
        }
    }

    // MARK: Seed 002: two columns, shortest first, ties to the second column.

    /// `calculationAttribute(withItemWidth:)` with `prepareLayout()`'s width.
    static func seed002(screenWidth: Double, sectionInset: EdgeInsets, minimumInteritemSpacing: Double,
                        minimumLineSpacing: Double, heights: [Double]) -> [Rect] {
        let itemWidth = (screenWidth - sectionInset.left - sectionInset.right - minimumInteritemSpacing) / 2.0
        var columnArray = [sectionInset.top, sectionInset.top]
        var frames: [Rect] = []
        for itemHeight in heights {
            let columnNumber: Double
            if columnArray[0] < columnArray[1] {
                columnArray[0] += itemHeight + minimumLineSpacing
                columnNumber = 0
            } else {
                columnArray[1] += itemHeight + minimumLineSpacing
                columnNumber = 1
            }
            let x = sectionInset.left + (minimumLineSpacing + itemWidth) * columnNumber
            let y = columnArray[Int(columnNumber)] - itemHeight - minimumLineSpacing
            frames.append(Rect(x: x, y: y, width: itemWidth, height: itemHeight))
        }
        return frames
    }

    @Test(arguments: [0.0, 5, 10, 8.5])
    func seed002ShortestColumnTiesToTheLast(spacing: Double) throws {
        var random = SplitMix64(seed: 2)
        for screenWidth in [320.0, 375, 414] {
            // The seed's own heights: arc4random() % 150 + 100.
            let heights = (0..<300).map { _ in Double(random.next() % 150 + 100) }
            let inset = EdgeInsets(top: 10, left: 12, bottom: 10, right: 8)
            let description = try LayoutDescription(
                width: screenWidth, placement: .shortestColumn, tieBreak: .highestIndex,
                sections: [SectionDescription(columns: 2, inset: inset, columnSpacing: spacing, itemSpacing: spacing,
                                              itemHeights: heights)])
            let frames = Self.seed002(screenWidth: screenWidth, sectionInset: inset, minimumInteritemSpacing: spacing,
                                      minimumLineSpacing: spacing, heights: heights)
            try expectFrames(of: description, equal: frames, contentHeight: nil)
        }
    }

    // MARK: Seed 003: 'in order' and 'regular' across sections that continue the same columns.

    /// `getLayoutInfoInOrder` (`regular == false`) and `getLayoutInfoRegular`, with `collectionViewContentSize`.
    static func seed003(screenWidth: Double, numberOfColumns: Int, sections: [[Double]], regular: Bool) -> (frames: [Rect], contentHeight: Double) {
        let spaceWidth = 10.0
        var lastYValueForColumn: [Int: Double] = [:]
        var currentColumn = 0
        let itemWidth = (screenWidth - spaceWidth * Double(numberOfColumns + 1)) / Double(numberOfColumns)
        var frames: [Rect] = []
        func miniHeightColumn() -> Int {
            var miniHeightColumn = 0
            var miniHeight = lastYValueForColumn[miniHeightColumn] ?? 0
            for column in 0..<numberOfColumns {
                let height = lastYValueForColumn[column] ?? 0
                if height < miniHeight {
                    miniHeight = height
                    miniHeightColumn = column
                }
            }
            return miniHeightColumn
        }
        for heights in sections {
            for itemHeight in heights {
                if regular { currentColumn = miniHeightColumn() }
                let originX = spaceWidth + (itemWidth + spaceWidth) * Double(currentColumn)
                var originY = lastYValueForColumn[currentColumn] ?? 0
                if originY == 0.0 { originY = 12.5 }
                frames.append(Rect(x: originX, y: originY, width: itemWidth, height: itemHeight))
                lastYValueForColumn[currentColumn] = originY + itemHeight + spaceWidth
                if !regular {
                    currentColumn += 1
                    if currentColumn == numberOfColumns { currentColumn = 0 }
                }
            }
        }
        var maxHeight = 0.0
        for column in 0..<numberOfColumns where (lastYValueForColumn[column] ?? 0) > maxHeight {
            maxHeight = lastYValueForColumn[column]!
        }
        return (frames, maxHeight)
    }

    @Test(arguments: [false, true], [2, 3])
    func seed003InOrderAndRegular(regular: Bool, columns: Int) throws {
        var random = SplitMix64(seed: regular ? 31 : 30)
        for screenWidth in [320.0, 375, 414] {
            // Quarter-point heights (what a delegate computes from image sizes on a 2x or 4x screen).
            let sections = (0..<5).map { _ in (0..<(1 + Int(random.next() % 40))).map { _ in Double(random.next() % 1600) / 4 } }
            let description = try LayoutDescription(
                width: screenWidth, placement: regular ? .shortestColumn : .roundRobin, tieBreak: .lowestIndex,
                sectionStart: .continueColumns,
                sections: sections.enumerated().map { index, heights in
                    SectionDescription(columns: columns, inset: EdgeInsets(top: index == 0 ? 12.5 : 0, left: 10, right: 10),
                                       columnSpacing: 10, itemSpacing: 10, itemHeights: heights)
                })
            let seed = Self.seed003(screenWidth: screenWidth, numberOfColumns: columns, sections: sections, regular: regular)
            try expectFrames(of: description, equal: seed.frames, contentHeight: seed.contentHeight)
        }
    }

    /// Both engines' item frames, in (section, item) order, against the seed's, bit for bit.
    private func expectFrames(of description: LayoutDescription, equal frames: [Rect], contentHeight: Double?,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let engines: [any LayoutEngine] = [ReferenceLayoutEngine(description), OptimizedLayoutEngine(description, threads: 2)]
        for engine in engines {
            let laidOut = description.sections.indices.flatMap { section in
                description.sections[section].itemHeights.indices.map { item in
                    engine.frame(ofItemAt: ItemIndexPath(section: section, item: item))!
                }
            }
            #expect(laidOut.map(EngineVerifier.bits) == frames.map(EngineVerifier.bits), "\(type(of: engine))", sourceLocation: sourceLocation)
            if let contentHeight {
                #expect(engine.contentSize.height.bitPattern == contentHeight.bitPattern, sourceLocation: sourceLocation)
            }
        }
    }
}
