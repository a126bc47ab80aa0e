/// A parsed JSON document, kept only as long as it takes to read a description from it.
///
/// Objects keep their members in document order so that error messages and round trips are stable.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

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
