// Why a layout description, a JSON document or an update was refused, naming the offending field.
/// Why a layout description, a JSON document or an update was refused.
///
/// `path` names the offending field the way a user reads the JSON (`sections[3].columns`),
/// so one line of text is enough to find and fix it.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The class of problem, for code that reacts to errors rather than printing them.
    public enum Kind: String, Hashable, Sendable {
        /// The bytes are not JSON (or not UTF-8, or nested too deeply).
        case malformedJSON
        case missingField
        case unknownField
        case wrongType
        /// A value outside the field's range: NaN, an infinity, a negative size, a zero column count.
        case invalidValue
        /// Fields that are valid alone but not together (headers with `continueColumns`, say).
        case unsupportedCombination
        /// An update that names a section or item that does not exist.
        case indexOutOfRange
    }

    public var kind: Kind
    /// The field at fault, `""` for the document as a whole.
    public var path: String
    public var message: String

    public init(_ kind: Kind, at path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
