// `VerificationSize`: how large the layouts of `masonry verify`'s matrix are.

/// How large the layouts of the verification matrix are (`masonry verify --suite`).
public enum VerificationSize: String, CaseIterable, Sendable {
    /// Seconds: 10,000-item layouts.
    case smoke
    /// 1,000,000-item layouts among smaller ones: the default.
    case standard
    /// Up to 10,000,000 items.
    case full
}
