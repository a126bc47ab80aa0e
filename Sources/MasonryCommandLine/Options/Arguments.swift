// The command line of a `masonry` subcommand, as MasonrySupport's parser reads it.
import MasonrySupport

/// The parsed command line of one subcommand: MasonrySupport's parser, throwing the tool's
/// `CommandFailure` (exit status 2, one line naming the argument).
typealias Arguments = ParsedArguments<CommandFailure>
