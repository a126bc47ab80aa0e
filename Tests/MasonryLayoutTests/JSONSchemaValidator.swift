// A JSON Schema validator for the tests, covering the keywords the layout description schema uses.
@testable import MasonryLayout

/// The part of JSON Schema (draft 2020-12) that `Schemas/layout-description.schema.json` uses,
/// enough to check documents against it in tests without an outside package: `type`,
/// `properties`, `required`, `additionalProperties`, `enum`, `const`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `items`, `minItems`, `oneOf`, `anyOf`, `allOf`, `not`, `if`/`then`, and
/// `$ref` to `#/$defs/NAME`. An unsupported keyword is reported, so the schema cannot quietly use
/// more than is checked.
struct JSONSchemaValidator {
    let root: JSONValue

    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "$comment", "examples", "default"]

    init(schema: JSONValue) {
        root = schema
    }

    /// The first violation of `document` against the schema, as `path: what`, or nil.
    func firstViolation(in document: JSONValue) -> String? {
        violation(document, against: root, at: "$")
    }

    private func violation(_ value: JSONValue, against schema: JSONValue, at path: String) -> String? {
        if case .bool(let accepts) = schema { return accepts ? nil : "\(path): no value is allowed here" }
        guard case .object(let keywords) = schema else { return "\(path): the schema is not an object" }
        let keyword = Dictionary(keywords.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for key in keyword.keys where !Self.annotations.contains(key) && !Self.checkedKeywords.contains(key) {
            return "\(path): unsupported schema keyword \(key)"
        }
        if case .string(let reference)? = keyword["$ref"] {
            guard let target = resolve(reference) else { return "\(path): unresolved $ref \(reference)" }
            if let problem = violation(value, against: target, at: path) { return problem }
        }
        if let types = keyword["type"], !matches(value, types) { return "\(path): must be \(describe(types)), got \(value.typeName)" }
        if case .array(let allowed)? = keyword["enum"], !allowed.contains(where: { equal($0, value) }) {
            return "\(path): must be one of the enumerated values"
        }
        if let constant = keyword["const"], !equal(constant, value) { return "\(path): must equal the constant" }
        if case .number(let number) = value {
            if case .number(let minimum)? = keyword["minimum"], !(number >= minimum) { return "\(path): must be >= \(minimum)" }
            if case .number(let maximum)? = keyword["maximum"], !(number <= maximum) { return "\(path): must be <= \(maximum)" }
            if case .number(let minimum)? = keyword["exclusiveMinimum"], !(number > minimum) { return "\(path): must be > \(minimum)" }
        }
        if case .object(let members) = value {
            let properties = keyword["properties"].flatMap { schema -> [(key: String, value: JSONValue)]? in
                if case .object(let properties) = schema { return properties }
                return nil
            } ?? []
            if case .array(let required)? = keyword["required"] {
                for case .string(let name) in required where !members.contains(where: { $0.key == name }) {
                    return "\(path): \(name) is required"
                }
            }
            for member in members {
                if let property = properties.first(where: { $0.key == member.key }) {
                    if let problem = violation(member.value, against: property.value, at: "\(path).\(member.key)") { return problem }
                } else if let additional = keyword["additionalProperties"],
                          let problem = violation(member.value, against: additional, at: "\(path).\(member.key)") {
                    return problem
                }
            }
        }
        if case .array(let elements) = value {
            if case .number(let minimum)? = keyword["minItems"], Double(elements.count) < minimum { return "\(path): needs >= \(Int(minimum)) items" }
            if let items = keyword["items"] {
                for (index, element) in elements.enumerated() {
                    if let problem = violation(element, against: items, at: "\(path)[\(index)]") { return problem }
                }
            }
            if let contained = keyword["contains"], !elements.contains(where: { violation($0, against: contained, at: path) == nil }) {
                return "\(path): contains no item that matches contains"
            }
        }
        if case .array(let schemas)? = keyword["allOf"] {
            for schema in schemas { if let problem = violation(value, against: schema, at: path) { return problem } }
        }
        if case .array(let schemas)? = keyword["anyOf"], !schemas.contains(where: { violation(value, against: $0, at: path) == nil }) {
            return "\(path): matches none of anyOf"
        }
        if case .array(let schemas)? = keyword["oneOf"] {
            let matching = schemas.filter { violation(value, against: $0, at: path) == nil }.count
            if matching != 1 { return "\(path): matches \(matching) of oneOf, not exactly 1" }
        }
        if let negated = keyword["not"], violation(value, against: negated, at: path) == nil { return "\(path): matches a schema under not" }
        if let condition = keyword["if"], violation(value, against: condition, at: path) == nil, let consequence = keyword["then"],
           let problem = violation(value, against: consequence, at: path) {
            return problem
        }
        return nil
    }

    static let checkedKeywords: Set<String> = [
        "$ref", "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "properties", "required",
        "additionalProperties", "items", "minItems", "contains", "allOf", "anyOf", "oneOf", "not", "if", "then",
    ]

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/"), case .object(let members) = root,
              case .object(let definitions)? = members.first(where: { $0.key == "$defs" })?.value else { return nil }
        let name = reference.dropFirst("#/$defs/".count)
        return definitions.first { $0.key == name }?.value
    }

    private func matches(_ value: JSONValue, _ types: JSONValue) -> Bool {
        switch types {
        case .string(let type): return matches(value, type: type)
        case .array(let list): return list.contains { if case .string(let type) = $0 { matches(value, type: type) } else { false } }
        default: return false
        }
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return number.isFinite && number.rounded(.towardZero) == number
        default:
            return false
        }
    }

    private func describe(_ types: JSONValue) -> String {
        switch types {
        case .string(let type): type
        case .array(let list): list.compactMap { if case .string(let type) = $0 { type } else { nil } }.joined(separator: " or ")
        default: "?"
        }
    }

    private func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { equal($0.0, $0.1) }
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value, member.value) } }
        default: false
        }
    }
}
