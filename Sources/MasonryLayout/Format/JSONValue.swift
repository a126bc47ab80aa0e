// A parsed JSON document, its objects' members kept in document order.
/// A parsed JSON document, kept only as long as it takes to read a description from it.
///
/// Objects keep their members in document order so that error messages and round trips are stable.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The value as an error message quotes it: a number as written where it is an integer
    /// (`0`, `-1`, not `0.0`), otherwise in Swift's shortest form (`2.5`, `1e+300`); a string in
    /// quotes; other values by their type's name.
    var sourceText: String {
        switch self {
        case .number(let number): Int(exactly: number).map(String.init) ?? "\(number)"
        case .string(let text): "\"\(text)\""
        default: typeName
        }
    }

    /// The JSON type's name, for "must be a number, got a string" messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
