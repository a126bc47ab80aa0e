import MasonryLayout
import MasonryWorkloads

extension Fuzzer {
    /// The case for `seed`: a random description (usually small, now and then thousands of
    /// sections), up to eight updates (mostly valid for the description as it is then), and
    /// queries over the content, touching elements' edges, and of zero size.
    public static func scenario(seed: UInt64) -> ScenarioChain {
        var generator = RandomLayoutGenerator(seed: seed)
        let shape = seed % 50
        let description = shape == 0
            ? generator.description(maximumSections: 2000, maximumItems: 6)
            : generator.description(maximumSections: 1 + Int(seed % 6), maximumItems: shape < 5 ? 600 : 40)
        var current = description
        var updates: [LayoutUpdate] = []
        for _ in 0..<Int(seed % 9) {
            let update = generator.update(for: current)
            updates.append(update)
            try? current.apply(update)
        }
        let reference = ReferenceLayoutEngine(description)
        let frames = allElements(of: reference).map(\.frame)
        let queries = (0..<8).map { _ in generator.rect(in: reference.contentSize, touching: frames) }
        return ScenarioChain(LayoutScenario(description: description, updates: updates, queries: queries))
    }
}
