// Tests that every public entry point of the engines is on the verifier's list, and that its queries go through each.
import Foundation
@_spi(Verification) import MasonryLayout
@_spi(Verification) @testable import MasonryVerification
import Testing

/// The engines' public surface, read from their sources, against `LayoutEngineEntryPoint`: a
/// public member the list does not name fails here, so the verifier never again misses an entry
/// point that nothing calls (as `elements(in:into:)` was, until every query went through it).
@Suite struct LayoutEngineEntryPointTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let protocolFile = "Sources/MasonryLayout/LayoutEngine.swift"
    static let engineFiles = ["Sources/MasonryLayout/Optimized/OptimizedLayoutEngine.swift",
                              "Sources/MasonryLayout/Reference/ReferenceLayoutEngine.swift"]

    /// `func name(label:…)`, `var name`, `let name`, `static var name` or `init(label:…)` of a
    /// declaration line, without its modifiers.
    static func signature(of declaration: Substring) -> String? {
        var words = declaration.split(separator: " ", omittingEmptySubsequences: true)[...]
        let modifiers: Set<Substring> = ["public", "private(set)", "mutating", "nonmutating", "@inlinable", "@discardableResult"]
        while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
        let isStatic = words.first == "static"
        if isStatic { words = words.dropFirst() }
        guard let keyword = words.first, ["func", "var", "let", "init"].contains(where: { keyword.hasPrefix($0) }) else { return nil }
        let rest = words.joined(separator: " ")
        if keyword == "var" || keyword == "let" {
            let name = rest.dropFirst(keyword.count + 1).prefix { $0.isLetter || $0.isNumber }
            return (isStatic ? "static " : "") + "\(keyword) \(name)"
        }
        guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
        let name = rest[..<open]
        let parameters = rest[rest.index(after: open)..<close]
        let labels = parameters.split(separator: ",").map { parameter in
            String(parameter.split(separator: ":")[0].split(separator: " ")[0]) + ":"
        }
        return (isStatic ? "static " : "") + "\(name)(\(labels.joined()))"
    }

    /// The requirements of the protocol and the public members of the extensions in the protocol's file.
    static func protocolSurface() throws -> Set<String> {
        let (requirements, extensionMembers) = try protocolParts()
        return requirements.union(extensionMembers)
    }

    /// The texts of the library's files, besides the protocol's, that extend `LayoutEngine` (the anchoring):
    /// their public members are entry points too.
    static func extensionTexts() throws -> [String] {
        let library = root.appendingPathComponent("Sources/MasonryLayout")
        let paths = FileManager.default.enumerator(atPath: library.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            let text = try String(contentsOf: library.appendingPathComponent(path), encoding: .utf8)
            return text.contains("\nextension LayoutEngine {") && "Sources/MasonryLayout/\(path)" != protocolFile ? text : nil
        }
    }

    /// The protocol's requirements, and the members only its extensions declare.
    static func protocolParts() throws -> (requirements: Set<String>, extensionMembers: Set<String>) {
        let text = try ([String(contentsOf: root.appendingPathComponent(protocolFile), encoding: .utf8)] + extensionTexts()).joined(separator: "\n")
        var inProtocol = false
        var requirements: Set<String> = [], members: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if line.hasPrefix("public protocol LayoutEngine") { inProtocol = true; continue }
            if inProtocol, line.hasPrefix("}") { inProtocol = false; continue }
            guard !trimmed.hasPrefix("//"), inProtocol || trimmed.hasPrefix("public ") else { continue }
            if let signature = signature(of: trimmed) {
                if inProtocol { requirements.insert(signature) } else { members.insert(signature) }
            }
        }
        return (requirements, members.subtracting(requirements))
    }

    /// The public members the engines declare.
    static func engineSurface() throws -> Set<String> {
        var signatures: Set<String> = []
        for file in engineFiles {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard line.hasPrefix("    public ") else { continue }  // members of the engine type itself
                if let signature = signature(of: trimmed) { signatures.insert(signature) }
            }
        }
        return signatures
    }

    @Test func everyPublicEntryPointIsOnTheVerifiersList() throws {
        let listed = Set(LayoutEngineEntryPoint.allCases.map(\.rawValue))
        let surface = try Self.protocolSurface().union(Self.engineSurface())
        #expect(surface.count >= 12, "the sources were not read: \(surface.sorted())")
        #expect(surface.subtracting(listed).isEmpty, "public entry points the verifier does not call: \(surface.subtracting(listed).sorted())")
        #expect(listed.subtracting(surface).isEmpty, "listed entry points no engine declares: \(listed.subtracting(surface).sorted())")
    }

    /// The verifier calls engines through `any LayoutEngine`, where a member only the protocol's
    /// extension declares always runs the extension's body: an engine's own `elements(in:edges:)`
    /// would never be called. Such a member must become a requirement, or be called on the type.
    @Test func noEngineShadowsAMemberOnlyTheExtensionDeclares() throws {
        let (requirements, extensionMembers) = try Self.protocolParts()
        #expect(requirements.count >= 8 && extensionMembers.count >= 3, "\(requirements) \(extensionMembers)")
        let shadowed = try Self.engineSurface().intersection(extensionMembers)
        #expect(shadowed.isEmpty, "engines declare their own \(shadowed.sorted()), which the verifier's calls through any LayoutEngine never reach")
    }

    @Test func everyQueryEntryPointIsAskedEveryQueryItCanExpress() {
        let queried = LayoutEngineEntryPoint.allCases.compactMap { entryPoint -> QueryCall? in
            if case .query(let call) = entryPoint.check { call } else { nil }
        }
        #expect(Set(queried) == Set(QueryCall.allCases) && queried.count == QueryCall.allCases.count)
        for call in QueryCall.allCases {
            #expect(LayoutEngineEntryPoint.allCases.filter { $0.check == .query(call) }.count == 1, "\(call)")
        }
        // Every query is asked through at least the two calls that take all of it; a closed,
        // unpinned one through all six.
        let closed = LayoutQuery(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(QueryCall.allCases.filter { $0.expresses(closed) }.count == QueryCall.allCases.count)
        let pinnedOpen = LayoutQuery(Rect(x: 0, y: 0, width: 10, height: 10), edges: .open, pinningHeaders: true)
        #expect(QueryCall.allCases.filter { $0.expresses(pinnedOpen) } == [.elementsForQuery, .elementsInRectWithEdgesAndPinning])
    }

    /// Each call gives the reference's answer on the reference itself, and the buffer call keeps
    /// what its buffer held.
    @Test(arguments: QueryCall.allCases)
    func eachCallAnswersLikeTheReference(call: QueryCall) throws {
        let description = try LayoutDescription(width: 100, sections: [
            SectionDescription(columns: 2, headerHeight: 10, itemHeights: [30, 20, 40, 10]),
        ])
        let engine = OptimizedLayoutEngine(description, threads: 1)
        let reference = ReferenceLayoutEngine(description)
        for query in [LayoutQuery(Rect(x: 0, y: 0, width: 100, height: 40)), LayoutQuery(Rect(x: 0, y: 30, width: 50, height: 0), edges: .open),
                      LayoutQuery(Rect(x: 0, y: 20, width: 100, height: 10), pinningHeaders: true)] where call.expresses(query) {
            #expect(EngineVerifier.firstDifference(call.answer(query, from: engine), call.expected(reference.elements(for: query))) == nil)
        }
        if call == .elementsInRectIntoBuffer {
            #expect(call.answer(LayoutQuery(Rect(x: 0, y: 0, width: 100, height: 40)), from: engine).prefix(2) == QueryCall.heldElements[...])
        }
    }

    /// `apply(_:)` with every kind of update: the kind of each, by an exhaustive switch, so a new
    /// kind does not build here until the fuzzer's cases are shown to hold it.
    static func kind(of update: LayoutUpdate) -> String {
        switch update {
        case .appendItems: "appendItems"
        case .setItemHeights: "setItemHeights"
        case .insertItems: "insertItems"
        case .deleteItems: "deleteItems"
        case .insertSection: "insertSection"
        case .deleteSection: "deleteSection"
        case .setWidth: "setWidth"
        case .appendMeasurements: "appendMeasurements"
        case .setMeasurements: "setMeasurements"
        case .insertMeasurements: "insertMeasurements"
        }
    }

    @Test func theFuzzersCasesApplyEveryKindOfUpdate() {
        var kinds: [String: Int] = [:]
        for index in 0..<300 {
            let (_, chain, _) = Fuzzer.fuzzCase(seed: 1, index: index, threads: [1])
            for update in chain.scenarios.flatMap(\.updates) { kinds[Self.kind(of: update), default: 0] += 1 }
        }
        #expect(kinds.count == 10, "kinds of update in 300 cases: \(kinds)")
        #expect(kinds.values.allSatisfy { $0 >= 20 }, "kinds of update in 300 cases: \(kinds)")
    }
}
