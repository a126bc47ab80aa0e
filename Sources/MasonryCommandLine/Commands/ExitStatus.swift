// `masonry`'s exit statuses (a contract for scripts) and `CommandFailure`, a message with a status.
import MasonrySupport

/// The exit statuses of `masonry`, a contract for the scripts that call it.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// A check failed: a mismatch between engines, a performance regression.
    case checkFailed = 1
    /// Bad input or usage: an unreadable file, an invalid description, an unknown flag.
    case badInput = 2
}

/// A failure that ends a command with one line on stderr and an exit status.
package struct CommandFailure: UsageFailure, Sendable {
    package var status: ExitCode
    package var message: String

    package init(_ status: ExitCode, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The failure of a bad command line: `COMMAND: MESSAGE (see 'COMMAND --help')`, exit status 2.
    package static func usage(_ command: String, _ message: String) -> CommandFailure {
        CommandFailure(.badInput, "\(command): \(message) (see '\(command) --help')")
    }
}
