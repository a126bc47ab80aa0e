// ItemSpan: the columns one item covers (format field `itemSpans`).
/// How many columns an item covers (format field `itemSpans`): a count, or the full width.
///
/// A count larger than the section's column count, and `full`, cover every column: a banner
/// between photos, Compose's `FullLine`, Android's `setFullSpan`.
public enum ItemSpan: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// This many columns (at least 1; more than the section has means all of them).
    case columns(Int)
    /// Every column of the section.
    case full

    /// The span of an item that gives none.
    public static let single = ItemSpan.columns(1)

    @inlinable
    public init(integerLiteral value: Int) {
        self = .columns(value)
    }

    /// The columns covered in a section of `columnCount` columns: `k` in the layout arithmetic
    /// (<doc:LayoutArithmetic>), in `1...columnCount` for a valid span. O(1).
    @inlinable
    public func columnCount(in columnCount: Int) -> Int {
        switch self {
        case .columns(let count): min(count, columnCount)
        case .full: columnCount
        }
    }

    /// Whether the format accepts it: `full`, or a count of at least 1.
    var isValid: Bool {
        switch self {
        case .columns(let count): count >= 1
        case .full: true
        }
    }

    /// As the format writes it: `2` or `"full"`.
    public var description: String {
        switch self {
        case .columns(let count): "\(count)"
        case .full: "\"full\""
        }
    }
}
