// The `FuzzForm` protocol: one form of `masonry fuzz`, chosen by the flag that selects it.
import MasonrySupport

/// One form of `masonry fuzz`, a command of its own chosen by its flag (`--replay`), or the
/// ordinary run, which has none. `FuzzCommand` picks the form and parses with its signature.
protocol FuzzForm: Command {
    /// The option whose presence chooses this form; nil for the run.
    static var selector: (any DeclaredOption)? { get }
}
