// Where a section's columns sit across its width when they do not fill it (format v3).
/// Where a section's columns sit across its width when `maxColumnWidth` leaves them narrower
/// than the room between the insets (format v3, masonry.js's `fitWidth` in a centred container).
public enum ColumnAlignment: String, Sendable, CaseIterable {
    /// The columns start at the leading inset (the left one left to right, the right one right
    /// to left): format v2's positions, bit for bit.
    case leading
    /// Every column moves by half the room the columns leave between the insets, `offset =
    /// (((width - left) - right) - used) / 2` (<doc:LayoutArithmetic>), given with or without
    /// `maxColumnWidth`.
    case center
}
