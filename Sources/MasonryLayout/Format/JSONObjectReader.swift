// JSONObjectReader: a JSON object's fields, typed, with errors naming their paths.
/// Typed access to one JSON object's fields, with errors that name the field's path.
package struct JSONObjectReader {
    let members: [(key: String, value: JSONValue)]
    let path: String

    package init(_ value: JSONValue, at path: String) throws(LayoutError) {
        guard case .object(let members) = value else {
            throw LayoutError(.wrongType, at: path, "must be an object, got \(value.typeName)")
        }
        self.members = members
        self.path = path
    }

    package func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func optional(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    package func required(_ key: String) throws(LayoutError) -> JSONValue {
        guard let value = optional(key) else {
            throw LayoutError(.missingField, at: fieldPath(key), "is required")
        }
        return value
    }

    func number(_ key: String) throws(LayoutError) -> Double {
        try number(key, value: required(key))
    }

    func number(_ key: String, default fallback: Double) throws(LayoutError) -> Double {
        guard let value = optional(key) else { return fallback }
        return try number(key, value: value)
    }

    private func number(_ key: String, value: JSONValue) throws(LayoutError) -> Double {
        guard case .number(let number) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be a number, got \(value.typeName)")
        }
        return number
    }

    /// An integral number (`2` or `2.0`); fractions, infinities and values beyond `Int` are refused.
    func integer(_ key: String) throws(LayoutError) -> Int {
        let value = try number(key)
        guard value.isFinite, value.rounded(.towardZero) == value, let integer = Int(exactly: value) else {
            throw LayoutError(.invalidValue, at: fieldPath(key), "must be an integer, got \(value)")
        }
        return integer
    }

    /// An integral number, or nil when the field is absent.
    func optionalInteger(_ key: String) throws(LayoutError) -> Int? {
        optional(key) == nil ? nil : try integer(key)
    }

    /// A boolean, or `fallback` when the field is absent.
    func boolean(_ key: String, default fallback: Bool) throws(LayoutError) -> Bool {
        guard let value = optional(key) else { return fallback }
        guard case .bool(let boolean) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be true or false, got \(value.typeName)")
        }
        return boolean
    }

    package func array(_ key: String) throws(LayoutError) -> [JSONValue] {
        let value = try required(key)
        guard case .array(let elements) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be an array, got \(value.typeName)")
        }
        return elements
    }

    func enumeration<Value: RawRepresentable & CaseIterable>(_ key: String) throws(LayoutError) -> Value?
    where Value.RawValue == String {
        guard let value = optional(key) else { return nil }
        let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        guard case .string(let text) = value else {
            throw LayoutError(.wrongType, at: fieldPath(key), "must be \(allowed), got \(value.typeName)")
        }
        guard let result = Value(rawValue: text) else {
            throw LayoutError(.invalidValue, at: fieldPath(key), "must be \(allowed), got \"\(text)\""
                              + NameSuggestion.didYouMean(text, among: Value.allCases.map(\.rawValue)))
        }
        return result
    }

    /// Refuses any field of this object that is not in `known`, the format's names at this level,
    /// suggesting the known field it is closest to (among those not given). Readers call it before
    /// reading any field, so that a misspelt field is named rather than the required field it
    /// leaves out. O(fields × known).
    package func refuseUnknownFields(allowing known: Set<String>) throws(LayoutError) {
        for member in members where !known.contains(member.key) {
            let given = Set(members.map(\.key))
            let suggestion = NameSuggestion.didYouMean(member.key, among: known.subtracting(given).sorted())
            throw LayoutError(.unknownField, at: fieldPath(member.key),
                              suggestion.isEmpty ? "is not a field of format v3 here" : "is not a field of format v3\(suggestion)")
        }
    }

    /// An array of item spans (`itemSpans`, an update's `spans`), or nil when the field is absent:
    /// each an integer >= 1 (`2.0` reads as 2) or `"full"`.
    func spans(_ key: String) throws(LayoutError) -> [ItemSpan]? {
        guard optional(key) != nil else { return nil }
        let values = try array(key)
        var spans: [ItemSpan] = []
        spans.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            let span: ItemSpan? = switch value {
            case .string("full"): .full
            case .number(let number): Int(exactly: number).map(ItemSpan.columns)
            default: nil
            }
            guard let span, span.isValid else {
                throw LayoutError(.invalidValue, at: "\(fieldPath(key))[\(index)]",
                                  "must be an integer >= 1 or \"full\", got \(value.sourceText)")
            }
            spans.append(span)
        }
        return spans
    }

    /// An array of numbers and `null`s (format v3's heights of items not measured yet): the
    /// numbers, 0 where null, and where the nulls are (nil when there is none).
    func measurements(_ key: String) throws(LayoutError) -> (numbers: [Double], nulls: [Bool]?) {
        let values = try array(key)
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        var nulls: [Bool]?
        for (index, value) in values.enumerated() {
            switch value {
            case .number(let number):
                numbers.append(number)
            case .null:
                if nulls == nil { nulls = Array(repeating: false, count: values.count) }
                nulls![index] = true
                numbers.append(0)
            default:
                throw LayoutError(.wrongType, at: "\(fieldPath(key))[\(index)]", "must be a number or null, got \(value.typeName)")
            }
        }
        return (numbers, nulls)
    }

    /// A length, or nil when the field is absent.
    func optionalNumber(_ key: String) throws(LayoutError) -> Double? {
        optional(key) == nil ? nil : try number(key)
    }

    /// An array of numbers, such as `itemHeights`.
    func numbers(_ key: String) throws(LayoutError) -> [Double] {
        let values = try array(key)
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .number(let number) = value else {
                throw LayoutError(.wrongType, at: "\(fieldPath(key))[\(index)]", "must be a number, got \(value.typeName)")
            }
            numbers.append(number)
        }
        return numbers
    }
}
