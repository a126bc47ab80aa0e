// The bounds a description must stay within, so that no sum overflows and no index outgrows 32 bits.
/// The bounds a description must stay within, so that no sum in a layout can overflow to
/// infinity and no index can outgrow the optimized engine's 32-bit storage.
public enum LayoutLimits {
    /// Largest width, height, inset or spacing accepted, in points. With at most
    /// `maximumItemsPerSection` items a section's height stays below 1e25: finite.
    public static let maximumLength: Double = 1e15
    /// Most columns in one section.
    public static let maximumColumns = 1024
    /// Most items in one section (indices are stored as `UInt32`).
    public static let maximumItemsPerSection = Int(UInt32.max)
    /// Most sections in one layout.
    public static let maximumSections = Int(Int32.max)
}
