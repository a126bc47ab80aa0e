// `EngineHello`: what an external engine says of itself in the protocol's handshake.
import MasonryLayout

/// An external engine's answer to `hello` (<doc:EngineProtocol>, "The hello answer"): its name,
/// the layout format it implements, the features of that format it lacks, and whether it
/// times its own work.
package struct EngineHello: Equatable, Sendable {
    /// The engine's name (with a version), for findings and result files.
    package var engine: String
    /// The layout format version it implements, 1...3: a later format's features are unsupported.
    package var format: Int
    /// The features it declared unsupported, besides those of later formats.
    package var declaredUnsupported: Set<EngineFeature>
    /// Whether its answers carry `nanoseconds`.
    package var timesItsWork: Bool

    package init(engine: String, format: Int = 3, declaredUnsupported: Set<EngineFeature> = [], timesItsWork: Bool = false) {
        self.engine = engine
        self.format = format
        self.declaredUnsupported = declaredUnsupported
        self.timesItsWork = timesItsWork
    }

    /// Reads a hello answer: errors name the field (`unsupported[2]: "pinHeader" is not a
    /// feature of protocol 1; did you mean "pinHeaders"?`).
    init(_ answer: EngineAnswer) throws(MalformedAnswer) {
        let known: Set = ["protocol", "engine", "format", "unsupported", "timing"]
        if let unknown = answer.members.first(where: { !known.contains($0.key) }) {
            throw MalformedAnswer(description: "\(unknown.key): is not a field of the hello answer of protocol \(engineProtocolVersion)")
        }
        let version = try answer.integer("protocol")
        guard version == engineProtocolVersion else {
            throw MalformedAnswer(description: "protocol: the engine speaks protocol \(version); this tool speaks \(engineProtocolVersion)")
        }
        engine = try answer.string("engine")
        guard !engine.isEmpty else { throw MalformedAnswer(description: "engine: must be a name, got \"\"") }
        format = answer["format"] == nil ? 3 : try answer.integer("format")
        guard (1...3).contains(format) else { throw MalformedAnswer(description: "format: must be 1, 2 or 3, got \(format)") }
        timesItsWork = answer["timing"] == nil ? false : try answer.boolean("timing")
        declaredUnsupported = []
        guard let list = answer["unsupported"] else { return }
        guard case .array(let names) = list else { throw MalformedAnswer(description: "unsupported: must be an array of feature names") }
        for (index, name) in names.enumerated() {
            guard case .string(let text) = name else {
                throw MalformedAnswer(description: "unsupported[\(index)]: must be a feature name (a string)")
            }
            guard let feature = EngineFeature(rawValue: text) else {
                let suggestion = NameSuggestion.didYouMean(text, among: EngineFeature.allCases.map(\.rawValue))
                throw MalformedAnswer(description: "unsupported[\(index)]: \"\(text)\" is not a feature of protocol \(engineProtocolVersion)\(suggestion)")
            }
            declaredUnsupported.insert(feature)
        }
    }

    /// Whether the engine has `feature`: of its format, and not declared unsupported.
    package func supports(_ feature: EngineFeature) -> Bool {
        feature.format <= format && !declaredUnsupported.contains(feature)
    }

    /// The features of `chain` that make a check skip it on this engine (empty: it can be checked).
    package func missingFeatures(of chain: ScenarioChain) -> [EngineFeature] {
        missingFeatures(among: EngineFeature.used(by: chain))
    }

    /// The features of `used` (a layout's, an update's) that make a check or a benchmark skip
    /// it on this engine, sorted by name.
    package func missingFeatures(among used: Set<EngineFeature>) -> [EngineFeature] {
        used.filter { $0.skipsWhenUnsupported && !supports($0) }.sorted()
    }
}
