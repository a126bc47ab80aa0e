// `AnchorFollower`: how checks follow a scroll anchor through an update, and the library's follower.
import MasonryLayout

/// Follows a scroll anchor through an accepted update, given the description after it: the
/// anchor code under test, which the checker holds to the item-identity rule (`AnchorSteps`,
/// `ItemIdentities`). The library's `ScrollAnchor.adjusted(for:in:)` in production, a
/// deliberately broken one in the verifier's own tests.
package typealias AnchorFollower = @Sendable (ScrollAnchor, LayoutUpdate, LayoutDescription) -> ScrollAnchor?

/// The follower that ships: `ScrollAnchor.adjusted(for:in:)`.
package let libraryAnchorFollower: AnchorFollower = { anchor, update, description in anchor.adjusted(for: update, in: description) }
